import { i18n, isFieldKey } from '../i18n';
import { describeError, HTTPError } from './client';

export { errorText } from './error-text';

/**
 * The per-field message keys of a 422 validation answer (`fields: [{ field, key }]`), by wire field
 * name, keeping only the field keys of validation (@preloved/contract's VALIDATION_MESSAGES, which the
 * shared catalogue translates); the first key of a field wins.
 */
export function refusedFields(failure: unknown): Record<string, string> {
  if (!(failure instanceof HTTPError)) return {};
  // ky has read the body into `data` already.
  const body = failure.data as { fields?: unknown } | undefined;
  const out: Record<string, string> = {};
  for (const entry of Array.isArray(body?.fields) ? (body.fields as Array<{ field?: unknown; key?: unknown }>) : []) {
    if (typeof entry.field === 'string' && typeof entry.key === 'string' && isFieldKey(entry.key) && knownKey(entry.key)) {
      out[entry.field] ??= entry.key;
    }
  }
  return out;
}

/**
 * For a 429 answer, the minutes to wait before trying again (Retry-After rounded up, 15 when the
 * header is missing); null for any other failure.
 */
export function retryAfterMinutes(failure: unknown): number | null {
  if (!(failure instanceof HTTPError) || failure.response.status !== 429) return null;
  const seconds = Number(failure.response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
}

const knownKey = (key: string) => i18n.exists(`validation.${key}`, { ns: 'common' });

/**
 * A message key in the user's language: the shared catalogue first, else `errors.<key>` of the app's
 * own namespace (e.g. the account's 'current_password_wrong'); null for no key.
 */
export function messageFor(key: string | null | undefined, ns?: string): string | null {
  if (!key) return null;
  if (knownKey(key)) return i18n.t(`validation.${key}`, { ns: 'common' });
  if (ns && i18n.exists(`errors.${key}`, { ns })) return i18n.t(`errors.${key}`, { ns });
  return key;
}

export interface Refusal {
  /** Message keys by wire field name (422 `fields`, or a field's key sent as the `message`). */
  fields: Record<string, string>;
  /** A sentence for the form as a whole, in the user's language; empty when the fields say it all. */
  text: string;
}

/**
 * What a form shows for a failed call (spec §8), the same in every app: too many attempts, the
 * fields' message keys, else the answer's code translated (errorText), else the server's message,
 * else the generic sentence. `keyFields` maps a code ('current_password_wrong', also sent as the
 * message) to the field it belongs to.
 */
export async function readRefusal(failure: unknown, keyFields: Record<string, string> = {}): Promise<Refusal> {
  const minutes = retryAfterMinutes(failure);
  if (minutes !== null) return { fields: {}, text: i18n.t('errors.tooManyAttempts', { ns: 'common', count: minutes }) };
  const fields = refusedFields(failure);
  const { message, code } = await describeError(failure);
  const text = code ? message.trim() : message.replace(/"/g, '').trim();
  const key = code && keyFields[code] ? code : text;
  const field = keyFields[key];
  if (field) fields[field] ??= key;
  if (Object.keys(fields).length > 0) return { fields, text: '' };
  return { fields, text: (knownKey(text) ? i18n.t(`validation.${text}`, { ns: 'common' }) : text) || i18n.t('errors.generic', { ns: 'common' }) };
}

/** One sentence for a failed call, for forms that show a single message: the first field's, or the refusal's. */
export async function refusalText(failure: unknown, fallback?: string): Promise<string> {
  const refusal = await readRefusal(failure);
  const [firstKey] = Object.values(refusal.fields);
  if (firstKey) return messageFor(firstKey) ?? refusal.text;
  if (fallback && !(await describeError(failure)).message.trim()) return fallback;
  return refusal.text;
}

/** A refusal's field keys (by wire name) under the form's own field names; the first key of a field wins. */
export function fieldsByName<Name extends string>(fields: Record<string, string>, wireFields: Record<string, Name>): Partial<Record<Name, string>> {
  const named: Partial<Record<Name, string>> = {};
  for (const [wire, key] of Object.entries(fields)) {
    const name = wireFields[wire];
    if (name) named[name] ??= key;
  }
  return named;
}

/**
 * The pieces a checkout call says were lost (409 `lost: [{ listing_id, title }]`: sold to someone
 * else or withdrawn; nothing was charged); empty for any other failure.
 */
export function lostPieces(failure: unknown): { listing_id: number; title: string }[] {
  if (!(failure instanceof HTTPError) || failure.response.status !== 409) return [];
  const body = failure.data as { lost?: unknown } | undefined;
  return (Array.isArray(body?.lost) ? (body.lost as Array<{ listing_id?: unknown; title?: unknown }>) : []).flatMap((piece) =>
    typeof piece.listing_id === 'number' && typeof piece.title === 'string' ? [{ listing_id: piece.listing_id, title: piece.title }] : [],
  );
}
