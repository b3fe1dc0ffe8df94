import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { paidOrder } from './order-fixture';
import { OrdersPage, ordersLoader } from './OrdersPage';

const summary = {
  id: 41,
  number: 'PL-000041',
  date: '2026-11-20T10:00:00.000Z',
  total: 57.3,
  currency_symb_code: 'EUR',
  status: 'shipped',
  title: 'Wool coat',
  photo: '/img/coat.jpg',
  pieces: 2,
  delivery_date: '2026-11-25',
  delivery_date_estimated: true,
  tracking: [{ number: 'RR123456785PT', carrier: 'ctt', url: 'https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=RR123456785PT' }],
};

describe('Orders page', () => {
  let network: ReturnType<typeof stubFetch>;
  let orders: unknown[];
  let claimAnswer: { status?: number; body?: unknown };
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    orders = [summary, { ...summary, id: 40, number: 'PL-000040', date: '2026-09-28T10:00:00.000Z', total: 12, status: 'delivered', pieces: 1, delivery_date: '2026-10-02', delivery_date_estimated: false, tracking: [{ number: '09445012345678', carrier: 'dpd', url: 'https://tracking.dpd.de/status/pt_PT/parcel/09445012345678' }] }];
    claimAnswer = { body: paidOrder };
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/orders?')) return { body: { orders, count: orders.length } };
      if (request.url === '/api/orders/claim') return claimAnswer;
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = (route = '/user/orders') =>
    renderWithProviders(<OrdersPage />, { route, path: '/user/orders', loader: ordersLoader, routes: [{ path: '/user/orders/:orderId', element: <p>order page</p> }] });

  it('lists each order with its photo, status, order and delivery dates, and the tracking number linking to the carrier', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: '2 orders, newest first' });
    const [shipped, delivered] = within(list).getAllByRole('listitem');
    expect(within(shipped!).getByRole('img', { name: 'Wool coat' })).toHaveAttribute('src', '/img/coat.jpg');
    expect(within(shipped!).getByRole('heading', { name: /PL-000041\s+Shipped/ })).toBeInTheDocument();
    expect(within(shipped!).getByText('Wool coat and 1 more piece · €57.30')).toBeInTheDocument();
    expect(within(shipped!).getByText('Ordered on').nextSibling).toHaveTextContent('20 November 2026');
    expect(within(shipped!).getByText('Expected delivery').nextSibling).toHaveTextContent('25 November 2026');
    const track = within(shipped!).getByRole('link', { name: 'Track RR123456785PT on the CTT site (opens in a new tab)' });
    expect(track).toHaveAttribute('href', summary.tracking[0]!.url);
    expect(track).toHaveAttribute('target', '_blank');
    expect(within(delivered!).getByText('Delivered on').nextSibling).toHaveTextContent('2 October 2026');
    expect(within(delivered!).getByRole('link', { name: 'Track 09445012345678 on the DPD site (opens in a new tab)' })).toHaveAttribute('href', 'https://tracking.dpd.de/status/pt_PT/parcel/09445012345678');
    expect(screen.getByRole('link', { name: 'Order PL-000041' })).toHaveAttribute('href', '/user/orders/41');
    expect(network.requests[0]?.url).toBe('/api/orders?page=1');
  });

  it('with no order, says so and leads to all items', async () => {
    orders = [];
    renderPage();
    expect(await screen.findByRole('heading', { name: "You haven't ordered anything yet." })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all items' })).toHaveAttribute('href', '/all');
  });

  it('adds a guest order to the account from the mail’s claim link and says which one', async () => {
    renderPage('/user/orders?claim=secret-token');
    expect(await screen.findByText('Order PL-000041 is in your account now.')).toBeInTheDocument();
    expect(network.requests.find((request) => request.url === '/api/orders/claim')?.body).toEqual({ claim_token: 'secret-token' });
    expect(within(screen.getByRole('status')).getByRole('link', { name: 'Order PL-000041' })).toHaveAttribute('href', '/user/orders/41');
    // The list is read again, so the claimed order is in it.
    expect(network.requests.filter((request) => request.url.startsWith('/api/orders?')).length).toBeGreaterThanOrEqual(2);
  });

  it('says why a claim link did not work (used already or another e-mail)', async () => {
    claimAnswer = { status: 404, body: { message: 'Order not found.' } };
    renderPage('/user/orders?claim=used');
    expect(
      await screen.findByText('This order could not be added to your account: the link was already used, or the order was placed with another e-mail address.'),
    ).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url === '/api/orders/claim')).toHaveLength(1);
  });

  it('calls nothing without a session', async () => {
    resetStore();
    renderPage('/user/orders?claim=later');
    expect(await screen.findByText('Orders')).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });
});
