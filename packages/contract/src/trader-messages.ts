// The field keys of the trader declaration (DSA Art. 30, PUT /api/seller/trader): only a seller at
// /user/onboarding meets them, so they are codes of the one catalogue (ERROR_MESSAGES, ./errors.ts)
// kept out of the shoppers' pages' English catalogue, like ./team-messages.ts; the seller remote adds
// their English, and their Portuguese is in the shared catalogue.
export const TRADER_MESSAGES = {
  no_trader_kind: 'Please say whether you sell as a private person or as a business.',
  no_business_name: "Please enter your business's registered name.",
  no_registration_number: 'Please enter your trade register number.',
  no_vat_number: 'Please enter your VAT number.',
  invalid_vat_number_pt: 'A Portuguese VAT number is PT and 9 digits, like PT501964843.',
  invalid_vat_number_es: 'A Spanish VAT number is ES and 9 letters or digits, like ESB12345678.',
  trader_self_certification: 'Please confirm that you only offer products that comply with EU law.',
} as const;
