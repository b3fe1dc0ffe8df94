// The field keys of the seller's DAC7 tax data (PUT /api/seller/tax): only a seller at /user/tax-data
// meets them, so they are codes of the one catalogue (ERROR_MESSAGES, ./errors.ts) kept out of the
// shoppers' pages' English catalogue, like ./trader-messages.ts; the seller remote adds their English,
// and their Portuguese is in the shared catalogue.
export const TAX_MESSAGES = {
  no_tax_kind: 'Please say whether you sell as a private person or as a business.',
  no_birth_date: 'Please enter your date of birth.',
  invalid_birth_date: 'Please enter a real date of birth, like 1990-04-25: you must be at least 16.',
  no_tin: 'Please enter your tax identification number.',
  no_tin_country: 'Please choose the country that issued your tax number.',
  invalid_tin_pt: 'A Portuguese NIF has 9 digits and a valid check digit, like 123456789.',
  invalid_tin_es: 'A Spanish NIF or NIE is 8 digits and a letter (12345678Z) or X, Y or Z, 7 digits and a letter (X1234567L), with the right letter.',
  invalid_tin: 'A tax number has 4 to 20 letters and digits.',
  no_tax_business_name: "Please enter your business's registered name.",
  no_tax_registration_number: 'Please enter your trade register number.',
  no_tax_vat_number: 'Please enter your VAT number.',
  invalid_vat_number: 'A VAT number is the country’s 2 letters and 2 to 13 letters and digits, like PT501964843.',
} as const;
