import type { DiscountCodeEntry } from '@preloved/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { CodesPage } from './CodesPage';

const welcome: DiscountCodeEntry = {
  code: 'WELCOME10',
  percent_off: 10,
  amount_off: null,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  uses: 2,
  max_uses_per_shopper: 1,
  first_order_only: true,
  min_order: null,
  max_discount: 15,
  state: 'live',
  redemptions: 2,
  cost: 9.5,
};

describe('CodesPage (/backoffice/codes)', () => {
  let sent: Array<{ path: string; body: unknown }>;
  beforeEach(() => {
    sent = [];
    let codes = [welcome];
    server.use(
      http.get(api('/backoffice/codes'), () => HttpResponse.json({ codes })),
      http.post(api('/backoffice/codes'), async ({ request }) => {
        const body = (await request.json()) as { code: string };
        sent.push({ path: 'codes', body });
        const created = { ...welcome, ...body, state: 'live' as const, redemptions: 0, cost: 0, uses: 0 };
        codes = [...codes, created];
        return HttpResponse.json(created, { status: 201 });
      }),
      http.post(api('/backoffice/codes/:code/:action'), ({ params }) => {
        sent.push({ path: `${String(params.code)}/${String(params.action)}`, body: null });
        codes = codes.map((code) => (code.code === params.code ? { ...code, state: 'paused' as const } : code));
        return HttpResponse.json(codes[0]);
      }),
      http.get(api('/backoffice/codes/WELCOME10/redemptions'), () =>
        HttpResponse.json({ code: 'WELCOME10', redemptions: [{ order_id: 5, number: 'PO-0000005', shopper_email: 'rita@example.com', amount: 4.5, at: '2026-11-20T10:00:00Z' }] }),
      ),
    );
  });

  it('lists a code with its rules, state, redemptions and cost, and shows who used it', async () => {
    const user = userEvent.setup();
    renderConsolePage(<CodesPage />);
    const row = (await screen.findByRole('rowheader', { name: 'WELCOME10' })).closest('tr')!;
    expect(within(row).getByText('1 per shopper · First order only · At most €15.00 off')).toBeInTheDocument();
    expect(within(row).getByText('Live')).toBeInTheDocument();
    expect(within(row).getByText('€9.50')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'See the redemptions of WELCOME10' }));
    const redemptions = await screen.findByRole('region', { name: 'Redemptions of WELCOME10' });
    expect(await within(redemptions).findByRole('cell', { name: 'rita@example.com' })).toBeInTheDocument();
    expect(within(redemptions).getByRole('heading', { name: 'Redemptions of WELCOME10' })).toHaveFocus();
  });

  it('pauses a live code', async () => {
    const user = userEvent.setup();
    renderConsolePage(<CodesPage />);
    await user.click(await screen.findByRole('button', { name: 'Pause WELCOME10' }));
    expect(await screen.findByRole('button', { name: 'Resume WELCOME10' })).toBeInTheDocument();
    expect(sent).toEqual([{ path: 'WELCOME10/pause', body: null }]);
  });

  it('says what a new code lacks next to its field, then creates it with the rules typed', async () => {
    const user = userEvent.setup();
    renderConsolePage(<CodesPage />);
    const create = await screen.findByRole('region', { name: 'Create a code' });
    await user.type(within(create).getByRole('textbox', { name: 'Code' }), 'x!');
    await user.click(within(create).getByRole('button', { name: 'Create the code' }));
    expect(within(create).getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription('A code is 3 to 30 letters, digits or hyphens.');
    expect(within(create).getByRole('textbox', { name: 'How much off' })).toHaveAccessibleDescription('A number above zero.');
    expect(sent).toEqual([]);

    const code = within(create).getByRole('textbox', { name: 'Code' });
    await user.clear(code);
    await user.type(code, 'autumn-20');
    await user.selectOptions(within(create).getByRole('combobox', { name: 'Kind of discount' }), 'amount');
    await user.type(within(create).getByRole('textbox', { name: 'How much off' }), '7,50');
    await user.type(within(create).getByRole('textbox', { name: 'Minimum order, € (optional)' }), '40');
    await user.click(within(create).getByRole('checkbox', { name: 'Only on a shopper’s first order' }));
    await user.click(within(create).getByRole('button', { name: 'Create the code' }));
    expect(await screen.findByRole('rowheader', { name: 'AUTUMN-20' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        path: 'codes',
        body: {
          code: 'AUTUMN-20',
          percent_off: null,
          amount_off: 7.5,
          starts_at: null,
          ends_at: null,
          max_uses: null,
          max_uses_per_shopper: null,
          first_order_only: true,
          min_order: 40,
          max_discount: null,
        },
      },
    ]);
  });
});
