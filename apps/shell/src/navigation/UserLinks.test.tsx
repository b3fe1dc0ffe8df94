import { setNotificationsCountAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import '../i18n';
import { UserLinks } from './UserLinks';

describe('the account links (the /user frame and the mobile menu)', () => {
  beforeEach(() => resetStore());

  it('keeps "Orders" current on an order’s page and "Account details" only on /user', () => {
    renderWithProviders(<UserLinks />, { route: '/user/orders/12', path: '/user/orders/:orderId' });
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    const current = screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current).toHaveLength(1);
  });

  it('shows the offers waiting on the offers link and the unread entries on the notifications link', () => {
    act(() => {
      store.set(startSessionAtom, { token: 't', cart: [], notifications: 4 });
      store.set(setNotificationsCountAtom, 4, { offers: 3, feed: 1 });
    });
    renderWithProviders(<UserLinks />, { route: '/user', path: '/user' });
    expect(screen.getByRole('link', { name: 'Offers 3' })).toHaveAttribute('href', '/user/offers');
    expect(screen.getByRole('link', { name: 'Notifications 1' })).toHaveAttribute('href', '/user/notifications');
  });
});
