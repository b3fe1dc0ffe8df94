import type { HeldIban } from '@preloved/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { PayoutsPage } from './PayoutsPage';

const held: HeldIban = {
  customer_id: 9,
  name: 'Fábio Sousa',
  email: 'fabio@example.com',
  iban: 'PT •••• 0154',
  hold_until: '2026-11-30T10:00:00Z',
  frozen: false,
  account_since: '2026-02-01T10:00:00Z',
  verified: false,
  sales: 3,
  available: 120.5,
};

describe('PayoutsPage (/backoffice/payouts)', () => {
  let decisions: unknown[];
  let transferQueries: string[];
  beforeEach(() => {
    decisions = [];
    transferQueries = [];
    let list = [held];
    server.use(
      http.get(api('/backoffice/payouts/held'), () => HttpResponse.json({ held: list })),
      http.post(api('/backoffice/payouts/held/9'), async ({ request }) => {
        decisions.push(await request.json());
        list = [];
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(api('/backoffice/payouts/transfers'), ({ request }) => {
        transferQueries.push(new URL(request.url).search);
        return HttpResponse.json({ transfers: [{ kind: 'bank_transfer', reference: 'BT-1A2B3C', customer_id: 9, name: 'Fábio Sousa', amount: 48.5, state: 'due', at: '2026-11-20T10:00:00Z' }] });
      }),
      http.get(api('/backoffice/ledger'), () =>
        HttpResponse.json({ ok: false, mismatches: ['wallet 9: total 10 <> entries 12'], totals: { orders: 4, walletCodeBonus: 12.5 }, wallets: [] }),
      ),
    );
  });

  it('approves a held IBAN with a reason, refusing it without one', async () => {
    const user = userEvent.setup();
    renderConsolePage(<PayoutsPage />, { role: 'finance' });
    const card = await screen.findByRole('article', { name: 'Fábio Sousa · fabio@example.com' });
    expect(within(card).getByText('PT •••• 0154')).toBeInTheDocument();
    expect(within(card).getByText('€120.50')).toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: 'Approve: the hold ends now' }));
    await user.click(within(card).getByRole('button', { name: 'Send the decision' }));
    expect(within(card).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Write the reason for the audit log.');
    expect(decisions).toEqual([]);

    await user.type(within(card).getByRole('textbox', { name: 'Reason' }), 'Called the seller back.');
    await user.click(within(card).getByRole('button', { name: 'Send the decision' }));
    expect(await screen.findByText('No IBAN change is on hold.')).toBeInTheDocument();
    expect(decisions).toEqual([{ decision: 'approve', reason: 'Called the seller back.' }]);
  });

  it('filters the transfers by state and says when the ledger does not balance', async () => {
    const user = userEvent.setup();
    renderConsolePage(<PayoutsPage />, { role: 'finance', route: '/backoffice/payouts' });
    expect(await screen.findByRole('cell', { name: 'BT-1A2B3C' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Due' }));
    await screen.findByRole('link', { name: 'Due', current: 'page' });
    expect(transferQueries.at(-1)).toBe('?state=due');
    expect(await screen.findByText('1 mismatch in the ledger: look at it before paying anyone.')).toBeInTheDocument();
    expect(screen.getByText('wallet 9: total 10 <> entries 12')).toBeInTheDocument();
    expect(screen.getByText('Store-credit bonus')).toBeInTheDocument();
  });

  it('asks for the state in the URL, and says so when every cent is accounted for', async () => {
    server.use(
      http.get(api('/backoffice/payouts/held'), () => HttpResponse.json({ held: [] })),
      http.get(api('/backoffice/ledger'), () =>
        HttpResponse.json({ ok: true, mismatches: [], totals: { orders: 4, someNewTotal: 7 }, wallets: [{ customer_id: 9, credited: 200, paid_out: 48.5, pending: 31.5, available: 120 }] }),
      ),
    );
    renderConsolePage(<PayoutsPage />, { role: 'admin', route: '/backoffice/payouts?state=failed' });
    expect(await screen.findByText('Every cent is accounted for.')).toHaveAttribute('role', 'status');
    expect(transferQueries).toEqual(['?state=failed']);
    expect(screen.getByRole('link', { name: 'Failed' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('No IBAN change is on hold.')).toBeInTheDocument();
    expect(screen.getByText('someNewTotal')).toBeInTheDocument();
    const wallets = screen.getByRole('table', { name: 'The largest wallets' });
    expect(within(wallets).getByRole('cell', { name: '€120.00' })).toBeInTheDocument();
  });
});
