import type { TradeIn } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { TradeInsPage, tradeInsLoader } from './TradeInsPage';

jest.setTimeout(30_000);

const tradeIn = (id: number, extra: Partial<TradeIn>): TradeIn => ({
  id,
  number: `TI-0000000${id}`,
  state: 'sent',
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
  tracking: `PLT00000000${id}`,
  return_tracking: null,
  credited: null,
  code: null,
  code_active: null,
  created_at: '2026-11-20T10:00:00Z',
  received_at: null,
  decided_at: null,
  ...extra,
});

// /user/trade-ins (issue 48): each trade-in's state, the code once paid, and the answer to a re-price.
describe('Trade-ins page (/user/trade-ins)', () => {
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
  });

  it('lists each trade-in with its state, the main-shop code once paid, and lets the customer accept a new price', async () => {
    const answered: unknown[] = [];
    const repriced = tradeIn(2, { state: 'repriced', price: 20, amounts: { money: 20, credit: 24, bonus: 4, bonus_percent: 20 }, reprice_reason: 'A small stain on the hem.', answer_by: '2026-12-04T10:00:00Z' });
    server.use(
      http.get('*/api/trade-ins', () => HttpResponse.json({ trade_ins: [tradeIn(1, { state: 'credited', credited: 36, code: 'PL-ABCDEFGHJKMN', code_active: true }), repriced, tradeIn(3, {})] })),
      http.post('*/api/trade-ins/2/answer', async ({ request }) => {
        answered.push(await request.json());
        return HttpResponse.json({ ...repriced, state: 'credited', credited: 24, code: 'PL-NMKJHGFEDCBA', code_active: true });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<TradeInsPage />, { route: '/user/trade-ins', path: '/user/trade-ins', loader: tradeInsLoader });
    const list = await screen.findByRole('list', { name: 'Your trade-ins' });
    const [paid, offer, sent] = within(list).getAllByRole('listitem');
    expect(within(paid!).getByText('Paid')).toBeInTheDocument();
    expect(within(paid!).getByText('PL-ABCDEFGHJKMN')).toBeInTheDocument();
    expect(within(sent!).getByText('On its way to our hub')).toBeInTheDocument();
    expect(within(sent!).getByRole('button', { name: 'Download the label' })).toBeInTheDocument();
    expect(within(offer!).getByText('A small stain on the hem.')).toBeInTheDocument();
    await user.click(within(offer!).getByRole('button', { name: 'Accept €24.00' }));
    expect(await within(offer!).findByText('PL-NMKJHGFEDCBA')).toBeInTheDocument();
    expect(answered).toEqual([{ answer: 'accept' }]);
  });

  it('says there are none yet', async () => {
    server.use(http.get('*/api/trade-ins', () => HttpResponse.json({ trade_ins: [] })));
    renderWithProviders(<TradeInsPage />, { route: '/user/trade-ins', path: '/user/trade-ins', loader: tradeInsLoader });
    expect(await screen.findByText('No trade-ins yet')).toBeInTheDocument();
  });
});
