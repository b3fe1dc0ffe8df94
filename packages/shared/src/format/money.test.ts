import { formatPrice } from './money';

describe('prices', () => {
  it('are euros with 2 decimals in the reader’s language', () => {
    expect(formatPrice(12.5, 'en')).toBe('€12.50');
    expect(formatPrice(12.5, 'pt')).toMatch(/^12,50\s€$/);
  });
});
