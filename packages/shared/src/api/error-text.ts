import { i18n } from '../i18n';

/**
 * The one place the storefront turns an API error into a sentence: the answer's `code` (with its
 * `params`) translated from the shared catalogue of error codes (i18n `validation.<code>`, en and pt,
 * every code of @preloved/contract's ERROR_CODES). Never matches the English `message`: a body with no
 * code we know answers null, and the caller falls back to its own sentence.
 */
export function errorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { code, params } = body as { code?: unknown; params?: unknown };
  if (typeof code !== 'string' || !knownCode(code)) return null;
  const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  return i18n.t(`validation.${code}`, { ns: 'common', ...values });
}

/** True when the shared catalogue translates `code`. */
export function knownCode(code: string): boolean {
  return i18n.exists(`validation.${code}`, { ns: 'common' });
}
