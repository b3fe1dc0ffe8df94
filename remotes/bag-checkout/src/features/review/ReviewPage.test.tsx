import { store } from '@preloved/shared';
import { testBagLine } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import { guestAtPayment, renderCheckoutStep } from '../../components/checkout-fixture';
import { checkoutProgressAtom, EMPTY_PROGRESS } from '../../components/checkout-progress';
import '../../i18n';
import { ReviewPage } from './ReviewPage';

const line = { ...testBagLine({ listing_id: 1, price: 20 }), FirstName: 'Inês' };
const quote = (discount: number) => ({
  lines: [{ listing_id: 1, title: line.title, photo: line.photo, FirstName: 'Inês', options: line.options, condition_description: '', price: 20, currency_symb_code: 'EUR' }],
  subtotal: 20,
  fees: { processing: 1, verification: 3, shipping: 7.8, delivery: 2.5, discount, bundle_discount: 0 },
  total: 34.3 - discount,
  currency_symb_code: 'EUR',
  delivery_option: 'home',
  pickup_point_id: null,
  discount_code: discount ? 'WELCOME10' : null,
  packages: 1,
  bundles: [],
});

const renderTab = () => renderCheckoutStep(<ReviewPage />, '/review');

// Quoting and applying a code are a few round trips each; a loaded machine needs more than 5 s.
jest.setTimeout(20_000);

describe('/review', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(async () => {
    await guestAtPayment();
    network = stubFetch((request) => {
      if (request.url === '/api/checkout/quote') return { body: quote((request.body as { discount_code?: string }).discount_code ? 2 : 0) };
      if (request.url === '/api/checkout/discountcode') {
        const code = (request.body as { code: string }).code;
        return code.toUpperCase() === 'WELCOME10'
          ? { body: { code: 'WELCOME10', percent_off: 10, amount_off: null, discount: 2 } }
          : { status: 422, body: { message: 'Discount code is not valid.', fields: [{ field: 'code', key: 'invalid_discount_code' }] } };
      }
      return undefined;
    });
  });
  afterEach(() => network.restore());

  it('shows the lines with the seller, each fee line and the total of the quote, for the guest’s local bag', async () => {
    renderTab();
    const fees = await screen.findByRole('region', { name: 'Costs' }, { timeout: 5000 });
    const expected: [string, string][] = [['Processing fee', '€1.00'], ['Verification fee', '€3.00'], ['Shipping', '€7.80'], ['Delivery', '€2.50'], ['Total', '€34.30']];
    for (const [label, amount] of expected)
      expect(within(fees).getByText(label).parentElement).toHaveTextContent(`${label}${amount}`);
    expect(within(screen.getByRole('region', { name: 'Your items' })).getByText('Listed by Inês')).toBeInTheDocument();
    expect(network.requests.find((request) => request.url === '/api/checkout/quote')?.body).toEqual({ delivery_option: 'home', cart: [1] });
  });

  it('“Apply” is always enabled: empty and unknown codes say so next to the field; a good code lowers the total', async () => {
    renderTab();
    await screen.findByRole('region', { name: 'Costs' }, { timeout: 5000 });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeEnabled();
    await userEvent.click(apply);
    const field = screen.getByRole('textbox', { name: 'Discount code' });
    expect(field).toHaveAccessibleDescription('Please enter a valid discount code.');
    await userEvent.type(field, 'NOPE');
    await userEvent.click(apply);
    expect(await screen.findByText('Discount code is not valid.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Discount code is not valid.');
    await userEvent.clear(field);
    await userEvent.type(field, 'welcome10');
    await userEvent.click(apply);
    expect(await screen.findByText('Discount code WELCOME10 applied.', { exact: false })).toBeInTheDocument();
    const fees = screen.getByRole('region', { name: 'Costs' });
    expect(await within(fees).findByText('Discount')).toBeInTheDocument();
    expect(within(fees).getByText('Total').parentElement).toHaveTextContent('Total€32.30');
  });

  it('without a delivery choice it sends the shopper back to the delivery tab', async () => {
    act(() => store.set(checkoutProgressAtom, EMPTY_PROGRESS));
    renderTab();
    expect(await screen.findByRole('link', { name: 'Go to delivery' })).toHaveAttribute('href', '/checkout');
  });
});
