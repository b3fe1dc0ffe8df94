// Prices are euros with 2 decimals (spec §1, §9), in the reader's language.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: string, currency: string): Intl.NumberFormat {
  const key = `${language}:${currency}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(language === 'pt' ? 'pt-PT' : 'en-IE', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, found);
  }
  return found;
}

export function formatPrice(amount: number, language = 'en', currency = 'EUR'): string {
  return formatter(language, currency).format(amount);
}

/** One price when min and max agree, otherwise "min – max". */
export function formatPriceRange(min: number, max: number, language = 'en', currency = 'EUR'): string {
  if (Math.abs(max - min) < 0.005) return formatPrice(min, language, currency);
  return `${formatPrice(min, language, currency)} – ${formatPrice(max, language, currency)}`;
}
