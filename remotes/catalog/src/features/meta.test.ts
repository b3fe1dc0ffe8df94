import type { ProductResponse } from '@preloved/contract';
import { i18n } from '@preloved/shared';
import '../i18n';
import { productMeta } from './meta';

const found = {
  product: { title: 'Linen dress', description: 'A summer dress.', category: 'Dresses', original_price: 120 },
  variant: { O1Child: 'Sand', photo: '/dress.svg', listings_count: 2 },
  listings: [
    { number: 'L1', price: 25, currency_symb_code: 'EUR', photos: [], FirstName: 'Rui' },
    { number: 'L2', price: 1234.5, currency_symb_code: 'EUR', photos: [], FirstName: 'Ana' },
  ],
} as unknown as ProductResponse;

describe("a product page's description for search engines and link previews", () => {
  it('names the cheapest piece in the page’s language, while its structured data keeps plain decimals', async () => {
    const pt = await i18n.cloneInstance({ lng: 'pt' });
    const meta = productMeta({ product: found }, (key, options = {}) => pt.t(key, options) as string, 'pt');
    expect(meta.description).toMatch(/desde 25,00\s€/);
    expect(JSON.stringify(meta.jsonLd)).toContain('"lowPrice":"25.00","highPrice":"1234.50"');
    const en = productMeta({ product: found }, (key, options) => i18n.t(key, { ...options, lng: 'en' }) as string, 'en');
    expect(en.description).toContain('from €25.00');
  });
});
