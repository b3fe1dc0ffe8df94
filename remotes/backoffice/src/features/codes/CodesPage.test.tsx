import type { DiscountCodeEntry } from '@preloved/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { CodesPage, momentOf } from './CodesPage';

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
        const state = ({ pause: 'paused', resume: 'live', end: 'ended' } as const)[String(params.action) as 'pause' | 'resume' | 'end'];
        codes = codes.map((code) => (code.code === params.code ? { ...code, state } : code));
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

  it('pauses a live code, the focus staying on the button that now resumes it', async () => {
    const user = userEvent.setup();
    renderConsolePage(<CodesPage />);
    await user.click(await screen.findByRole('button', { name: 'Pause WELCOME10' }));
    expect(await screen.findByRole('button', { name: 'Resume WELCOME10' })).toHaveFocus();
    expect(screen.getByRole('rowheader', { name: 'WELCOME10' }).closest('tr')!).toHaveTextContent('Paused');
    expect(await screen.findByText('WELCOME10 is paused.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: 'WELCOME10/pause', body: null }]);
  });

  it('ends a code only once the member confirms it', async () => {
    const user = userEvent.setup();
    renderConsolePage(<CodesPage />);
    await user.click(await screen.findByRole('button', { name: 'End WELCOME10' }));
    const dialog = screen.getByRole('alertdialog', { name: 'End WELCOME10 for good? It cannot be used again.' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'End WELCOME10' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End WELCOME10' }));
    const row = screen.getByRole('rowheader', { name: 'WELCOME10' }).closest('tr')!;
    expect(await within(row).findByText('Ended')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^(Pause|Resume|End) / })).not.toBeInTheDocument();
    // The button that had the focus is gone: it goes to the row's first button.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'See the redemptions of WELCOME10' })).toHaveFocus());
    expect(sent).toEqual([{ path: 'WELCOME10/end', body: null }]);
  });

  it('closes the redemptions and takes the focus back to the button that opened them', async () => {
    const user = userEvent.setup();
    renderConsolePage(<CodesPage />);
    const see = await screen.findByRole('button', { name: 'See the redemptions of WELCOME10' });
    expect(see).toHaveAttribute('aria-expanded', 'false');
    await user.click(see);
    expect(see).toHaveAttribute('aria-expanded', 'true');
    const redemptions = screen.getByRole('region', { name: 'Redemptions of WELCOME10' });
    await user.click(within(redemptions).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Redemptions of WELCOME10' })).not.toBeInTheDocument();
    expect(see).toHaveFocus();
  });

  it('shows the server’s refusal next to its field: a code that exists already', async () => {
    const user = userEvent.setup();
    server.use(http.post(api('/backoffice/codes'), () => HttpResponse.json({ code: 'discount_code_taken', message: 'This code exists already.', fields: [{ field: 'code', key: 'discount_code_taken' }] }, { status: 409 })));
    renderConsolePage(<CodesPage />);
    const create = await screen.findByRole('region', { name: 'Create a code' });
    await user.type(within(create).getByRole('textbox', { name: 'Code' }), 'WELCOME10');
    await user.type(within(create).getByRole('textbox', { name: 'How much off' }), '10');
    await user.click(within(create).getByRole('button', { name: 'Create the code' }));
    await waitFor(() => expect(within(create).getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription('This code exists already.'));
    expect(within(create).getByRole('textbox', { name: 'Code' })).toHaveFocus();
    expect(within(create).getByRole('textbox', { name: 'How much off' })).not.toHaveAccessibleDescription();
  });

  it('sends the window in the member’s clock with its offset, and refuses an end before the start', async () => {
    const user = userEvent.setup();
    renderConsolePage(<CodesPage />);
    const create = await screen.findByRole('region', { name: 'Create a code' });
    await user.type(within(create).getByRole('textbox', { name: 'Code' }), 'WINTER');
    await user.type(within(create).getByRole('textbox', { name: 'How much off' }), '15');
    fireEvent.change(within(create).getByLabelText('Starts (optional)'), { target: { value: '2026-12-10T09:00' } });
    fireEvent.change(within(create).getByLabelText('Ends (optional)'), { target: { value: '2026-12-01T09:00' } });
    await user.click(within(create).getByRole('button', { name: 'Create the code' }));
    expect(within(create).getByLabelText('Ends (optional)')).toHaveAccessibleDescription('The end must come after the start.');
    expect(sent).toEqual([]);

    fireEvent.change(within(create).getByLabelText('Ends (optional)'), { target: { value: '2026-12-31T23:30' } });
    await user.click(within(create).getByRole('button', { name: 'Create the code' }));
    expect(await screen.findByRole('rowheader', { name: 'WINTER' })).toBeInTheDocument();
    expect(sent[0]!.body).toMatchObject({ code: 'WINTER', percent_off: 15, amount_off: null, starts_at: momentOf('2026-12-10T09:00'), ends_at: momentOf('2026-12-31T23:30') });
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

describe('momentOf', () => {
  it('reads a datetime-local value as an ISO moment with the offset of the member’s clock', () => {
    const moment = momentOf('2026-07-01T09:30')!;
    expect(moment).toMatch(/^2026-07-01T09:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(moment).getTime()).toBe(new Date(2026, 6, 1, 9, 30).getTime());
    expect(momentOf('')).toBeNull();
    expect(momentOf('soon')).toBe('soon');
  });
});
