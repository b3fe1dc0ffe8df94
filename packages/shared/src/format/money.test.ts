import { formatMinus, formatPrice } from './money';

describe('prices', () => {
  it('are euros with 2 decimals in the reader’s language', () => {
    expect(formatPrice(12.5, 'en')).toBe('€12.50');
    expect(formatPrice(12.5, 'pt')).toMatch(/^12,50\s€$/);
  });

  it('hold a minus sign to its amount, so a phone never wraps it alone', () => {
    expect(formatMinus(10, 'en')).toBe('\u2212\u2060€10.00');
    expect(formatMinus(4, 'pt')).toMatch(/^\u2212\u20604,00\s€$/);
  });
});
