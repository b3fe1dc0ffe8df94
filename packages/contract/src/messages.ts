// The store's validation and refusal messages in English, by the keys the API sends (spec §5 names
// most of them). Written once: @preloved/shared's i18n uses them as the English catalogue (and types
// the Portuguese one by their keys), and the API's answers carry the same sentence as `message`.
// Plain data, no i18n library, so the API can import it without pulling in browser code.
export const VALIDATION_MESSAGES = {
  no_email: 'Please enter your email address.',
  invalid_email: 'Invalid email address.',
  no_password: 'Please enter your password.',
  password_rules:
    'Use 8 to 30 characters with at least one lowercase letter, one uppercase letter, one number and one special character.',
  password_not_match: 'The password does not match.',
  no_name: 'Please enter your name.',
  invalid_characters: 'This contains characters that cannot be used.',
  too_long: 'Use at most 50 characters.',
  incorret_combination: 'Incorrect combination of user name and password',
  no_first_name: 'Please enter your first name.',
  no_last_name: 'Please enter your last name.',
  no_phone: 'Please enter your phone number.',
  no_iban: 'Please enter your IBAN.',
  invalid_iban: 'Please enter a valid IBAN.',
  no_current_password: 'Please enter your current password.',
  no_new_password: 'Please enter a new password.',
  no_confirm_password: 'Please confirm your new password.',
  no_address: 'Please enter your address.',
  no_zip: 'Please enter your ZIP code.',
  no_city: 'Please enter your city.',
  no_country: 'Please choose your country.',
  no_zip_or_country: 'Please enter your ZIP code or country.',
  no_discount_code: 'Please enter a valid discount code.',
  invalid_discount_code: 'Discount code is not valid.',
  no_delivery_option: 'Please choose one delivery option.',
  no_delivery_address: 'Please add a delivery address.',
  email_taken: 'An account with this email already exists.',
  invalid_phone: 'Please enter a valid phone number.',
  invalid_country: 'Please choose a country from the list.',
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
  no_product: 'Please choose the piece you are selling.',
  no_colour: 'Please choose a colour.',
  no_size: 'Please choose a size.',
  no_condition: 'Please choose the condition.',
  comment_too_long: 'Use at most 500 characters.',
  photos_count: 'Add 2 to 4 photos.',
  invalid_photo: 'This photo could not be used. Please upload it again.',
  photo_too_large: 'This photo is larger than 10 MB.',
  photo_not_image: 'This file is not a JPEG, PNG, WebP or HEIC photo.',
  photo_too_many_pixels: 'This photo has too many pixels.',
  no_price: 'Please enter a price.',
  price_out_of_bounds: 'The price must be between 5 € and 5000 €.',
  no_min_price: 'Please enter a minimum price.',
  min_price_out_of_bounds: 'The minimum price must be between 5 € and 5000 €.',
  min_price_above_price: 'The minimum price cannot be higher than the price.',
  invalid_status: 'Choose active or archived.',
} as const;

export type MessageKey = keyof typeof VALIDATION_MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, key);
}
