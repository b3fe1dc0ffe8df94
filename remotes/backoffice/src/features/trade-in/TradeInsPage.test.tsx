import { DEFAULT_TRADE_IN_POLICY, type TradeInSettings, type TradeInStaffEntry } from '@preloved/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { TradeInsPage } from './TradeInsPage';

jest.setTimeout(30_000);

const entry: TradeInStaffEntry = {
  id: 4,
  number: 'TI-ABCDEFGH',
  state: 'at_hub',
  payout: 'credit',
  title: 'Linen wrap dress',
  colour: 'Ecru',
  size: 'M',
  condition_id: 2,
  offered: 30,
  price: 30,
  amounts: { money: 30, credit: 36, bonus: 6, bonus_percent: 20 },
  reprice_reason: null,
  answer_by: null,
  tracking: 'PLT000000004',
  return_tracking: null,
  credited: null,
  code: null,
  code_active: null,
  created_at: '2026-11-20T10:00:00Z',
  received_at: '2026-11-22T10:00:00Z',
  decided_at: null,
  customer: { id: 9, name: 'Rita Lopes', email: 'rita@example.com' },
  product_code: '3-8',
  condition: 'Like new',
  listing_id: null,
};
const settings: TradeInSettings = {
  policy: { ...DEFAULT_TRADE_IN_POLICY, rules: [{ category_id: 6, product_id: null, accepted: true, percent: 30, amount: null }] },
  categories: [
    { id: 6, name: 'Clothing' },
    { id: 7, name: 'Bags' },
  ],
  products: [{ id: 3, title: 'Linen wrap dress', category_id: 6 }],
  cost: { money: 10, credit: 20, bonus: 4, trade_ins: 2 },
};

// /backoffice/trade-ins (issue 48): the hub's check of trade-ins and the price table, by role.
describe('TradeInsPage (/backoffice/trade-ins)', () => {
  let decisions: unknown[];
  let saved: unknown[];
  beforeEach(() => {
    decisions = [];
    saved = [];
    server.use(
      http.get(api('/backoffice/trade-ins'), () => HttpResponse.json({ trade_ins: [entry] })),
      http.get(api('/backoffice/trade-ins/settings'), () => HttpResponse.json(settings)),
      http.post(api('/backoffice/trade-ins/4/decision'), async ({ request }) => {
        decisions.push(await request.json());
        return HttpResponse.json({ ...entry, state: 'credited', credited: 36 });
      }),
      http.put(api('/backoffice/trade-ins/settings'), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(settings);
      }),
    );
  });

  it('lets support confirm a piece at the hub and pay it, or re-price it with a price and a reason', async () => {
    const user = userEvent.setup();
    renderConsolePage(<TradeInsPage />, { role: 'support', route: '/backoffice/trade-ins?state=at_hub' });
    const card = await screen.findByRole('listitem', { name: 'TI-ABCDEFGH' });
    expect(within(card).getByText('Rita Lopes (rita@example.com)')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Confirm €36.00 and pay' }));
    await user.click(within(card).getByRole('radio', { name: 'Re-price it' }));
    await user.type(within(card).getByRole('textbox', { name: 'New price (€)' }), '20');
    await user.type(within(card).getByRole('textbox', { name: 'Reason (the customer reads it)' }), 'A small stain.');
    await user.click(within(card).getByRole('button', { name: 'Send the decision' }));
    await screen.findAllByText('Saved.');
    expect(decisions).toEqual([{ decision: 'confirm' }, { decision: 'reprice', price: 20, reason: 'A small stain.' }]);
    // Support reads the price table; only an admin changes it.
    expect(await screen.findByText('Only an admin changes the price table.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the price table' })).not.toBeInTheDocument();
  });

  it('shows finance the queue and the table without any action', async () => {
    renderConsolePage(<TradeInsPage />, { role: 'finance', route: '/backoffice/trade-ins?state=at_hub' });
    const card = await screen.findByRole('listitem', { name: 'TI-ABCDEFGH' });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(await screen.findByText(/Paid so far: €10.00 as wallet money/)).toBeInTheDocument();
  });

  it('lets an admin take bags in at an amount and save the table', async () => {
    const user = userEvent.setup();
    renderConsolePage(<TradeInsPage />, { role: 'admin' });
    await user.click(await screen.findByRole('checkbox', { name: 'Taken in: Bags' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (€) for Bags' }), '40');
    await user.click(screen.getByRole('button', { name: 'Save the price table' }));
    await screen.findByText('The price table is saved.');
    expect(saved).toEqual([
      expect.objectContaining({
        rules: [
          { category_id: 6, product_id: null, accepted: true, percent: 30, amount: null },
          { category_id: 7, product_id: null, accepted: true, percent: null, amount: 40 },
        ],
        bonus_percent: 20,
      }),
    ]);
  });
});
