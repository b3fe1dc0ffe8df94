import type { Wallet } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { WalletPage, walletLoader } from './WalletPage';

const IBAN = 'PT50000201231234567890154';
const base: Wallet = {
  total_credit: 75.5,
  pending: 45,
  available: 30.5,
  currency_symb_code: 'EUR',
  bounds: { bank_transfer: { min: 10, max: 5000 }, discount_code: { min: 5, max: 1000 } },
  bank_transfer_percent: 97,
  iban: IBAN,
  activity: [
    { id: 3, type: 'discount_code', amount: -10, date: '2026-11-21T10:00:00.000Z', code: 'PL-ABCDEFGHJKMN', status: 'inactive', available_from: null },
    { id: 2, type: 'listing_sale_deposit', amount: 45, date: '2026-11-20T10:00:00.000Z', code: 'PO-0000041', status: 'pending', available_from: '2026-12-02T00:00:00.000Z' },
    { id: 1, type: 'listing_sale_deposit', amount: 40.5, date: '2026-11-01T10:00:00.000Z', code: 'PO-0000012', status: 'available', available_from: null },
  ],
  count: 3,
};

describe('Wallet page', () => {
  let network: ReturnType<typeof stubFetch>;
  let wallet: Wallet;
  let refusal: { status: number; body: unknown } | undefined;
  let payoutAnswer: { status?: number; body: unknown } | undefined;
  beforeEach(() => {
    payoutAnswer = undefined;
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    wallet = base;
    refusal = undefined;
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/wallet?')) return { body: wallet };
      if (request.url === '/api/customers/payout' && request.method === 'GET') return { body: { method: 'wallet', iban: wallet.iban, onboarded: true } };
      if (request.url === '/api/customers/payout') return payoutAnswer ?? { body: { method: 'wallet', iban: IBAN, onboarded: true, iban_hold_until: null } };
      if (request.url === '/api/wallet/transfers') {
        if (refusal) return refusal;
        return {
          body: {
            ...wallet,
            total_credit: 55.5,
            available: 10.5,
            activity: [
              { id: 5, type: 'transaction_fee', amount: -0.6, date: '2026-11-22T10:00:00.000Z', code: 'BT-1A2B3C4D5E', status: 'sent', available_from: null },
              { id: 4, type: 'bank_transfer', amount: -19.4, date: '2026-11-22T10:00:00.000Z', code: 'BT-1A2B3C4D5E', status: 'sent', available_from: null },
              ...wallet.activity,
            ],
            count: 5,
          },
        };
      }
      if (request.url === '/api/wallet/codes') {
        return {
          body: {
            discount_code: { code: 'PL-NEWCODE23456', amount: 12.5, active: true },
            wallet: { ...wallet, available: 18, activity: [{ id: 6, type: 'discount_code', amount: -12.5, date: '2026-11-22T11:00:00.000Z', code: 'PL-NEWCODE23456', status: 'active', available_from: null }, ...wallet.activity] },
          },
        };
      }
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<WalletPage />, { route: '/user/wallet', path: '/user/wallet', loader: walletLoader });
  const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

  it('shows the total credit, pending and available, and each movement with type, amount, date, code and status', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Wallet' });
    expect(fact('Total credit')).toBe('€75.50');
    expect(fact('Pending')).toBe('€45.00');
    expect(fact('Available')).toBe('€30.50');
    const pending = screen.getByRole('article', { name: 'Listing sale deposit €45.00' });
    expect(within(pending).getByText('PO-0000041')).toBeInTheDocument();
    expect(within(pending).getByText('20 November 2026')).toBeInTheDocument();
    expect(within(pending).getByText('Pending · available from 2 December 2026')).toBeInTheDocument();
    const code = screen.getByRole('article', { name: 'Discount code -€10.00' });
    expect(within(code).getByText('PL-ABCDEFGHJKMN')).toBeInTheDocument();
    expect(within(code).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getAllByText('Between €10.00 and €5,000.00.')).toHaveLength(1);
    expect(screen.getByText('Between €5.00 and €1,000.00.')).toBeInTheDocument();
  });

  it('says when a sale frees up: after the delivery, on hold while the buyer reports a problem, taken back when refunded', async () => {
    wallet = {
      ...base,
      activity: [
        { id: 9, type: 'sale_refund', amount: -20, date: '2026-11-23T10:00:00.000Z', code: 'PO-0000050', status: 'refunded', available_from: null },
        { id: 8, type: 'listing_sale_deposit', amount: 20, date: '2026-11-19T10:00:00.000Z', code: 'PO-0000050', status: 'available', available_from: null },
        { id: 7, type: 'listing_sale_deposit', amount: 33, date: '2026-11-22T10:00:00.000Z', code: 'PO-0000049', status: 'on_hold', available_from: null },
        { id: 6, type: 'listing_sale_deposit', amount: 12, date: '2026-11-22T10:00:00.000Z', code: 'PO-0000048', status: 'pending', available_from: null },
      ],
      count: 4,
    };
    renderPage();
    await screen.findByRole('heading', { name: 'Wallet' });
    expect(screen.getByText(/pending until the carrier has delivered the parcel and 2 days have passed/)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Listing sale deposit €12.00' })).getByText('Pending · available 2 days after the delivery')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Listing sale deposit €33.00' })).getByText('On hold: the buyer reported a problem')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Sale refunded -€20.00' })).getByText('Refunded to the buyer')).toBeInTheDocument();
  });

  it('checks a transfer amount before sending it, shows what the bank receives, and lists the transfer and its fee', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Bank transfer' });
    expect(within(form).getByText(/To PT50 •••• •••• 0154\. You receive 97%/)).toBeInTheDocument();
    const amount = within(form).getByRole('textbox', { name: 'Amount (€)' });
    const send = within(form).getByRole('button', { name: 'Transfer' });
    for (const [typed, message] of [
      ['', 'Please enter an amount.'],
      ['10.001', 'Please enter an amount in euros above zero, with at most 2 decimals.'],
      ['-5', 'Please enter an amount in euros above zero, with at most 2 decimals.'],
      ['9.99', 'The amount is below the minimum.'],
      ['30.51', 'You do not have enough available credit.'],
    ] as const) {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await user.click(send);
      expect(amount).toHaveAccessibleDescription(message);
      expect(amount).toHaveFocus();
    }
    expect(network.requests.some((request) => request.url === '/api/wallet/transfers')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '20,00');
    expect(within(form).getByText('You receive €19.40.')).toBeInTheDocument();
    await user.click(send);
    expect(await screen.findByRole('article', { name: 'Transaction fee -€0.60' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Bank transfer -€19.40' })).toBeInTheDocument();
    expect(network.requests.find((request) => request.url === '/api/wallet/transfers')?.body).toEqual({ amount: 20 });
    expect(fact('Available')).toBe('€10.50');
  });

  it("shows the API's refusal next to the amount", async () => {
    const user = userEvent.setup();
    refusal = { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'You do not have enough available credit.', fields: [{ field: 'amount', key: 'insufficient_credit' }] } };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Bank transfer' });
    const amount = within(form).getByRole('textbox', { name: 'Amount (€)' });
    await user.type(amount, '15');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    await screen.findByText('You do not have enough available credit.');
    expect(amount).toHaveAccessibleDescription('You do not have enough available credit.');
  });

  it('asks for an IBAN when none is saved and saves it before a transfer', async () => {
    const user = userEvent.setup();
    wallet = { ...base, iban: null };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Save IBAN' });
    expect(within(form).getByText('Please enter your IBAN to transfer your credit to your bank account.')).toBeInTheDocument();
    const iban = within(form).getByRole('textbox', { name: 'IBAN' });
    await user.type(iban, 'PT50 0002 0123 1234 5678 9016 4');
    await user.click(within(form).getByRole('button', { name: 'Save IBAN' }));
    expect(iban).toHaveAccessibleDescription('Please enter a valid IBAN.');
    await user.clear(iban);
    await user.type(iban, 'PT50 0002 0123 1234 5678 9015 4');
    await user.click(within(form).getByRole('button', { name: 'Save IBAN' }));
    expect(await screen.findByRole('form', { name: 'Bank transfer' })).toBeInTheDocument();
    expect(network.requests.find((request) => request.method === 'PUT')?.body).toEqual({ method: 'wallet', iban: 'PT50 0002 0123 1234 5678 9015 4' });
  });

  it('changes the saved IBAN only with the current password, showing the refusal next to the password field', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change IBAN' }));
    const form = await screen.findByRole('form', { name: 'Change IBAN' });
    await user.type(within(form).getByRole('textbox', { name: 'New IBAN' }), 'DE89 3704 0044 0532 0130 00');
    const password = within(form).getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');
    payoutAnswer = { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'Your current password is not correct.', fields: [{ field: 'password', key: 'current_password_wrong' }] } };
    await user.type(password, 'Wrong#123');
    await user.click(within(form).getByRole('button', { name: 'Save new IBAN' }));
    await screen.findByText('Your current password is not correct.');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Your current password is not correct.'));
    expect(network.requests.filter((request) => request.method === 'PUT').at(-1)?.body).toEqual({ method: 'wallet', iban: 'DE89 3704 0044 0532 0130 00', password: 'Wrong#123' });

    payoutAnswer = { body: { method: 'wallet', iban: 'DE89370400440532013000', onboarded: true, iban_hold_until: '2026-11-24T10:00:00.000Z' } };
    await user.clear(password);
    await user.type(password, 'Secret#123');
    await user.click(within(form).getByRole('button', { name: 'Save new IBAN' }));
    expect(await screen.findByText(/To DE89 •••• •••• 3000\./)).toBeInTheDocument();
    // The account shows a saved IBAN masked (issue 26), never in full.
    expect(screen.queryByText(/3704 0044|370400440532/)).not.toBeInTheDocument();
  });

  it('turns credit into a main-store discount code and shows the code as active', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Discount code for our main store' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount (€)' }), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Create discount code' }));
    const status = await screen.findByText('PL-NEWCODE23456', { selector: 'strong' });
    expect(status.closest('[role="status"]')).toHaveTextContent('Your discount code for €12.50:PL-NEWCODE23456Active');
    expect(screen.getByRole('article', { name: 'Discount code -€12.50' })).toHaveTextContent('Active');
    expect(fact('Available')).toBe('€18.00');
  });
});
