import { numberFormat } from '@preloved/contract';

// Prices are euros with 2 decimals (spec §1, §9), in the reader's language.
const formatter = (language: string, currency: string) =>
  numberFormat(language === 'pt' ? 'pt-PT' : 'en-IE', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPrice(amount: number, language = 'en', currency = 'EUR'): string {
  return formatter(language, currency).format(amount);
}

/**
 * An amount taken off ("−€10.00"), its minus sign held to the amount by a word joiner: on a phone
 * the sign wrapped alone to the end of a line (issue 43).
 */
export function formatMinus(amount: number, language = 'en', currency = 'EUR'): string {
  return `\u2212\u2060${formatPrice(Math.abs(amount), language, currency)}`;
}

/** One price when min and max agree, otherwise "min – max". */
export function formatPriceRange(min: number, max: number, language = 'en', currency = 'EUR'): string {
  if (Math.abs(max - min) < 0.005) return formatPrice(min, language, currency);
  return `${formatPrice(min, language, currency)} – ${formatPrice(max, language, currency)}`;
}
