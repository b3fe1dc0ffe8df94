import type { NotificationFeed } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { NotificationsPage, notificationsLoader } from './NotificationsPage';

const feed: NotificationFeed = {
  notifications: [
    { id: 9, kind: 'code_redeemed', date: '2026-11-22T10:00:00.000Z', read: false, amount: 12.5, reference: 'PL-ABCDEFGHJKMN', title: null, link: '/user/wallet' },
    { id: 8, kind: 'sale', date: '2026-11-20T10:00:00.000Z', read: false, amount: 45, reference: 'PO-0000041', title: 'Wool coat', link: '/user/sales' },
    { id: 7, kind: 'payout', date: '2026-11-19T10:00:00.000Z', read: true, amount: 19.4, reference: 'BT-1A2B3C4D5E', title: null, link: '/user/wallet' },
  ],
  count: 3,
  unread: 2,
};

describe('Notifications page', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/notifications/feed?')) return { body: feed };
      if (request.url === '/api/notifications/feed/read') {
        const ids = (request.body as { ids?: number[] }).ids;
        return { body: { unread: ids ? feed.unread - ids.length : 0 } };
      }
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<NotificationsPage />, { route: '/user/notifications', path: '/user/notifications', loader: notificationsLoader });

  it('lists sales, payouts and codes newest first with their sentence, date and link, unread ones marked', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Notifications' });
    expect(screen.getByText('2 unread notifications')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('NewYour discount code PL-ABCDEFGHJKMN (€12.50) was used in our main store.');
    expect(items[1]).toHaveTextContent('NewYou sold Wool coat (order PO-0000041). €45.00 is in your wallet.');
    expect(within(items[1]!).getByRole('link', { name: 'See the sale' })).toHaveAttribute('href', '/user/sales');
    expect(items[2]).toHaveTextContent('Your bank transfer BT-1A2B3C4D5E of €19.40 is on its way.');
    expect(within(items[2]!).queryByText('New')).not.toBeInTheDocument();
  });

  it('marks one entry read, then all of them', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Mark as read: You sold Wool coat/ }));
    expect(await screen.findByText('1 unread notification')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url.endsWith('/feed/read')).at(-1)?.body).toEqual({ ids: [8] });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url.endsWith('/feed/read')).at(-1)?.body).toEqual({});
    expect(screen.queryByText('New')).not.toBeInTheDocument();
  });
});
