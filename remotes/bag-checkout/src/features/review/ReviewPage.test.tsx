import { bagOpenAtom, setCartAtom, startSessionAtom, store } from '@preloved/shared';
import { testBagLine } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import { guestAtPayment, renderCheckoutStep } from '../../components/checkout-fixture';
import { checkoutProgressAtom, EMPTY_PROGRESS } from '../../components/checkout-progress';
import '../../i18n';
import { ReviewPage } from './ReviewPage';

const line = { ...testBagLine({ listing_id: 1, price: 20 }), FirstName: 'Inês' };
// The quote prices the lines it is asked for (the review lists the quote's lines).
const quote = (discount: number, cart: number[] = [1]) => ({
  lines: cart.map((id) => ({ listing_id: id, title: `Linen shirt ${id}`, photo: line.photo, FirstName: 'Inês', options: line.options, condition_description: '', price: 20, currency_symb_code: 'EUR' })),
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
      if (request.url === '/api/checkout/quote') {
        const body = request.body as { discount_code?: string; cart: number[] };
        return { body: quote(body.discount_code ? 2 : 0, body.cart) };
      }
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
    // The address names its country, not its code.
    expect(screen.getByText(/Rua A 1, 1000-001 Lisboa, Portugal$/)).toBeInTheDocument();
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
  it('a signed-in shopper’s review reads the checkout and its quote again when the bag closes with a line fewer (spec §4)', async () => {
    network.restore();
    let serverBag = [1, 2];
    const lineOf = (id: number) => ({ ...testBagLine({ listing_id: id, price: 20 }), FirstName: 'Inês' });
    network = stubFetch((request) => {
      if (request.url === '/api/checkout') return { body: { lines: serverBag.map(lineOf), subtotal: 20 * serverBag.length, currency_symb_code: 'EUR' } };
      if (request.url === '/api/checkout/quote') return { body: quote(0, serverBag) };
      return undefined;
    });
    act(() => store.set(startSessionAtom, { token: 'tok', cart: serverBag.map((id) => testBagLine({ listing_id: id, price: 20 })), notifications: 0 }));
    renderTab();
    const items = () => screen.getByRole('region', { name: 'Your items' });
    expect(await within(await screen.findByRole('region', { name: 'Your items' }, { timeout: 5000 })).findByText('Linen shirt 2')).toBeInTheDocument();
    // The shopper opens the bag over /review and removes the second piece there (the panel's DELETE).
    act(() => store.set(bagOpenAtom, true));
    serverBag = [1];
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 20 })]));
    act(() => store.set(bagOpenAtom, false));
    await waitFor(() => expect(within(items()).queryByText(/Linen shirt 2/)).not.toBeInTheDocument());
    expect(within(items()).getByText('Linen shirt 1')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url === '/api/checkout')).toHaveLength(2);
  });
});
