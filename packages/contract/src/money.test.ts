import { formatMoney, formatMoneyRange } from './money';

describe('money for a reader', () => {
  it('is euros with 2 decimals in the reader’s language', () => {
    expect(formatMoney(12.5, 'en')).toBe('€12.50');
    expect(formatMoney(12.5, 'pt')).toMatch(/^12,50\s€$/);
    expect(formatMoney(5000, 'en')).toBe('€5,000.00');
    expect(formatMoney(23.2, 'pt')).toMatch(/^23,20\s€$/);
  });

  it('holds a minus sign to an amount taken off, so a phone never wraps it alone', () => {
    expect(formatMoney(10, 'en', { minus: true })).toBe('\u2212\u2060€10.00');
    expect(formatMoney(-4, 'pt', { minus: true })).toMatch(/^\u2212\u20604,00\s€$/);
  });

  it('names one amount when a range’s ends agree to the cent, else both', () => {
    expect(formatMoneyRange(28, 28.001, 'en')).toBe('€28.00');
    expect(formatMoneyRange(28.5, 91, 'pt')).toMatch(/^28,50\s€ – 91,00\s€$/);
  });
});
