import { loginPanelAtom, setCartAtom, setGuestCheckoutAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import { checkoutLoader } from '../../components/CheckoutFrame';
import '../../i18n';
import { CheckoutPage } from './CheckoutPage';

const renderPage = () => renderWithProviders(<CheckoutPage />, { route: '/checkout', path: '/checkout', loader: checkoutLoader });

describe('/checkout, the order summary', () => {
  let network: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    resetStore();
    act(() => store.set(loginPanelAtom, { mode: 'closed', forCheckout: false }));
  });
  afterEach(() => {
    network?.restore();
    network = undefined;
  });

  it('signed in, shows the lines of GET checkout with the seller’s FirstName and the subtotal', async () => {
    const line = { ...testBagLine({ listing_id: 1, price: 19.9 }), FirstName: 'Inês' };
    network = stubFetch((request) => (request.url === '/api/checkout' ? { body: { lines: [line], subtotal: 19.9, currency_symb_code: 'EUR' } } : undefined));
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [testBagLine({ listing_id: 1 })], notifications: 0 }));
    renderPage();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Linen shirt 1')).toBeInTheDocument();
    expect(within(summary).getByText('Listed by Inês')).toBeInTheDocument();
    expect(within(summary).getByText('Subtotal').closest('p')).toHaveTextContent('Subtotal€19.90');
    expect(screen.queryByRole('button', { name: 'Sign in or continue as guest' })).not.toBeInTheDocument();
  });

  it('a guest checks out the local bag; an unavailable line is flagged and not in the subtotal', async () => {
    act(() => {
      store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 10 }), testBagLine({ listing_id: 2, price: 5, valid_listing: false })]);
      store.set(setGuestCheckoutAtom, true);
    });
    renderPage();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Product unavailable, remove from cart')).toBeInTheDocument();
    expect(within(summary).getByText('Subtotal').closest('p')).toHaveTextContent('Subtotal€10.00');
  });

  it('a visitor who is neither signed in nor a guest is asked to sign in or continue as guest', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1 })]));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in or continue as guest' }));
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'signin', forCheckout: true });
  });
});
