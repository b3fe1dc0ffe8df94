import { loginPanelAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import { checkoutProgressAtom, EMPTY_PROGRESS } from '../../components/checkout-progress';
import '../../i18n';
import { PaymentResultPage } from './PaymentResultPage';

jest.setTimeout(20_000);

const result = { status: 'succeeded' as const, attempt_id: 'a1', order_id: 5, order_number: 'PO-0000005', total: 34.3, ship_by: '2026-11-30', claim_token: 'claim-5' };

describe('/payment-sucess', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    resetStore();
    act(() => store.set(checkoutProgressAtom, { ...EMPTY_PROGRESS, email: 'g@example.com', result }));
    network = stubFetch((request) => (request.url === '/api/orders/claim' ? { body: { id: 5 } } : undefined));
  });
  afterEach(() => network.restore());

  it('shows the order number and the ship-by date; a guest who signs up from the offer (their order e-mail prefilled) gets the orders in the account', async () => {
    renderWithProviders(<PaymentResultPage />, { route: '/payment-sucess' });
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toHaveFocus();
    expect(screen.getByText('Order number: PO-0000005')).toBeInTheDocument();
    expect(screen.getByText('Each seller ships within 5 business days, by Monday 30 November. We e-mail you the tracking number.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'register', forCheckout: false, email: 'g@example.com' });
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    expect(await screen.findByText('This order and every other order placed with your e-mail are now in your account.')).toBeInTheDocument();
    expect(network.requests.find((request) => request.url === '/api/orders/claim')?.body).toEqual({ claim_token: 'claim-5' });
  });

  it('without a payment there is nothing to show but the way back to shopping', async () => {
    act(() => store.set(checkoutProgressAtom, EMPTY_PROGRESS));
    renderWithProviders(<PaymentResultPage />, { route: '/payment-sucess' });
    expect(await screen.findByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });
});
