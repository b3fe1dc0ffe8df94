import { describeError, i18n, refusedFields, retryAfterMinutes } from '@preloved/shared';

export interface Refusal {
  /** Message keys by wire field name (422 `fields`, or a field's key sent as the `message`). */
  fields: Record<string, string>;
  /** A sentence for the form as a whole, in the user's language. */
  text: string;
}

const knownKey = (key: string) => i18n.exists(`validation.${key}`, { ns: 'common' });

/** What the account pages show for a failed call: field messages by key, else one translated sentence. */
export async function readRefusal(failure: unknown, keyFields: Record<string, string> = {}): Promise<Refusal> {
  const minutes = retryAfterMinutes(failure);
  if (minutes !== null) return { fields: {}, text: i18n.t('errors.tooManyAttempts', { ns: 'account', count: minutes }) };
  const fields = refusedFields(failure);
  const { message } = await describeError(failure);
  const text = message.replace(/"/g, '').trim();
  // A refusal sent as a bare key ('current_password_wrong', 'no_new_password', ...) belongs to a field.
  const field = keyFields[text];
  if (field) fields[field] ??= text;
  if (Object.keys(fields).length > 0) return { fields, text: '' };
  if (knownKey(text)) return { fields, text: i18n.t(`validation.${text}`, { ns: 'common' }) };
  return { fields, text: text || i18n.t('errors.generic', { ns: 'account' }) };
}

/** A field's message key in the user's language: the shared validation catalogue, else the account's own. */
export function messageFor(key: string | null | undefined): string | null {
  if (!key) return null;
  if (knownKey(key)) return i18n.t(`validation.${key}`, { ns: 'common' });
  return i18n.t(`errors.${key}`, { ns: 'account' });
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
