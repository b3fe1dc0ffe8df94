import type { Sale } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { SalesPage, salesLoader } from './SalesPage';

const toShip: Sale = {
  id: 7,
  order_number: 'PL-000041',
  date: '2026-11-20T10:00:00.000Z',
  buyer: 'Ana',
  ship_by: '2026-11-27',
  shipped_at: null,
  tracking_number: null,
  status: 'paid',
  products: [{ listing_id: 3, title: 'Wool coat', photo: '/img/coat.jpg', options: { O1Child: 'Camel', O2Child: 'M' }, price: 45 }],
  amount: 45,
};
const shipped: Sale = { ...toShip, id: 5, order_number: 'PL-000030', shipped_at: '2026-11-10T09:00:00.000Z', tracking_number: 'CT123PT', status: 'shipped' };

const fact = (scope: HTMLElement, name: string) => within(scope).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Sales page', () => {
  let network: ReturnType<typeof stubFetch>;
  let sales: Sale[];
  let shippedAnswer: { status?: number; body?: unknown } | undefined;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    sales = [toShip, shipped];
    shippedAnswer = undefined;
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/sales?')) return { body: { sales, count: sales.length } };
      if (request.url === '/api/sales/7/shipped') {
        const body = request.body as { tracking_number: string };
        return shippedAnswer ?? { body: { ...toShip, status: 'shipped', shipped_at: '2026-11-24T09:00:00.000Z', tracking_number: body.tracking_number.toUpperCase() } };
      }
      if (/^\/api\/sales\/\d+\/label$/.test(request.url)) return { body: { message: 'The label e-mail has been sent again.' } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<SalesPage />, { route: '/user/sales', path: '/user/sales', loader: salesLoader });
  const sale = (number: string) => screen.findByRole('article', { name: `Order ${number}` });

  it('lists each sale with its order number, date, pieces, ship-by date, status and tracking number', async () => {
    renderPage();
    const open = await sale('PL-000041');
    expect(screen.getByText('2 sales, newest first')).toBeInTheDocument();
    expect(within(open).getByText('To ship')).toBeInTheDocument();
    expect(within(open).getByText('Sold on 20 November 2026 to Ana')).toBeInTheDocument();
    expect(within(open).getByText('Wool coat')).toBeInTheDocument();
    expect(within(open).getByText('Camel · Size M')).toBeInTheDocument();
    // The piece's price in the list, and what the seller receives (no bundle discount here: the same).
    expect(within(open).getAllByText('€45.00')).toHaveLength(2);
    expect(fact(open, 'You receive')).toBe('€45.00');
    expect(fact(open, 'Ship by')).toBe('27 November 2026');
    expect(fact(open, 'Tracking number')).toBe('Not shipped yet');
    expect(within(open).getByRole('textbox', { name: 'Tracking number' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Mark as shipped' })).toBeInTheDocument();

    const sent = await sale('PL-000030');
    expect(within(sent).getByText('Shipped')).toBeInTheDocument();
    expect(fact(sent, 'Tracking number')).toBe('CT123PT');
    expect(fact(sent, 'Shipped on')).toBe('10 November 2026');
    expect(within(sent).queryByRole('textbox', { name: 'Tracking number' })).not.toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Resend label e-mail' })).toBeInTheDocument();
    expect(network.requests[0]?.url).toBe('/api/sales?page=1');
  });

  it('with no sale, says so', async () => {
    sales = [];
    renderPage();
    expect(await screen.findByRole('heading', { name: "You haven't sold anything yet." })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('marks a package shipped with its tracking number and shows it in place of the form', async () => {
    renderPage();
    const open = await sale('PL-000041');
    await userEvent.type(within(open).getByRole('textbox', { name: 'Tracking number' }), 'ct 987-pt');
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText('Order PL-000041 is marked as shipped. The buyer has its tracking number.')).toBeInTheDocument();
    expect(fact(open, 'Tracking number')).toBe('CT 987-PT');
    expect(within(open).getByText('Shipped')).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: 'Mark as shipped' })).not.toBeInTheDocument();
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/sales/7/shipped', body: { tracking_number: 'ct 987-pt' } },
    ]);
  });

  it('says what is wrong next to the field before sending: a missing or malformed number', async () => {
    renderPage();
    const open = await sale('PL-000041');
    const field = within(open).getByRole('textbox', { name: 'Tracking number' });
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(field).toHaveAccessibleDescription('Please enter the tracking number.');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'CT#1');
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(field).toHaveAccessibleDescription('A tracking number has letters, digits, spaces and dashes only.');
    expect(network.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('shows the API’s refusal next to the field', async () => {
    shippedAnswer = { status: 422, body: { statusCode: 422, message: 'invalid_tracking_number', fields: [{ field: 'tracking_number', key: 'invalid_tracking_number' }] } };
    renderPage();
    const open = await sale('PL-000041');
    const field = within(open).getByRole('textbox', { name: 'Tracking number' });
    await userEvent.type(field, 'CT1');
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(open).findByText('A tracking number has letters, digits, spaces and dashes only.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('A tracking number has letters, digits, spaces and dashes only.');
    expect(fact(open, 'Tracking number')).toBe('Not shipped yet');
  });

  it('says in the package when the API refuses for another reason (already delivered)', async () => {
    shippedAnswer = { status: 409, body: { statusCode: 409, message: 'This order is already delivered.' } };
    renderPage();
    const open = await sale('PL-000041');
    await userEvent.type(within(open).getByRole('textbox', { name: 'Tracking number' }), 'CT1');
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(open).findByText('This order is already delivered.')).toBeInTheDocument();
  });

  it('sends the label e-mail again for a sale and says so', async () => {
    renderPage();
    const sent = await sale('PL-000030');
    await userEvent.click(within(sent).getByRole('button', { name: 'Resend label e-mail' }));
    expect(await screen.findByText('The shipping label for order PL-000030 has been sent to your e-mail again.')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([{ method: 'POST', url: '/api/sales/5/label', body: undefined }]);
  });

  it('calls nothing without a session', async () => {
    resetStore();
    renderPage();
    expect(await screen.findByText('Sales')).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });
});
