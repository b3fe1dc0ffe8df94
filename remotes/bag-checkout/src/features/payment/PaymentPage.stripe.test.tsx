import { store } from '@preloved/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { headersOf, stubFetch } from '../../../../../tools/jest/fetch-stub';
import { guestAtPayment, PAID, renderCheckoutStep } from '../../components/checkout-fixture';
import { checkoutProgressAtom, EMPTY_PROGRESS } from '../../components/checkout-progress';
import '../../i18n';
import { PaymentPage } from './PaymentPage';

// With Stripe as the provider the page takes no card; Stripe's Payment Element (its own
// chunk, Stripe.js loaded only then) does. Stripe.js itself cannot load here (no network): these
// prove what the page sends and how it settles a return from Stripe's redirect.

jest.setTimeout(20_000);

const success = PAID;
const intent = { ...success, status: 'requires_action', order_id: null, order_number: null, ship_by: null, claim_token: null, provider: 'stripe', client_secret: 'pi_1_secret_2', publishable_key: 'pk_test_1' };

const renderTab = () => renderCheckoutStep(<PaymentPage />, '/payment');

describe('/payment with Stripe', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(async () => {
    await guestAtPayment({ total: 34.3 });
    network = stubFetch((request) => {
      if (request.url === '/api/checkout/payment-options') return { body: { provider: 'stripe', publishable_key: 'pk_test_1' } };
      if (request.url === '/api/checkout/payment') return { body: intent };
      if (request.url === '/api/checkout/payment/a1/confirm') return { body: success };
      return undefined;
    });
  });
  afterEach(() => {
    network.restore();
    window.history.replaceState(null, '', '/');
  });

  it('shows no card fields; "Continue to payment" asks the API for the intent without any card, then loads Stripe’s form', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }, { timeout: 5000 }));
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the payment form…');
    const payments = network.requests.filter((request) => request.url === '/api/checkout/payment');
    expect(payments).toHaveLength(1);
    expect(payments[0]!.body).toMatchObject({ delivery_option: 'home', total: 34.3, email: 'g@example.com', cart: [1] });
    expect(payments[0]!.body).not.toHaveProperty('card');
    expect(headersOf(payments[0]!)['idempotency-key']).toMatch(/^[\w-]{8,}$/);
  });

  it('back from Stripe’s redirect (a reloaded page, the choices forgotten): the attempt in the URL is confirmed and the order shown', async () => {
    act(() => store.set(checkoutProgressAtom, EMPTY_PROGRESS));
    window.history.replaceState(null, '', '/payment?attempt=a1&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded');
    renderTab();
    expect(await screen.findByText('paid PL-000005', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url === '/api/checkout/payment/a1/confirm')).toHaveLength(1);
  });

  it('“Continue” again after a dropped answer says nothing was charged, in words, and sends the same Idempotency-Key', async () => {
    let drop = true;
    network.restore();
    network = stubFetch((request) => {
      if (request.url === '/api/checkout/payment-options') return { body: { provider: 'stripe', publishable_key: 'pk_test_1' } };
      if (request.url === '/api/checkout/payment') {
        if (drop) throw new TypeError('Failed to fetch');
        return { body: intent };
      }
      return undefined;
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }, { timeout: 5000 }));
    // No card was asked for yet: nothing can have been charged.
    expect(await screen.findByText('We could not reach the store. Check your connection and try again. Nothing was charged.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Request failed|Failed to fetch|http/);
    drop = false;
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the payment form…');
    const keys = network.requests.filter((request) => request.url === '/api/checkout/payment').map((request) => headersOf(request)['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
