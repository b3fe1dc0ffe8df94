import { bagOpenAtom, setCartAtom, setLanguage, store } from '@preloved/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { headersOf, stubFetch, type RecordedRequest } from '../../../../../tools/jest/fetch-stub';
import { guestAtPayment, PAID, renderCheckoutStep } from '../../components/checkout-fixture';
import { checkoutProgressAtom, lastPlacedAtom } from '../../components/checkout-progress';
import '../../i18n';
import { PaymentPage } from './PaymentPage';

jest.setTimeout(20_000);

const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', action: '4000 0027 6000 3184' };
const success = PAID;

const renderTab = () => renderCheckoutStep(<PaymentPage />, '/payment');

async function fillCard(number: string, labels = { number: 'Card number', expiry: 'Expiry (MM/YY)' }) {
  const field = await screen.findByRole('textbox', { name: labels.number }, { timeout: 5000 });
  await userEvent.clear(field);
  await userEvent.type(field, number);
  await userEvent.clear(screen.getByRole('textbox', { name: labels.expiry }));
  await userEvent.type(screen.getByRole('textbox', { name: labels.expiry }), '12/34');
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

  it('in Portuguese, the expiry asks for MM/AA, in its label and its placeholder', async () => {
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

  describe('on a phone', () => {
    const keys = () => payments().map((request) => headersOf(request)['idempotency-key']);

    it('takes the expiry and number as a numeric keypad types them: the slash and the groups are put in', async () => {
      renderTab();
      const number = await screen.findByRole('textbox', { name: 'Card number' }, { timeout: 5000 });
      const expiry = screen.getByRole('textbox', { name: 'Expiry (MM/YY)' });
      const cvc = screen.getByRole('textbox', { name: 'CVC' });
      expect(number).toHaveAttribute('autocomplete', 'cc-number');
      expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
      expect(cvc).toHaveAttribute('autocomplete', 'cc-csc');
      for (const field of [number, expiry, cvc]) expect(field).toHaveAttribute('inputmode', 'numeric');
      await userEvent.type(number, '4242424242424242');
      expect(number).toHaveValue('4242 4242 4242 4242');
      await userEvent.type(expiry, '1229');
      expect(expiry).toHaveValue('12/29');
      await userEvent.type(cvc, '123');
      await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
      expect(await screen.findByText('paid PL-000005')).toBeInTheDocument();
      expect(payments()[0]!.body).toMatchObject({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2029 } });
    });

    it('a dropped answer says the payment may have gone through, never the client’s text; “Pay” again reuses the Idempotency-Key', async () => {
      answer = () => {
        throw new TypeError('Failed to fetch');
      };
      renderTab();
      await fillCard(CARDS.ok);
      await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Your payment may have gone through');
      expect(alert).toHaveTextContent('g@example.com');
      expect(document.body).not.toHaveTextContent(/Request failed|network error|http|POST/i);
      answer = () => ({ body: success });
      await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
      expect(await screen.findByText('paid PL-000005')).toBeInTheDocument();
      expect(keys()).toHaveLength(2);
      expect(keys()[1]).toBe(keys()[0]);
    });

    it('offline before paying says nothing was charged and sends nothing', async () => {
      const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        renderTab();
        await fillCard(CARDS.ok);
        await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
        expect(await screen.findByText(/You are offline, so nothing was sent and nothing was charged/)).toBeInTheDocument();
        expect(payments()).toHaveLength(0);
      } finally {
        onLine.mockRestore();
      }
    });

    it('in Portuguese, a refusal of the payment provider says it in Portuguese and that nothing was charged', async () => {
      answer = () => ({ status: 503, body: { statusCode: 503, code: 'payment_provider_unavailable', message: 'The payment provider could not be reached.' } });
      await act(() => setLanguage('pt'));
      try {
        renderTab();
        await fillCard(CARDS.ok, { number: 'Número do cartão', expiry: 'Validade (MM/AA)' });
        await userEvent.click(screen.getByRole('button', { name: /^Pagar 34,30/ }));
        expect(await screen.findByText(/Nada foi cobrado\./)).toBeInTheDocument();
        expect(document.body).not.toHaveTextContent(/payment provider|could not/i);
      } finally {
        await act(() => setLanguage('en'));
      }
    });

    it('Back after paying shows the order just placed, never an empty form', async () => {
      act(() => store.set(checkoutProgressAtom, (current) => ({ ...current, total: 34.3, result: { ...success, status: 'succeeded' } as never })));
      renderTab();
      expect(await screen.findByRole('heading', { name: 'Your order PL-000005 is placed' }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'See your order' })).toHaveAttribute('href', '/payment-sucess');
      expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    });

    it('a bag emptied by this tab’s last order leads to that order, not to a form for 0 pieces', async () => {
      act(() => {
        store.set(lastPlacedAtom, { ...success, status: 'succeeded' } as never);
        store.set(setCartAtom, []);
        store.set(checkoutProgressAtom, (current) => ({ ...current, total: 34.3 }));
      });
      try {
        renderTab();
        expect(await screen.findByRole('heading', { name: 'Your order PL-000005 is placed' }, { timeout: 5000 })).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
      } finally {
        act(() => store.set(lastPlacedAtom, null));
      }
    });
  });
});
