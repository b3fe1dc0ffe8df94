import { GENERIC_ERROR_CODES } from '@preloved/contract';
import { i18n } from '../i18n';

/**
 * The one place the storefront turns an API error into a sentence: the answer's `code` (with its
 * `params`) translated from the shared catalogue of error codes (i18n `validation.<code>`, en and pt,
 * every code of @preloved/contract's ERROR_CODES). Never matches the English `message`: a body with no
 * code we know (or only a generic one, GENERIC_ERROR_CODES, with a message) answers null, and the
 * caller falls back to the message or its own sentence.
 */
export function errorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { code, params, message } = body as { code?: unknown; params?: unknown; message?: unknown };
  if (typeof code !== 'string' || !knownCode(code)) return null;
  // A generic code (a refusal that named none) says less than its message: the message is shown.
  if ((GENERIC_ERROR_CODES as readonly string[]).includes(code) && typeof message === 'string' && message.trim()) return null;
  const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  return i18n.t(`validation.${code}`, { ns: 'common', ...values });
}

/** True when the shared catalogue translates `code`. */
export function knownCode(code: string): boolean {
  return i18n.exists(`validation.${code}`, { ns: 'common' });
}

/** The sentence of an error answer: its code translated (errorText), else its `message` as sent. */
export async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return errorText(body) ?? (typeof body.message === 'string' ? body.message : '');
  } catch {
    return '';
  }
}
