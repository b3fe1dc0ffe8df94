import { describeError, i18n, refusedFields, retryAfterMinutes } from '@preloved/shared';

/** The words of a server message in the user's language: a known message key, else as sent. */
export function translateMessage(message: string): string {
  const text = message.trim();
  if (!text) return '';
  if (i18n.exists(`validation.${text}`, { ns: 'common' })) return i18n.t(`validation.${text}`, { ns: 'common' });
  return text;
}

/**
 * The text of an API refusal the panel shows itself (spec §8), in the user's language where the store
 * knows it: too many attempts, a field's message key, a known key or sentence; otherwise the server's
 * message with quotes stripped; a generic sentence when there is none.
 */
export async function failureText(failure: unknown, fallbackKey: string): Promise<string> {
  const minutes = retryAfterMinutes(failure);
  if (minutes !== null) return i18n.t('login.errors.tooManyAttempts', { ns: 'shell', count: minutes });
  const [firstKey] = Object.values(refusedFields(failure));
  if (firstKey) return i18n.t(`validation.${firstKey}`, { ns: 'common' });
  const { message } = await describeError(failure);
  return translateMessage(message.replace(/"/g, '')) || i18n.t(fallbackKey, { ns: 'shell' });
}
