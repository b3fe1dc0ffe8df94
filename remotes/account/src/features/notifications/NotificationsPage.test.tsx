import type { NotificationFeed } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { NotificationsPage, notificationsLoader } from './NotificationsPage';

let feed: NotificationFeed;
const initialFeed = (): NotificationFeed => ({
  notifications: [
    { id: 9, kind: 'code_redeemed', date: '2026-11-22T10:00:00.000Z', read: false, amount: 12.5, reference: 'PL-ABCDEFGHJKMN', title: null, link: '/user/wallet' },
    { id: 8, kind: 'sale', date: '2026-11-20T10:00:00.000Z', read: false, amount: 45, reference: 'PO-0000041', title: 'Wool coat', link: '/user/sales' },
    { id: 7, kind: 'payout', date: '2026-11-19T10:00:00.000Z', read: true, amount: 19.4, reference: 'BT-1A2B3C4D5E', title: null, link: '/user/wallet' },
  ],
  count: 3,
  unread: 2,
});

describe('Notifications page', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    feed = initialFeed();
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
    await screen.findByRole('heading', { name: 'Notifications' }, { timeout: 5000 });
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('NewYour discount code PL-ABCDEFGHJKMN (€12.50) was used in our main store.');
    expect(items[1]).toHaveTextContent('NewYou sold Wool coat (order PO-0000041). €45.00 is pending in your wallet until 2 days after the delivery.');
    expect(within(items[1]!).getByRole('link', { name: 'See the sale' })).toHaveAttribute('href', '/user/sales');
    expect(items[2]).toHaveTextContent('Your bank transfer BT-1A2B3C4D5E of €19.40 is on its way.');
    expect(within(items[2]!).queryByText('New')).not.toBeInTheDocument();
  });

  it('opening the feed marks its unread entries read (the header count is read again); they stay marked new for this visit', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Notifications' });
    expect(await screen.findByText('2 new notifications since your last visit')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url.endsWith('/feed/read')).map((request) => request.body)).toEqual([{ ids: [9, 8] }]);
    expect(network.requests.some((request) => request.url === '/api/notifications/count')).toBe(true);
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('New')).toBeInTheDocument();
    expect(within(items[1]!).getByText('New')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
  });

  it('"Mark all as read" covers the unread entries of pages not opened', async () => {
    const user = userEvent.setup();
    feed.unread = 5;
    renderPage();
    expect(await screen.findByText('3 unread notifications')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url.endsWith('/feed/read')).at(-1)?.body).toEqual({});
    expect(screen.queryByText('New')).not.toBeInTheDocument();
  });

  it('shows offers, shipping and price drops in their own sentences', async () => {
    feed.notifications = [
      { id: 20, kind: 'offer_received', date: '2026-11-23T10:00:00.000Z', read: true, amount: 60, reference: null, title: 'Wool coat', link: '/user/offers' },
      { id: 19, kind: 'offer_accepted', date: '2026-11-23T09:00:00.000Z', read: true, amount: 70, reference: null, title: 'Silk scarf', link: '/user/offers' },
      { id: 18, kind: 'shipped', date: '2026-11-23T08:00:00.000Z', read: true, amount: null, reference: 'PO-0000042', title: 'Boots', link: '/user/orders/42' },
      { id: 17, kind: 'price_drop', date: '2026-11-23T07:00:00.000Z', read: true, amount: 90, reference: null, title: 'Trench', link: '/product/1?variant=2&listing=3' },
      { id: 16, kind: 'offer_countered', date: '2026-11-23T06:00:00.000Z', read: true, amount: 85, reference: null, title: 'Linen dress', link: '/user/offers' },
    ];
    feed.unread = 0;
    renderPage();
    await screen.findByRole('heading', { name: 'Notifications' });
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('New offer of €60.00 on Wool coat: accept or decline it within 48 hours.');
    expect(items[1]).toHaveTextContent('Your offer of €70.00 on Silk scarf was accepted: buy it within 24 hours.');
    expect(items[2]).toHaveTextContent('Boots (order PO-0000042) is on its way.');
    expect(within(items[2]!).getByRole('link', { name: 'See the order' })).toHaveAttribute('href', '/user/orders/42');
    expect(items[3]).toHaveTextContent('Trench from your wishlist now costs €90.00.');
    // The counter price, which the buyer answers.
    expect(items[4]).toHaveTextContent('The seller answered your offer on Linen dress with a counter-offer of €85.00: accept or decline it within 48 hours.');
  });
});
