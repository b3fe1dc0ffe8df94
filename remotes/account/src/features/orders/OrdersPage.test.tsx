import { i18n, startSessionAtom, store, userDataAtom } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type RecordedRequest } from '../../../../../tools/jest/fetch-stub';
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

const customer = { CustomerID: 7, FirstName: 'Ana', LastName: 'Silva', EmailAddress: 'ana@example.com' };

describe('Orders page', () => {
  let network: ReturnType<typeof stubFetch>;
  let orders: unknown[];
  let claimAnswer: { status?: number; body?: unknown };
  let extra: (request: RecordedRequest) => { status?: number; body?: unknown } | undefined;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0, userData: { customer: { ...customer, email_verified: false } } }));
    extra = () => undefined;
    orders = [summary, { ...summary, id: 40, number: 'PL-000040', date: '2026-09-28T10:00:00.000Z', total: 12, status: 'delivered', pieces: 1, delivery_date: '2026-10-02', delivery_date_estimated: false, tracking: [{ number: '09445012345678', carrier: 'dpd', url: 'https://tracking.dpd.de/status/pt_PT/parcel/09445012345678' }] }];
    claimAnswer = { body: paidOrder };
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/orders?')) return { body: { orders, count: orders.length } };
      if (request.url === '/api/orders/claim') return claimAnswer;
      if (request.url === '/api/customers/storefront') return { body: { customer: { ...customer, email_verified: true } } };
      return extra(request);
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

  it('links a parcel the store bought a label for to the tracking page Sendcloud gave, naming its carrier', async () => {
    const url = 'https://tracking.sendcloud.sc/forward?carrier=correos_express&code=3000000000123&destination=ES';
    orders = [{ ...summary, tracking: [{ number: '3000000000123', carrier: 'correos_express', url }] }];
    renderPage();
    const list = await screen.findByRole('list', { name: '1 order, newest first' });
    expect(within(list).getByRole('link', { name: 'Track 3000000000123 on the Correos Express site (opens in a new tab)' })).toHaveAttribute('href', url);
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

  it('says a claim link that cannot be used, translated from the code the API sends', async () => {
    claimAnswer = { status: 404, body: { code: 'claim_link_unusable', message: 'claim_link_unusable' } };
    renderPage('/user/orders?claim=old');
    expect(await screen.findByText(/^This link to add the order has expired or was already used\./)).toBeInTheDocument();
  });

  it('says a claim that needs a proven e-mail first, translated', async () => {
    claimAnswer = { status: 403, body: { code: 'email_not_verified', message: 'Confirm your e-mail address first.' } };
    renderPage('/user/orders?claim=paid');
    expect(await screen.findByText(/^Confirm your e-mail address first: open the link we sent you, or type its 6-digit code\./)).toBeInTheDocument();
  });

  it('reads the profile again after a claim link, which proves the e-mail', async () => {
    renderPage('/user/orders?claim=secret-token');
    await screen.findByText('Order PL-000041 is in your account now.');
    await waitFor(() => expect((store.get(userDataAtom)?.customer as { email_verified?: boolean }).email_verified).toBe(true));
  });

  describe('adding the orders placed as a guest', () => {
    const claimAllPosts = () => network.requests.filter((request) => request.method === 'POST' && request.url.startsWith('/api/orders/claim/'));
    beforeEach(() => {
      extra = (request) => {
        if (request.url === '/api/orders/claim/code') return { body: { message: 'sent' } };
        if (request.url !== '/api/orders/claim/all') return undefined;
        return (request.body as { code: string }).code === '123456'
          ? { body: { claimed: 3 } }
          : { status: 422, body: { code: 'email_code_wrong', message: 'email_code_wrong', fields: [{ field: 'code', key: 'email_code_wrong' }] } };
      };
    });

    it('mails a code, takes it, says how many orders joined and reads the list again', async () => {
      renderPage();
      const section = await screen.findByRole('region', { name: 'Add the orders you placed as a guest with ana@example.com' });
      await userEvent.click(within(section).getByRole('button', { name: 'E-mail me a code' }));
      const code = await within(section).findByRole('textbox', { name: 'Code from the e-mail' });
      expect(within(section).getByText('We sent a 6-digit code to ana@example.com. Type it here to add your guest orders.')).toBeInTheDocument();
      const listReads = network.requests.filter((request) => request.url.startsWith('/api/orders?')).length;
      await userEvent.type(code, '999999{Enter}');
      await waitFor(() => expect(code).toHaveAccessibleDescription(/^This code is not right/));
      await userEvent.clear(code);
      await userEvent.type(code, '123 456');
      await userEvent.click(within(section).getByRole('button', { name: 'Add my orders' }));
      expect(await within(section).findByRole('status')).toHaveTextContent('3 orders were added to your account.');
      expect(claimAllPosts()).toEqual([
        { method: 'POST', url: '/api/orders/claim/code', body: undefined },
        { method: 'POST', url: '/api/orders/claim/all', body: { code: '999999' } },
        { method: 'POST', url: '/api/orders/claim/all', body: { code: '123456' } },
      ]);
      await waitFor(() => expect(network.requests.filter((request) => request.url.startsWith('/api/orders?')).length).toBeGreaterThan(listReads));
    });

    it('says when a code cannot be sent now', async () => {
      extra = (request) => (request.url === '/api/orders/claim/code' ? { status: 429, body: { code: 'too_many_attempts', message: 'Too many' } } : undefined);
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many attempts\./);
      expect(screen.queryByRole('textbox', { name: 'Code from the e-mail' })).toBeNull();
    });

    it('speaks Portuguese to a Portuguese reader', async () => {
      await act(() => i18n.changeLanguage('pt'));
      try {
        renderPage();
        const section = await screen.findByRole('region', { name: 'Adicione as encomendas que fez como convidado com ana@example.com' });
        await userEvent.click(within(section).getByRole('button', { name: 'Enviar-me um código' }));
        await userEvent.type(await within(section).findByRole('textbox', { name: 'Código do e-mail' }), '123456{Enter}');
        expect(await within(section).findByRole('status')).toHaveTextContent('Foram adicionadas 3 encomendas à sua conta.');
      } finally {
        await act(() => i18n.changeLanguage('en'));
      }
    });
  });

  it('calls nothing without a session', async () => {
    resetStore();
    renderPage('/user/orders?claim=later');
    expect(await screen.findByText('Orders')).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });
});
