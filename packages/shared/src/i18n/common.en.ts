// Strings used by more than one app: validation messages (spec §5, keys as the spec names them),
// the error catalogue, and generic words.
const en = {
  validation: {
    no_email: 'Please enter your email address.',
    invalid_email: 'Invalid email address.',
    no_password: 'Please enter your password.',
    password_rules:
      'Use 8 to 30 characters with at least one lowercase letter, one uppercase letter, one number and one special character.',
    password_not_match: 'The password does not match.',
    no_name: 'Please enter your name.',
    too_long: 'Use at most 50 characters.',
    incorret_combination: 'Incorrect combination of user name and password',
    no_first_name: 'Please enter your first name.',
    no_last_name: 'Please enter your last name.',
    no_phone: 'Please enter your phone number.',
    no_iban: 'Please enter your IBAN.',
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
  },
  errors: {
    unexpected: 'Unexpected Application Error!',
    remoteFailed: 'This part of the store could not be loaded.',
    retry: 'Try again',
    backHome: 'Back to the home page',
    network: 'We could not reach the store. Check your connection and try again.',
  },
  common: {
    loading: 'Loading…',
    close: 'Close',
    back: 'Back',
    comingSoon: 'Coming soon',
    comingSoonText: 'This part of the store is being built. Meanwhile, have a look at what is already here.',
    browseAll: 'Browse all items',
  },
};
export default en;
export type CommonResources = typeof en;
