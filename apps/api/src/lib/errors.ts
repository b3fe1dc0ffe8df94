// Validation keys (the spec's §5 message keys, used by the contract's zod schemas) as sentences for
// API answers; the storefront translates the keys itself.
const SENTENCES: Record<string, string> = {
  no_email: 'Please enter your email address.',
  invalid_email: 'Invalid email address.',
  no_password: 'Please enter your password.',
  password_rules: 'The password needs 8 to 30 characters with a lowercase letter, an uppercase letter, a digit and a special character.',
  password_not_match: 'The password does not match.',
  no_name: 'Please enter your name.',
  too_long: 'Use at most 50 characters.',
  incorret_combination: 'Incorrect combination of user name and password',
  no_first_name: 'Please enter your first name.',
  no_last_name: 'Please enter your last name.',
  no_current_password: 'Please enter your current password.',
  no_new_password: 'Please enter a new password.',
  no_confirm_password: 'Please confirm the new password.',
  email_taken: 'An account with this email already exists.',
  invalid_characters: 'This contains characters that cannot be used.',
};

export function sentenceFor(key: string, field: string): string {
  return SENTENCES[key] ?? (field && !key.toLowerCase().startsWith(field.toLowerCase()) ? `${field}: ${key}` : key);
}

/** An error the routes throw on purpose: its status and message reach the client as they are. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public fields?: { field: string; key: string }[],
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
