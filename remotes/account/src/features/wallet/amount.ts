import type { AmountBounds } from '@preloved/contract';

/**
 * An amount typed in euros ("12,50" or "12.50") as a number, or the message key of its problem, in
 * the API's order: missing, malformed (not above zero, more than 2 decimals), outside the bounds,
 * above the available credit. The API checks the same again.
 */
export function checkAmount(text: string, bounds: AmountBounds, available: number): { amount: number } | { key: string } {
  const value = text.trim().replace(/\s/g, '').replace(',', '.');
  if (value === '') return { key: 'no_amount' };
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return { key: 'invalid_amount' };
  const amount = Number(value);
  if (amount <= 0) return { key: 'invalid_amount' };
  if (amount < bounds.min) return { key: 'amount_too_low' };
  if (amount > bounds.max) return { key: 'amount_too_high' };
  if (Math.round(amount * 100) > Math.round(available * 100)) return { key: 'insufficient_credit' };
  return { amount };
}
