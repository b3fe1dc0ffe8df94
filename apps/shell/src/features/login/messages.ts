import { describeError, HTTPError, i18n } from '@preloved/shared';

/** A problem of one field: a message key of the validation catalogue (spec §5), translated where shown. */
export type FieldErrors<Name extends string> = Partial<Record<Name, string | null>>;

// Refusals the API words as sentences (packages/contract customers.ts) and the store translates.
// They are repeated here rather than imported so the contract's zod schemas stay out of the browser.
const KNOWN_SENTENCES: Record<string, string> = {
  'An account with this email already exists.': 'login.errors.emailTaken',
};

/** The words of a server message in the user's language: a known key or sentence, else as sent. */
export function translateMessage(message: string): string {
  const text = message.trim();
  if (!text) return '';
  if (i18n.exists(`validation.${text}`, { ns: 'common' })) return i18n.t(`validation.${text}`, { ns: 'common' });
  const known = KNOWN_SENTENCES[text];
  return known ? i18n.t(known, { ns: 'shell' }) : text;
}

/**
 * The text of an API refusal the panel shows itself (spec §8), in the user's language where the store
 * knows it: too many attempts, a field's message key, a known key or sentence; otherwise the server's
 * message with quotes stripped; a generic sentence when there is none.
 */
export async function failureText(failure: unknown, fallbackKey: string): Promise<string> {
  if (failure instanceof HTTPError && failure.response.status === 429) {
    const seconds = Number(failure.response.headers.get('Retry-After'));
    const count = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
    return i18n.t('login.errors.tooManyAttempts', { ns: 'shell', count });
  }
  const [firstKey] = Object.values(fieldKeys(failure));
  if (firstKey) return i18n.t(`validation.${firstKey}`, { ns: 'common' });
  const { message } = await describeError(failure);
  return translateMessage(message.replace(/"/g, '')) || i18n.t(fallbackKey, { ns: 'shell' });
}

/** The per-field message keys of a 422 validation answer (`fields: [{ field, key }]`), if any. */
export function fieldKeys(failure: unknown): Record<string, string> {
  if (!(failure instanceof HTTPError)) return {};
  // ky has read the body into `data` already.
  const body = failure.data as { fields?: unknown } | undefined;
  const out: Record<string, string> = {};
  for (const entry of Array.isArray(body?.fields) ? (body.fields as Array<{ field?: unknown; key?: unknown }>) : []) {
    if (typeof entry.field === 'string' && typeof entry.key === 'string' && i18n.exists(`validation.${entry.key}`, { ns: 'common' })) {
      out[entry.field] ??= entry.key;
    }
  }
  return out;
}

/** Focus the first field that has a problem, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(fields: ReadonlyArray<readonly [unknown, HTMLInputElement | null]>): void {
  fields.find(([problem]) => Boolean(problem))?.[1]?.focus();
}
