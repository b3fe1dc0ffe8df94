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
  no_phone: 'Please enter your phone number.',
  invalid_phone: 'Please enter a valid phone number.',
  no_address: 'Please enter your address.',
  no_zip: 'Please enter your ZIP code.',
  no_city: 'Please enter your city.',
  no_country: 'Please choose your country.',
  invalid_country: 'Please choose a country from the list.',
  no_discount_code: 'Please enter a valid discount code.',
  invalid_discount_code: 'Discount code is not valid.',
  no_delivery_option: 'Please choose one delivery option.',
  no_delivery_address: 'Please add a delivery address.',
  no_pickup_point: 'Please choose a pickup point.',
  no_card_number: 'Please enter your card number.',
  invalid_card_number: 'Please enter a valid card number.',
  invalid_expiry: 'Please enter a valid expiry date.',
  card_expired: 'Your card has expired.',
  no_cvc: 'Please enter the security code.',
  invalid_cvc: 'Please enter a valid security code.',
  no_rating: 'Please rate your purchase.',
  invalid_rating: 'Rate your purchase from 1 to 5.',
  no_tracking_number: 'Please enter the tracking number.',
  invalid_tracking_number: 'A tracking number has letters, digits, spaces and dashes only.',
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
    /** More of the answer's body (the lost pieces of a 409). */
    public extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** A 422 naming one field and its message key, as schema validation answers. */
export const fieldError = (field: string, key: string) => new HttpError(422, sentenceFor(key, field), [{ field, key }]);
