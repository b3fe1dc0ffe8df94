import { luhnValid } from '@preloved/contract';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export interface ParsedCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/**
 * The card's problems by field, as the shared catalogue's keys, or the card ready to send. Expiry
 * is MM/YY or MM/YYYY, with or without the slash and spaces (a phone's numeric keypad has no "/":
 * "1229", "12/29" and "12 / 2029" are the same date); a card is valid through the last day of its month.
 */
export function checkCard(fields: CardFields, now = new Date()): { problems: Partial<Record<keyof CardFields, string>>; card?: ParsedCard } {
  const problems: Partial<Record<keyof CardFields, string>> = {};
  const number = fields.number.replace(/[\s-]/g, '');
  if (!number) problems.number = 'no_card_number';
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) problems.number = 'invalid_card_number';

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(fields.expiry) ?? /^\s*(\d{2})(\d{2}|\d{4})\s*$/.exec(fields.expiry);
  const month = expiry ? Number(expiry[1]) : NaN;
  const year = expiry ? (expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : NaN;
  if (!expiry || month < 1 || month > 12) problems.expiry = 'invalid_expiry';
  else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) problems.expiry = 'card_expired';

  const cvc = fields.cvc.trim();
  if (!cvc) problems.cvc = 'no_cvc';
  else if (!/^\d{3,4}$/.test(cvc)) problems.cvc = 'invalid_cvc';

  if (Object.keys(problems).length > 0) return { problems };
  return { problems, card: { number, exp_month: month, exp_year: year, cvc } };
}

/**
 * The card number as it is typed, in the groups printed on the card (4-6-5 for American Express,
 * fours otherwise), at most 19 digits; anything but digits is dropped.
 */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  if (/^3[47]/.test(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The expiry as it is typed on a numeric keypad, with the slash put in for the shopper: "1" stays,
 * "4" becomes "04/", "12" becomes "12/" (unless the shopper just deleted that slash), "1229"
 * becomes "12/29", "122029" "12/2029". `previous` is the field's value before this keystroke.
 */
export function formatExpiry(typed: string, previous = ''): string {
  let digits = typed.replace(/\D/g, '').slice(0, 6);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 6);
  const deleting = typed.length < previous.length;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && !deleting) return `${digits}/`;
  return digits;
}
