// What a message may not carry: a way to deal outside the store, where Buyer Protection does not
// reach (Vinted masks the same). E-mail addresses, phone numbers (9 digits or more, spaced or not,
// with or without +351 or 00351), IBANs, and links to payment or chat services are replaced by
// MASK; the thread tells both parties why. Digits glued to letters (a tracking number, RR123456785PT)
// and short numbers (a size, a price, a year) stay.

export const MASK = '•••';

const PATTERNS: RegExp[] = [
  // An e-mail address, and one spelled out to slip past a filter ("rita at example dot com").
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu,
  /[\p{L}\p{N}._%+-]+\s*(?:\(at\)|\[at\]|\sat\s)\s*[\p{L}\p{N}-]+(?:\s*(?:\(dot\)|\[dot\]|\sdot\s)\s*[\p{L}\p{N}-]+)+/giu,
  // A link to a payment or chat service, with or without its scheme.
  /(?<![\p{L}\p{N}.])(?:https?:\/\/)?(?:www\.)?(?:paypal\.(?:me|com)|revolut\.me|wise\.com|venmo\.com|cash\.app|mbway\.pt|wa\.me|api\.whatsapp\.com|whatsapp\.com|t\.me|telegram\.me|m\.me|bit\.ly|tinyurl\.com)(?:\/[^\s]*[^\s.,;:!?)])?/giu,
  // An IBAN: two capitals, two check digits, then 11 to 30 capitals and digits, spaced in fours or not
  // (one in small letters still has its long run of digits, masked below).
  /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?:\s?[A-Z0-9]){11,30}(?![\p{L}\p{N}])/gu,
];
// A run of digits with spaces, dots, dashes or brackets between them, not glued to a letter or digit.
const NUMBER_RUN = /(?<![\p{L}\p{N}])(?:\+|00)?\d(?:[\s.()-]{0,2}\d){7,}(?![\p{L}\p{N}])/gu;
const PHONE_DIGITS = 9;

/** The text with what would take the deal outside the store masked, and whether anything was. */
export function maskContacts(text: string): { text: string; masked: boolean } {
  let masked = false;
  let out = text;
  for (const pattern of PATTERNS) {
    out = out.replace(pattern, () => {
      masked = true;
      return MASK;
    });
  }
  out = out.replace(NUMBER_RUN, (run) => {
    if (run.replace(/\D/g, '').length < PHONE_DIGITS) return run;
    masked = true;
    return MASK;
  });
  return { text: out, masked };
}
