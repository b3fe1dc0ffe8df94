import { bagOpenAtom, setLanguage, store } from '@preloved/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { headersOf, stubFetch, type RecordedRequest } from '../../../../../tools/jest/fetch-stub';
import { guestAtPayment, PAID, renderCheckoutStep } from '../../components/checkout-fixture';
import { checkoutProgressAtom } from '../../components/checkout-progress';
import '../../i18n';
import { PaymentPage } from './PaymentPage';

jest.setTimeout(20_000);

const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', action: '4000 0027 6000 3184' };
const success = PAID;

const renderTab = () => renderCheckoutStep(<PaymentPage />, '/payment');

async function fillCard(number: string) {
  const field = await screen.findByRole('textbox', { name: 'Card number' }, { timeout: 5000 });
  await userEvent.clear(field);
  await userEvent.type(field, number);
  await userEvent.clear(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/34');
  await userEvent.clear(screen.getByRole('textbox', { name: 'CVC' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
}

describe('/payment', () => {
  let network: ReturnType<typeof stubFetch>;
  let answer: (request: RecordedRequest) => { status?: number; body?: unknown } | undefined;
  const payments = () => network.requests.filter((request) => request.url === '/api/checkout/payment');
  beforeEach(async () => {
    await guestAtPayment({ total: 34.3 });
    answer = () => ({ body: success });
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/checkout/payment')) return answer(request);
      return undefined;
    });
  });
  afterEach(() => network.restore());

  it('checks the card in the page: missing, mistyped (Luhn) and expired, each next to its field', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay €34.30' }, { timeout: 5000 }));
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription('Please enter your card number.');
    expect(screen.getByRole('textbox', { name: 'CVC' })).toHaveAccessibleDescription('Please enter the security code.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4241');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '01/20');
    await userEvent.type(screen.getByRole('textbox', { name: 'CVC' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription('Please enter a valid card number.');
    expect(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' })).toHaveAccessibleDescription('Your card has expired.');
    expect(screen.getByRole('textbox', { name: 'CVC' })).toHaveAccessibleDescription('Please enter a valid security code.');
    expect(payments()).toHaveLength(0);
  });

  it('in Portuguese, the expiry asks for MM/AA, in its label and its placeholder (issue 26)', async () => {
    await act(() => setLanguage('pt'));
    try {
      renderTab();
      const expiry = await screen.findByRole('textbox', { name: 'Validade (MM/AA)' }, { timeout: 5000 });
      expect(expiry).toHaveAttribute('placeholder', 'MM/AA');
      expect(screen.getByRole('textbox', { name: 'Número do cartão' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('a declined card says so in the page; the same request again keeps its Idempotency-Key, another card gets a new one', async () => {
    answer = (request) => ((request.body as { card: { number: string } }).card.number === '4000000000000002' ? { status: 402, body: { message: 'Your card was declined.' } } : { body: success });
    renderTab();
    await fillCard(CARDS.declined);
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    expect(await screen.findByText('Your card was declined. Try another card.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    await fillCard(CARDS.ok);
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    expect(await screen.findByText('paid PL-000005')).toBeInTheDocument();
    const keys = payments().map((request) => headersOf(request)['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(payments()[2]!.body).toMatchObject({ delivery_option: 'home', email: 'g@example.com', cart: [1], total: 34.3, card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' }, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(store.get(checkoutProgressAtom).result?.order_number).toBe('PL-000005');
  });

  it('a card that asks for an extra step opens a dialog; “Confirm payment” completes it, “Cancel” charges nothing', async () => {
    answer = (request) => (request.url.endsWith('/confirm') ? { body: success } : { body: { ...success, status: 'requires_action', order_id: null, order_number: null } });
    renderTab();
    await fillCard(CARDS.action);
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Confirm this payment' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The payment was not confirmed. Nothing was charged.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Confirm this payment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('paid PL-000005')).toBeInTheDocument();
    expect(network.requests.some((request) => request.url === '/api/checkout/payment/a1/confirm')).toBe(true);
  });

  it('a 409 names the lost pieces, charges nothing and offers the bag', async () => {
    answer = () => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'lost', lost: [{ listing_id: 1, title: 'Linen shirt 1' }] } });
    renderTab();
    await fillCard(CARDS.ok);
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Some pieces are no longer available');
    expect(within(alert).getByText('Linen shirt 1')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Back to the bag' }));
    expect(store.get(bagOpenAtom)).toBe(true);
  });
});
