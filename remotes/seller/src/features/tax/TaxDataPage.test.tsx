import type { TaxStatus } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { TaxDataNotice } from '@preloved/ui';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { TaxDataPage, taxDataLoader } from './TaxDataPage';

// DAC7 on the seller's pages: the notice past the threshold, and the form that takes the tax details,
// shows each problem next to its field, and shows what was given back masked.

const PAUSED: TaxStatus = { year: 2026, sales: 31, consideration: 420, need: 'required', payouts_paused: true, data: null };
const GIVEN: TaxStatus = {
  ...PAUSED,
  payouts_paused: false,
  data: { kind: 'private', name: 'Rita Lopes', tin_masked: '••••6789', tin_country: 'PT', country: 'PT', given_at: '2026-11-29T10:00:00.000Z' },
};

describe('the seller’s tax details', () => {
  let sent: unknown[];
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    sent = [];
    server.use(
      http.get(api('/seller/tax'), () => HttpResponse.json(sent.length ? GIVEN : PAUSED)),
      http.put(api('/seller/tax'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(GIVEN);
      }),
    );
  });

  it('a notice says payouts are paused and leads to the form; nothing once the details are given', async () => {
    const { unmount } = renderWithProviders(<TaxDataNotice />);
    const notice = await screen.findByRole('region', { name: 'Payouts are paused: we need your tax details' });
    expect(notice).toHaveTextContent('You made 31 sales (€420.00) this year.');
    expect(within(notice).getByRole('link', { name: 'Give my tax details' })).toHaveAttribute('href', '/user/tax-data');
    unmount();
    server.use(http.get(api('/seller/tax'), () => HttpResponse.json(GIVEN)));
    renderWithProviders(<TaxDataNotice />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('refuses a wrong NIF check digit next to its field, then saves and shows the details masked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TaxDataPage />, { route: '/user/tax-data', path: '/user/tax-data', loader: taxDataLoader });
    expect(await screen.findByText('Your payouts are paused until you give your tax details.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Rita');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lopes');
    await user.type(screen.getByLabelText('Date of birth'), '1990-04-25');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Rua Augusta 10');
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '1100-053');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Lisboa');
    const tin = screen.getByRole('textbox', { name: 'Tax identification number (TIN)' });
    await user.type(tin, '123456780');
    await user.click(screen.getByRole('button', { name: 'Save my tax details' }));
    expect(tin).toHaveAccessibleDescription('A Portuguese NIF has 9 digits and a valid check digit, like 123456789.');
    expect(tin).toHaveFocus();
    expect(sent).toEqual([]);

    await user.clear(tin);
    await user.type(tin, '123456789');
    await user.click(screen.getByRole('button', { name: 'Save my tax details' }));
    expect(await screen.findByText('Your tax details are saved. Payouts go ahead as usual.')).toBeInTheDocument();
    expect(sent).toEqual([
      { kind: 'private', first_name: 'Rita', last_name: 'Lopes', birth_date: '1990-04-25', address: 'Rua Augusta 10', zip_code: '1100-053', city: 'Lisboa', country: 'PT', tin: '123456789', tin_country: 'PT' },
    ]);
    const given = screen.getByRole('region', { name: 'The details you gave' });
    expect(given).toHaveTextContent('••••6789 (issued in Portugal)');
    expect(given).not.toHaveTextContent('123456789');
    expect(tin).toHaveValue('');
  });
});
