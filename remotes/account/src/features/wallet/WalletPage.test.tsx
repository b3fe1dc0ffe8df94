import type { PayoutPreference, Wallet } from '@preloved/contract';
import { i18n, startSessionAtom, store } from '@preloved/shared';
import { act, confirmItsMeInDialog, renderWithProviders, resetStore, screen, stepUpAnswer, userEvent, within } from '@preloved/shared/test-utils';
import { waitFor } from '@testing-library/react';
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
  code_bonus: null,
  activity: [
    { id: 3, type: 'discount_code', amount: -10, date: '2026-11-21T10:00:00.000Z', code: 'PL-ABCDEFGHJKMN', status: 'inactive', available_from: null },
    { id: 2, type: 'listing_sale_deposit', amount: 45, date: '2026-11-20T10:00:00.000Z', code: 'PO-0000041', status: 'pending', available_from: '2026-12-02T00:00:00.000Z' },
    { id: 1, type: 'listing_sale_deposit', amount: 40.5, date: '2026-11-01T10:00:00.000Z', code: 'PO-0000012', status: 'available', available_from: null },
  ],
  count: 3,
};

const forbidden = (code: string, message: string) => ({ status: 403, body: { statusCode: 403, code, error: 'Forbidden', message } });
const STEP_UP_REQUIRED = forbidden('step_up_required', 'For your safety, confirm it is you: enter your password, or the code we e-mail you.');
// Far ahead, so the hold has not ended whenever the test runs; Lisbon keeps UTC in winter.
const HOLD_UNTIL = '2099-11-30T10:23:00.000Z';

describe('Wallet page', () => {
  let network: ReturnType<typeof stubFetch>;
  let wallet: Wallet;
  let payout: PayoutPreference;
  let refusal: { status: number; body: unknown } | undefined;
  let payoutAnswer: { status?: number; body: unknown } | undefined;
  // Money leaves only after a step-up proof on the session (the stand-in asks for it when set).
  let stepUpNeeded: boolean;
  beforeEach(() => {
    payoutAnswer = undefined;
    stepUpNeeded = false;
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    wallet = base;
    payout = { method: 'wallet', iban: IBAN, onboarded: true, iban_hold_until: null, frozen: false };
    refusal = undefined;
    network = stubFetch((request) => {
      if (request.url === '/api/customers/step-up') return stepUpAnswer(request, '2026-11-22T10:10:00.000Z', () => (stepUpNeeded = false));
      if (stepUpNeeded && request.method !== 'GET') return STEP_UP_REQUIRED;
      if (request.url.startsWith('/api/wallet?')) return { body: wallet };
      if (request.url === '/api/customers/payout' && request.method === 'GET') return { body: { ...payout, iban: wallet.iban } };
      if (request.url === '/api/customers/payout') return payoutAnswer ?? { body: { method: 'wallet', iban: IBAN, onboarded: true, iban_hold_until: HOLD_UNTIL, frozen: false } };
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

  it('changes the saved IBAN once the owner confirms it is them, and says when transfers to it start', async () => {
    const user = userEvent.setup();
    stepUpNeeded = true;
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change IBAN' }));
    const form = await screen.findByRole('form', { name: 'Change IBAN' });
    // One way to prove it is them: the step-up dialog, not a password field of the form's own.
    expect(within(form).queryByLabelText(/password/i)).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'New IBAN' }), 'DE89 3704 0044 0532 0130 00');
    payoutAnswer = { body: { method: 'wallet', iban: 'DE89370400440532013000', onboarded: true, iban_hold_until: HOLD_UNTIL, frozen: false } };
    await user.click(within(form).getByRole('button', { name: 'Save new IBAN' }));
    await confirmItsMeInDialog(user);

    expect(await screen.findByText(/To DE89 •••• •••• 3000\./)).toBeInTheDocument();
    expect(screen.getByText('Transfers to this IBAN start on 30 November 2099 at 10:23: a new IBAN waits 48 hours, in case the change was not yours.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Tried, refused for want of a proof, tried once more after it; never with a password of its own.
    expect(network.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { method: 'wallet', iban: 'DE89 3704 0044 0532 0130 00' },
      { method: 'wallet', iban: 'DE89 3704 0044 0532 0130 00' },
    ]);
    // The account shows a saved IBAN masked, never in full.
    expect(screen.queryByText(/3704 0044|370400440532/)).not.toBeInTheDocument();
  });

  it("shows each Stripe transfer's state as Stripe reports it, and what came back, in Portuguese too", async () => {
    const row = (id: number, type: 'connect_transfer' | 'connect_reversal', amount: number, code: string, status: 'pending' | 'paid' | 'failed' | 'reversed') =>
      ({ id, type, amount, date: '2026-11-24T10:00:00.000Z', code, status, available_from: null }) as const;
    wallet = {
      ...base,
      activity: [
        row(15, 'connect_reversal', 41, 'PO-0000063', 'failed'),
        row(14, 'connect_transfer', -41, 'PO-0000063', 'failed'),
        row(13, 'connect_reversal', 32, 'PO-0000062', 'reversed'),
        row(12, 'connect_transfer', -32, 'PO-0000062', 'reversed'),
        row(11, 'connect_transfer', -23, 'PO-0000061', 'paid'),
        row(10, 'connect_transfer', -14, 'PO-0000060', 'pending'),
      ],
      count: 6,
    };
    const first = renderPage();
    await screen.findByRole('heading', { name: 'Wallet' });
    const text = (name: string) => within(screen.getByRole('article', { name })).getAllByText(/./).map((element) => element.textContent);
    expect(text('Paid to your Stripe account -€14.00')).toContain('In your Stripe balance');
    expect(text('Paid to your Stripe account -€14.00')).toContain('PO-0000060');
    expect(text('Paid to your Stripe account -€23.00')).toContain('Paid out to your bank by Stripe');
    expect(text('Paid to your Stripe account -€32.00')).toContain('Taken back: the sale was refunded');
    expect(text('Back from your Stripe account €32.00')).toContain('Back in your wallet');
    expect(text('Paid to your Stripe account -€41.00')).toContain('Failed: see your Stripe account');
    expect(text('Back from your Stripe account €41.00')).toContain('Stripe refused the transfer: the amount is back in your wallet');
    first.unmount();
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderPage();
      await screen.findByRole('heading', { name: 'Carteira' });
      expect(screen.getByText('No seu saldo Stripe')).toBeInTheDocument();
      expect(screen.getByText('Pago no seu banco pela Stripe')).toBeInTheDocument();
      expect(screen.getByText('De volta à sua carteira')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('a seller paid through Stripe is offered no bank transfer: the wallet says sales go to Stripe and links the payout settings', async () => {
    payout = { method: 'stripe_connect', iban: null, onboarded: true, iban_hold_until: null, frozen: false };
    renderPage();
    const section = await screen.findByRole('region', { name: 'Bank transfer' });
    expect(within(section).getByText(/each sale goes to your Stripe account once it is available/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Your payout settings' })).toHaveAttribute('href', '/user/onboarding');
    expect(within(section).queryByRole('button', { name: /transfer/i })).not.toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says what the seller owes when a sale already paid out was taken back (a lost chargeback)', async () => {
    wallet = {
      ...base,
      total_credit: -84,
      pending: 0,
      available: -84,
      activity: [{ id: 10, type: 'sale_refund', amount: -99, date: '2026-11-24T10:00:00.000Z', code: 'PO-0000051', status: 'refunded', available_from: null }],
      count: 1,
    };
    renderPage();
    expect(await screen.findByText(/^You owe €84\.00: a sale you were already paid for was taken back/)).toBeInTheDocument();
  });

  it('says a held IBAN waits, read with the wallet', async () => {
    payout = { ...payout, iban_hold_until: HOLD_UNTIL };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Bank transfer' });
    expect(within(form).getByText(/^Transfers to this IBAN start on 30 November 2099 at 10:23/)).toBeInTheDocument();
  });

  it('asks the owner to confirm it is them before a transfer and a code, then sends each once more', async () => {
    const user = userEvent.setup();
    stepUpNeeded = true;
    renderPage();
    const transfer = await screen.findByRole('form', { name: 'Bank transfer' });
    await user.type(within(transfer).getByRole('textbox', { name: 'Amount (€)' }), '20');
    await user.click(within(transfer).getByRole('button', { name: 'Transfer' }));
    let dialog = await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
    // Closed without a proof: nothing moves, nothing is said against the form.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(transfer).queryByRole('alert')).not.toBeInTheDocument();
    expect(fact('Available')).toBe('€30.50');

    await user.click(within(transfer).getByRole('button', { name: 'Transfer' }));
    dialog = await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Password'), 'Secret#123{Enter}');
    expect(await screen.findByRole('article', { name: 'Bank transfer -€19.40' })).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url === '/api/wallet/transfers')).toHaveLength(3);

    stepUpNeeded = true;
    const code = screen.getByRole('form', { name: 'Discount code for our main store' });
    await user.type(within(code).getByRole('textbox', { name: 'Amount (€)' }), '5');
    await user.click(within(code).getByRole('button', { name: 'Create discount code' }));
    dialog = await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Password'), 'Secret#123{Enter}');
    expect(await screen.findByText('PL-NEWCODE23456', { selector: 'strong' })).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url === '/api/wallet/codes')).toHaveLength(2);
  });

  it('says to confirm the e-mail first when it is unproven, with the way to the account page', async () => {
    const user = userEvent.setup();
    refusal = forbidden('email_not_verified', 'Confirm your e-mail address first.');
    renderPage();
    const form = await screen.findByRole('form', { name: 'Bank transfer' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount (€)' }), '20');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Confirm your e-mail address first: open the link we sent you, or type its 6-digit code.');
    expect(within(alert).getByRole('link', { name: 'Confirm my e-mail address' })).toHaveAttribute('href', '/user');
  });

  it('shows frozen payouts, read with the wallet or learnt from a refusal, with the way to release them', async () => {
    const user = userEvent.setup();
    refusal = forbidden('payouts_frozen', 'Payouts are frozen.');
    renderPage();
    const form = await screen.findByRole('form', { name: 'Bank transfer' });
    expect(screen.queryByRole('region', { name: 'Payouts are frozen' })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Amount (€)' }), '20');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Payouts are frozen on this account because a change was reported as not yours.');
    const notice = await screen.findByRole('region', { name: 'Payouts are frozen' });
    expect(within(notice).getByRole('button', { name: 'E-mail me a password reset link' })).toBeInTheDocument();
  });

  it('speaks Portuguese about frozen payouts and a held IBAN', async () => {
    payout = { ...payout, frozen: true, iban_hold_until: HOLD_UNTIL };
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderPage();
      expect(await screen.findByRole('region', { name: 'Os pagamentos estão congelados' })).toBeInTheDocument();
      expect(screen.getByText(/^As transferências para este IBAN começam a 30 de novembro de 2099 às 10:23/)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
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
