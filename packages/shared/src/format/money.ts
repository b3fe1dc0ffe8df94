import { numberFormat } from '@preloved/contract';

// Prices are euros with 2 decimals (spec §1, §9), in the reader's language.
const formatter = (language: string, currency: string) =>
  numberFormat(language === 'pt' ? 'pt-PT' : 'en-IE', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPrice(amount: number, language = 'en', currency = 'EUR'): string {
  return formatter(language, currency).format(amount);
}

/** One price when min and max agree, otherwise "min – max". */
export function formatPriceRange(min: number, max: number, language = 'en', currency = 'EUR'): string {
  if (Math.abs(max - min) < 0.005) return formatPrice(min, language, currency);
  return `${formatPrice(min, language, currency)} – ${formatPrice(max, language, currency)}`;
}
