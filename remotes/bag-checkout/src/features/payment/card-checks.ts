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
 * is MM/YY (or MM/YYYY); a card is valid through the last day of its month.
 */
export function checkCard(fields: CardFields, now = new Date()): { problems: Partial<Record<keyof CardFields, string>>; card?: ParsedCard } {
  const problems: Partial<Record<keyof CardFields, string>> = {};
  const number = fields.number.replace(/[\s-]/g, '');
  if (!number) problems.number = 'no_card_number';
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) problems.number = 'invalid_card_number';

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(fields.expiry);
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
