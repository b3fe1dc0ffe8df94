import { cartAtom, closeSearchAtom, loginPanelAtom, searchOverlayAtom, setCartAtom, startSessionAtom, setGuestCheckoutAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { Header } from './Header';

const routes = [
  { path: '/', element: <p>home page</p> },
  { path: '/user', element: <p>account page</p> },
  { path: '/user/submit-item-2hand', element: <p>submit item page</p> },
];

describe('Header', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    network = stubFetch(() => ({ body: {} }));
  });
  afterEach(() => network.restore());

  it('shows the bag count from the shared store and updates it when the bag changes', () => {
    renderWithProviders(<Header />, { route: '/all', path: '/all' });
    expect(screen.getByRole('button', { name: 'Bag, 0 items' })).toBeInTheDocument();
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1 }), testBagLine({ listing_id: 2 })]));
    expect(screen.getByRole('button', { name: 'Bag, 2 items' })).toBeInTheDocument();
    expect(store.get(cartAtom)).toHaveLength(2);
  });

  it('counts the lines that can still be bought and names the unavailable ones', () => {
    renderWithProviders(<Header />, { route: '/all', path: '/all' });
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1 }), testBagLine({ listing_id: 2, valid_listing: false }), testBagLine({ listing_id: 3, valid_offer: false })]));
    const bag = screen.getByRole('button', { name: 'Bag, 1 item you can buy, 2 unavailable' });
    expect(bag).toHaveTextContent('1');
  });

  it('opens sign-in from the account button when there is no token', async () => {
    renderWithProviders(<Header />, { route: '/all', path: '/all' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'signin', forCheckout: false });
  });

  it('treats a guest-checkout user as signed out, and takes a signed-in customer to /user', async () => {
    act(() => store.set(startSessionAtom, { token: 't', cart: [], notifications: 0 }));
    act(() => store.set(setGuestCheckoutAtom, true));
    const { router } = renderWithProviders(<Header />, { route: '/all', path: '/all', routes });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.get(loginPanelAtom).mode).toBe('signin');
    act(() => store.set(setGuestCheckoutAtom, false));
    await userEvent.click(screen.getByRole('button', { name: 'My account' }));
    expect(router.state.location.pathname).toBe('/user');
  });

  it('shows what waits for the customer (offers, unread notifications) on the account button and reads the count again on window focus', async () => {
    network.restore();
    let count = 2;
    network = stubFetch((request) => (request.url === '/api/notifications/count' ? { body: { Notifications: count, parts: { offers: count } } } : { body: {} }));
    act(() => store.set(startSessionAtom, { token: 't', cart: [], notifications: 1 }));
    renderWithProviders(<Header />, { route: '/all', path: '/all' });
    // Read once when the header mounts with a session: the login answer's 1 becomes the server's 2.
    expect(await screen.findByRole('button', { name: 'My account, 2 notifications' })).toBeInTheDocument();
    count = 0;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('button', { name: 'My account' })).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url === '/api/notifications/count')).toHaveLength(2);
  });

  it('shows the unread messages beside the bag as a way to the inbox, apart from the account’s notifications, and none when all are read', async () => {
    network.restore();
    let messages = 3;
    network = stubFetch((request) => (request.url === '/api/notifications/count' ? { body: { Notifications: 0, parts: { feed: 0, messages } } } : { body: {} }));
    act(() => store.set(startSessionAtom, { token: 't', cart: [], notifications: 0 }));
    renderWithProviders(<Header />, { route: '/all', path: '/all' });
    expect(await screen.findByRole('link', { name: 'Messages, 3 unread' })).toHaveAttribute('href', '/user/messages');
    expect(screen.getByRole('button', { name: 'My account' })).toBeInTheDocument();
    messages = 0;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument());
  });

  it('sends the sell button to the submit-item page when signed in, else to sign-in', async () => {
    const { router } = renderWithProviders(<Header />, { route: '/all', path: '/all', routes });
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    expect(store.get(loginPanelAtom).mode).toBe('signin');
    act(() => store.set(startSessionAtom, { token: 't', cart: [], notifications: 0 }));
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    expect(router.state.location.pathname).toBe('/user/submit-item-2hand');
  });

  it('switches between the top and the scrolled state above 5 px', () => {
    renderWithProviders(<Header />, { route: '/all', path: '/all' });
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-state', 'top');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 5, configurable: true });
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-state', 'top');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 6, configurable: true });
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-state', 'scrolled');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('asks before leaving checkout from the logo; Cancel stays, Leave goes home', async () => {
    const { router } = renderWithProviders(<Header />, { route: '/checkout', path: '/checkout', routes });
    await userEvent.click(screen.getByRole('link', { name: 'Preloved home' }));
    // The dialog's code loads the first time it opens.
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/checkout');
    await userEvent.click(screen.getByRole('link', { name: 'Preloved home' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes home from the logo without asking elsewhere', async () => {
    const { router } = renderWithProviders(<Header />, { route: '/all', path: '/all', routes });
    await userEvent.click(screen.getByRole('link', { name: 'Preloved home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens the search overlay from the phone header’s search button, with focus to move into it', async () => {
    renderWithProviders(<Header />, { route: '/all', path: '/all' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(store.get(searchOverlayAtom)).toEqual({ open: true, via: 'button' });
    act(() => store.set(closeSearchAtom));
  });
});
