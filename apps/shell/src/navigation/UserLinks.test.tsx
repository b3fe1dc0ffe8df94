import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
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

  it('shows the notifications count on the offers link', () => {
    act(() => store.set(startSessionAtom, { token: 't', cart: [], notifications: 4 }));
    renderWithProviders(<UserLinks />, { route: '/user', path: '/user' });
    const offers = screen.getAllByRole('link').find((link) => link.getAttribute('href') === '/user/offers');
    expect(offers && within(offers).getByText('4')).toBeInTheDocument();
  });
});
