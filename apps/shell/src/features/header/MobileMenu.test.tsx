import {
  setNotificationsCountAtom,
  cartAtom,
  loginPanelAtom,
  notificationsCountAtom,
  setUserDataAtom,
  startSessionAtom,
  store,
  tokenAtom,
  userDataAtom,
} from '@preloved/shared';
import { renderWithProviders, resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { MobileMenu } from './MobileMenu';

const routes = [
  { path: '/', element: <p>home page</p> },
  { path: '/user/orders', element: <p>orders page</p> },
];

function signIn() {
  act(() => {
    store.set(startSessionAtom, { token: 'tok', cart: [testBagLine({ listing_id: 1 })], notifications: 3 });
    store.set(setNotificationsCountAtom, 3, { offers: 3 });
    store.set(setUserDataAtom, { customer: { FirstName: 'Ana', LastName: 'Silva' } });
  });
}

describe('Mobile menu', () => {
  let network: ReturnType<typeof stubFetch>;
  let onClose: jest.Mock;
  beforeEach(() => {
    resetStore();
    onClose = jest.fn();
    network = stubFetch((request) => (request.url === '/api/customers/logout' ? { status: 500, body: { message: 'boom' } } : undefined));
  });
  afterEach(() => network.restore());

  it('offers sign-in to a visitor: it closes the menu and opens the login panel', async () => {
    renderWithProviders(<MobileMenu open onClose={onClose} />, { route: '/all', path: '/all', routes });
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('button', { name: 'Sign in' }));
    expect(onClose).toHaveBeenCalled();
    expect(store.get(loginPanelAtom).mode).toBe('signin');
  });

  it('opens the user sub-panel with the account pages, and goes back with focus kept in place', async () => {
    signIn();
    renderWithProviders(<MobileMenu open onClose={onClose} />, { route: '/all', path: '/all', routes });
    await userEvent.click(screen.getByRole('button', { name: 'My account' }));
    const panel = screen.getByRole('dialog', { name: 'My account' });
    const back = within(panel).getByRole('button', { name: 'Back' });
    expect(back).toHaveFocus();
    expect(within(panel).getByText('Hello, Ana')).toBeInTheDocument();
    const nav = within(panel).getByRole('navigation', { name: 'Account navigation' });
    expect(within(nav).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/user');
    expect(within(nav).getByRole('link', { name: 'Offers 3' })).toHaveAttribute('href', '/user/offers');
    await userEvent.click(back);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'My account' })).toHaveFocus();
  });

  it('follows a link of the sub-panel and closes the menu', async () => {
    signIn();
    const { router } = renderWithProviders(<MobileMenu open onClose={onClose} />, { route: '/all', path: '/all', routes });
    await userEvent.click(screen.getByRole('button', { name: 'My account' }));
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    expect(router.state.location.pathname).toBe('/user/orders');
    expect(onClose).toHaveBeenCalled();
  });

  it('signs out from the sub-panel: everything cleared and home, whatever the server answers', async () => {
    signIn();
    const { router } = renderWithProviders(<MobileMenu open onClose={onClose} />, { route: '/all', path: '/all', routes });
    await userEvent.click(screen.getByRole('button', { name: 'My account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(network.requests).toEqual([{ method: 'POST', url: '/api/customers/logout', body: undefined }]);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(cartAtom)).toEqual([]);
    expect(store.get(notificationsCountAtom)).toBe(0);
    expect(store.get(userDataAtom)).toBeNull();
    expect(onClose).toHaveBeenCalled();
  });
});
