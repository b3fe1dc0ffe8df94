import { cartAtom, loginPanelAtom, setCartAtom, setGuestCheckoutAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import { checkoutLoader } from '../../components/CheckoutFrame';
import '../../i18n';
import { summaryAnswer } from '../../test/summary-answer';
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
    network = stubFetch((request) =>
      request.url === '/api/checkout'
        ? { body: { lines: [line], subtotal: 19.9, currency_symb_code: 'EUR' } }
        : request.url === '/api/checkout/summary'
          ? { body: { ...summaryAnswer(request.body), subtotal: 19.9 } }
          : undefined,
    );
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [testBagLine({ listing_id: 1 })], notifications: 0 }));
    renderPage();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Linen shirt 1')).toBeInTheDocument();
    expect(within(summary).getByText('Listed by Inês')).toBeInTheDocument();
    expect((await within(summary).findByText('Subtotal')).nextElementSibling).toHaveTextContent('€19.90');
    expect(screen.queryByRole('button', { name: 'Sign in or continue as guest' })).not.toBeInTheDocument();
  });

  it('a guest checks out the local bag as the API prices it on load: a piece sold meanwhile is shown apart with a one-tap remove, out of the subtotal', async () => {
    act(() => {
      store.set(setCartAtom, [testBagLine({ listing_id: 1, id: 0, price: 10 }), testBagLine({ listing_id: 2, id: 0, price: 5 })]);
      store.set(setGuestCheckoutAtom, true);
    });
    network = stubFetch((request) =>
      request.url === '/api/cart/price'
        ? { body: [testBagLine({ listing_id: 1, id: 0, price: 10 }), { ...testBagLine({ listing_id: 2, id: 0, price: 5 }), valid_listing: false }] }
        : request.url === '/api/checkout/summary'
          ? { body: { ...summaryAnswer(request.body), subtotal: 10 } }
          : undefined,
    );
    renderPage();
    const apart = await screen.findByRole('region', { name: 'No longer available' });
    expect(within(apart).getByText('Linen shirt 2')).toBeInTheDocument();
    expect(within(apart).getByText('Product unavailable, remove from cart')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).queryByText('Linen shirt 2')).not.toBeInTheDocument();
    expect((await within(summary).findByText('Subtotal')).nextElementSibling).toHaveTextContent('€10.00');
    // Only the piece that can be bought is priced.
    expect(network.requests.find((request) => request.url === '/api/checkout/summary')?.body).toEqual({ cart: [1] });
    // The delivery form continues with the piece that can be bought.
    expect(screen.getByRole('button', { name: 'Continue to review' })).toBeInTheDocument();

    await userEvent.click(within(apart).getByRole('button', { name: 'Remove Linen shirt 2 from the bag' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'No longer available' })).not.toBeInTheDocument());
    expect(store.get(cartAtom).map((line) => line.listing_id)).toEqual([1]);
  });

  it('a visitor who is neither signed in nor a guest is asked to sign in or continue as guest', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1 })]));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in or continue as guest' }));
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'signin', forCheckout: true });
  });
});
