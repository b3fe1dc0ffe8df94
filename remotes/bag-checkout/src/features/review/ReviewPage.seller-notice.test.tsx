import { i18n } from '@preloved/shared';
import { testBagLine } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import { guestAtPayment, renderCheckoutStep } from '../../components/checkout-fixture';
import '../../i18n';
import { ReviewPage } from './ReviewPage';

// The consumer notice before paying (Consumer Rights Directive Art. 6a): per package, a private
// seller (no withdrawal right, Buyer Protection) or a business with its details (the buyer's rights).

const line = testBagLine({ listing_id: 1, price: 20 });
const TRADER = {
  name: 'Roupa Circular, Lda.',
  address: 'Rua Augusta 10',
  address2: '',
  zip_code: '1100-053',
  city: 'Lisboa',
  country: 'PT',
  email: 'loja@roupacircular.pt',
  registration_number: '501964843',
  vat_number: 'PT501964843',
};
const quote = (cart: number[]) => ({
  lines: cart.map((id) => ({ listing_id: id, title: `Linen shirt ${id}`, photo: line.photo, FirstName: id === 1 ? 'Inês' : 'Marta', options: line.options, condition_description: '', price: 20, currency_symb_code: 'EUR' })),
  subtotal: 20 * cart.length,
  fees: { processing: 1, verification: 3, shipping: 7.8, delivery: 2.5, discount: 0, bundle_discount: 0 },
  total: 34.3,
  currency_symb_code: 'EUR',
  delivery_option: 'home',
  pickup_point_id: null,
  discount_code: null,
  packages: 2,
  bundles: [],
  sellers: [
    { seller_id: 7, FirstName: 'Inês', trader: null },
    { seller_id: 8, FirstName: 'Marta', trader: TRADER },
  ],
});

jest.setTimeout(20_000);

describe('/review’s notice of who sells each package', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(async () => {
    await guestAtPayment();
    network = stubFetch((request) => (request.url === '/api/checkout/quote' ? { body: quote((request.body as { cart: number[] }).cart) } : undefined));
  });
  afterEach(async () => {
    network.restore();
    await act(() => i18n.changeLanguage('en'));
  });

  it('tells a private seller’s package has no withdrawal right but Buyer Protection, and names a business seller with its details and the 14 days', async () => {
    renderCheckoutStep(<ReviewPage />, '/review');
    const notices = await screen.findByRole('region', { name: 'Who sells to you' }, { timeout: 5000 });
    const [privately, business] = within(notices).getAllByRole('listitem');
    expect(privately).toHaveTextContent('Package from Inês: Sold by a private person: EU consumer withdrawal rights do not apply to this purchase; Buyer Protection does.');
    expect(business).toHaveTextContent(
      'Package from Marta: Sold by Roupa Circular, Lda., Rua Augusta 10, 1100-053 Lisboa, Portugal, registration 501964843, VAT PT501964843 (loja@roupacircular.pt): your EU consumer rights apply, including 14 days to withdraw.',
    );
  });

  it('is in Portuguese for a Portuguese shopper', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderCheckoutStep(<ReviewPage />, '/review');
    const notices = await screen.findByRole('region', { name: 'Quem lhe vende' }, { timeout: 5000 });
    expect(within(notices).getAllByRole('listitem')[0]).toHaveTextContent('Vendido por um particular');
    expect(within(notices).getAllByRole('listitem')[1]).toHaveTextContent('incluindo 14 dias para desistir');
  });
});
