import type { CustomerDetail } from '@preloved/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { CustomerPage } from './CustomerPage';
import { CustomersPage } from './CustomersPage';

const marta: CustomerDetail = {
  id: 3,
  name: 'Marta Silva',
  email: 'marta@example.com',
  verified: true,
  blocked: false,
  since: '2026-01-05T10:00:00Z',
  language: 'pt',
  blocked_at: null,
  blocked_reason: null,
  orders: [{ order_id: 8, number: 'PO-0000008', email: 'marta@example.com', total: 52, placed_at: '2026-11-02T10:00:00Z', status: 'delivered' }],
  sales: [],
  listings: [],
  offers: { made: 2, received: 5 },
  wallet: { total: 80, pending: 20, available: 60, frozen: false },
  sign_ins: [{ at: '2026-11-20T10:00:00Z', live: true }],
};

describe('CustomersPage (/backoffice/customers)', () => {
  it('searches what was typed and shows customers, orders and listings apart', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      http.get(api('/backoffice/search'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({
          customers: [{ id: 3, name: 'Marta Silva', email: 'marta@example.com', verified: true, blocked: false, since: '2026-01-05T10:00:00Z' }],
          orders: [{ order_id: 8, number: 'PO-0000008', email: 'marta@example.com', total: 52, placed_at: '2026-11-02T10:00:00Z', status: 'delivered' }],
          listings: [{ listing_id: 21, number: 'L-000021', title: 'Wool coat', status: 'sold', seller_id: 3, price: 45 }],
        });
      }),
    );
    renderConsolePage(<CustomersPage />, { role: 'support', route: '/backoffice/customers' });
    await user.type(screen.getByRole('searchbox', { name: 'E-mail, name, order number, tracking number or listing id' }), 'marta');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const customers = await screen.findByRole('region', { name: 'Accounts' });
    expect(within(customers).getByRole('link', { name: 'Open Marta Silva' })).toHaveAttribute('href', '/backoffice/customers/3');
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(within(orders).getByText('PO-0000008')).toBeInTheDocument();
    expect(orders).toHaveTextContent('Delivered');
    const listings = screen.getByRole('region', { name: 'Listings' });
    expect(listings).toHaveTextContent('L-000021 · Wool coat · €45.00 · Sold');
    expect(within(listings).getByRole('link', { name: 'Seller of L-000021' })).toHaveAttribute('href', '/backoffice/customers/3');
    expect(asked).toEqual(['marta']);
  });

  it('searches what the URL asks, and says when nothing matches', async () => {
    const asked: string[] = [];
    server.use(
      http.get(api('/backoffice/search'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({ customers: [], orders: [], listings: [] });
      }),
    );
    renderConsolePage(<CustomersPage />, { role: 'finance', route: '/backoffice/customers?q=PO-0000999' });
    expect(await screen.findByText('Nothing matches “PO-0000999”.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'E-mail, name, order number, tracking number or listing id' })).toHaveValue('PO-0000999');
    expect(screen.queryByRole('region', { name: 'Accounts' })).not.toBeInTheDocument();
    expect(asked).toEqual(['PO-0000999']);
  });

  it('asks nothing before something is typed', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      http.get(api('/backoffice/search'), () => {
        asked.push('search');
        return HttpResponse.json({ customers: [], orders: [], listings: [] });
      }),
    );
    renderConsolePage(<CustomersPage />, { role: 'admin', route: '/backoffice/customers' });
    await user.type(screen.getByRole('searchbox', { name: 'E-mail, name, order number, tracking number or listing id' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});

describe('CustomerPage (/backoffice/customers/:customerId)', () => {
  it('shows the record and blocks the customer with a reason, refusing it without one', async () => {
    const user = userEvent.setup();
    const blocks: unknown[] = [];
    let current = marta;
    server.use(
      http.get(api('/backoffice/customers/3'), () => HttpResponse.json(current)),
      http.post(api('/backoffice/customers/3/blocked'), async ({ request }) => {
        const body = (await request.json()) as { blocked: boolean; reason: string };
        blocks.push(body);
        current = { ...current, blocked: true, blocked_at: '2026-11-21T10:00:00Z', blocked_reason: body.reason };
        return HttpResponse.json(current);
      }),
    );
    renderConsolePage(<CustomerPage />, { role: 'support', route: '/backoffice/customers/3', path: '/backoffice/customers/:customerId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Marta Silva' })).toBeInTheDocument();
    expect(screen.getByText('2 made · 5 received')).toBeInTheDocument();
    expect(screen.getByText('Portuguese')).toBeInTheDocument();
    const wallet = screen.getByRole('region', { name: 'Wallet' });
    expect(wallet).toHaveTextContent('Total€80.00');
    expect(within(wallet).getByText('€60.00')).toBeInTheDocument();
    const order = within(screen.getByRole('region', { name: 'Orders' })).getByRole('rowheader', { name: 'PO-0000008' }).closest('tr')!;
    expect(within(order).getByRole('cell', { name: 'Delivered' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sales' })).getByText('None.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Recent sign-ins' })).getByRole('cell', { name: 'Still signed in' })).toBeInTheDocument();
    const block = screen.getByRole('region', { name: 'Block this customer' });
    expect(block).toHaveTextContent('their sessions end at once, their pieces are taken off sale and no money leaves their wallet');

    await user.click(within(block).getByRole('button', { name: 'Block this customer' }));
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Write the reason for the audit log.');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    expect(blocks).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Sold counterfeits twice.');
    await user.click(screen.getByRole('button', { name: 'Block this customer' }));
    expect(await screen.findByText(/Blocked on .*: Sold counterfeits twice\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unblock this customer' })).toBeInTheDocument());
    expect(await screen.findByText('The customer is blocked.')).toBeInTheDocument();
    expect(blocks).toEqual([{ blocked: true, reason: 'Sold counterfeits twice.' }]);
  });

  it('unblocks a blocked customer with a reason', async () => {
    const user = userEvent.setup();
    const blocks: unknown[] = [];
    server.use(
      http.get(api('/backoffice/customers/3'), () =>
        HttpResponse.json({ ...marta, blocked: true, blocked_at: '2026-11-21T10:00:00Z', blocked_reason: 'Sold counterfeits twice.', wallet: { ...marta.wallet, frozen: true } }),
      ),
      http.post(api('/backoffice/customers/3/blocked'), async ({ request }) => {
        blocks.push(await request.json());
        return HttpResponse.json(marta);
      }),
    );
    renderConsolePage(<CustomerPage />, { role: 'admin', route: '/backoffice/customers/3', path: '/backoffice/customers/:customerId' });
    expect(await screen.findByText('Payouts frozen')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Proved the pieces genuine.');
    await user.click(screen.getByRole('button', { name: 'Unblock this customer' }));
    expect(await screen.findByText('The customer is unblocked.')).toBeInTheDocument();
    expect(blocks).toEqual([{ blocked: false, reason: 'Proved the pieces genuine.' }]);
  });
});
