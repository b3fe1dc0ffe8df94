import type { ListingOffer, ProductResponse } from '@preloved/contract';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { screen, within } from '@testing-library/react';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import { checkClaim } from '../../../../../tools/test-support/check-claims';
import '../../i18n';
import { ProductPage, productLoader } from './ProductPage';

// A fee must buy what it names (issue 48): the product page's Buyer Protection sentence says the piece
// is checked against its listing only in a store that checks it (the brand's details: verification).

const piece: ListingOffer = {
  listing_id: 2,
  number: 'L2',
  product_child_id: 102,
  condition_id: 2,
  condition: 'Like new',
  condition_description: 'Worn once.',
  O2Child: 'L',
  price: 95,
  comment: '',
  photos: ['/api/assets/photos/coat/camel/2.svg'],
  date: '2026-10-01T00:00:00Z',
  FirstName: 'Rui',
  CustomerID: 50,
  verified: false,
  seller_rating: { average: 4.7, count: 12 },
  currency_symb_code: 'EUR',
  buyer_protection: 5.45,
  buyer_price: 100.45,
};
const variant = { product_variant_id: 30, O1Child: 'Camel', hex: '#c19a6b', photo: '/api/assets/photos/coat/camel/1.svg', listings_count: 1 };
const product: ProductResponse = {
  product: { product_id: 3, title: 'Wool coat', description: 'A warm coat.', gender: 'women', category_id: 6, category: 'Clothing', original_price: 200 },
  variants: [variant],
  variant,
  listings: [piece],
  sizes: ['L'],
  size_offers: [{ size: 'L', listings_count: 1, min_price: 95 }],
  delivery: { shipping_per_package: 3.9, home_delivery: 2.5, pickup_point: 0, ships_within_business_days: 5, delivery_business_days: 2 },
};

describe('the product page’s Buyer Protection, by the store’s verification mode', () => {
  let network: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => network?.restore());

  const buyerProtection = async (verification: 'hub' | 'none') => {
    resetStore();
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/products/3')) return { body: product };
      if (request.url.startsWith('/api/brands/details')) return { body: { customerID: 1, verification } };
      return undefined;
    });
    renderWithProviders(<ProductPage />, { route: '/product/3?variant=30&listing=2', path: '/product/:productId', loader: productLoader });
    const chosen = await screen.findByRole('region', { name: 'The chosen piece' }, { timeout: 5000 });
    return within(chosen).getByText(/Buyer Protection:/);
  };

  it('with VERIFICATION_MODE=none it names no check: the processing fee pays for secure payment and a refund', async () => {
    const sentence = await buyerProtection('none');
    expect(sentence).toHaveTextContent('€95.00 for the piece + €5.45 Buyer Protection: the processing fee (VAT included) that pays for secure payment and a refund if it does not arrive or is not as described.');
    expect(checkClaim(sentence.textContent ?? '')).toBeNull();
  });

  it('with VERIFICATION_MODE=hub it says the fees pay for a check of the piece against its listing', async () => {
    const sentence = await buyerProtection('hub');
    expect(sentence).toHaveTextContent('the processing and verification fees (VAT included) that pay for secure payment, a check of the piece against its listing');
  });
});
