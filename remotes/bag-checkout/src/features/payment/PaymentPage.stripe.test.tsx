import { setCartAtom, setGuestCheckoutAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { headersOf, stubFetch } from '../../../../../tools/jest/fetch-stub';
import { checkoutLoader } from '../../components/CheckoutFrame';
import { checkoutProgressAtom, EMPTY_PROGRESS, useCheckoutProgress } from '../../components/checkout-progress';
import '../../i18n';
import { PaymentPage } from './PaymentPage';

// Issue 28: with Stripe as the provider the page takes no card; Stripe's Payment Element (its own
// chunk, Stripe.js loaded only then) does. Stripe.js itself cannot load here (no network): these
// prove what the page sends and how it settles a return from Stripe's redirect.

jest.setTimeout(20_000);

const success = { status: 'succeeded', attempt_id: 'a1', order_id: 5, order_number: 'PL-000005', total: 34.3, ship_by: '2026-11-30', claim_token: 'claim' };
const intent = { ...success, status: 'requires_action', order_id: null, order_number: null, ship_by: null, claim_token: null, provider: 'stripe', client_secret: 'pi_1_secret_2', publishable_key: 'pk_test_1' };

function ResultProbe() {
  const [progress] = useCheckoutProgress();
  return <p>paid {progress.result?.order_number}</p>;
}

const renderTab = () =>
  renderWithProviders(<PaymentPage />, { route: '/payment', path: '/payment', loader: checkoutLoader, routes: [{ path: '/payment-sucess', element: <ResultProbe /> }] });

describe('/payment with Stripe', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    resetStore();
    act(() => {
      store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 20 })]);
      store.set(setGuestCheckoutAtom, true);
      store.set(checkoutProgressAtom, {
        ...EMPTY_PROGRESS,
        delivery_option: 'home',
        email: 'g@example.com',
        address: { first_name: 'A', last_name: 'B', phone: '912345678', address: 'Rua A 1', zip_code: '1000-001', city: 'Lisboa', country: 'PT' },
        total: 34.3,
      });
    });
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
});
