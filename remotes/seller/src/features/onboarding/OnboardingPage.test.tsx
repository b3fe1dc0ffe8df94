import type { PayoutPreference } from '@preloved/contract';
import { i18n, startSessionAtom, store } from '@preloved/shared';
import { confirmItsMeInDialog, renderWithProviders, resetStore, stepUpAnswer } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { OnboardingPage, onboardingLoader } from './OnboardingPage';

// After the first choice into the wallet, a payout change needs a fresh step-up proof on
// the session (the step-up dialog, the one way everywhere); a new IBAN's transfers wait 48 hours.

const IBAN = 'PT50000201231234567890154';
// Far ahead, so the hold has not ended whenever the test runs; Lisbon keeps UTC in winter.
const HOLD_UNTIL = '2099-11-30T10:23:00.000Z';
const forbidden = (code: string, message: string) => ({ status: 403, body: { statusCode: 403, code, error: 'Forbidden', message } });

describe('Onboarding payout form', () => {
  let network: ReturnType<typeof stubFetch>;
  let preference: PayoutPreference;
  let stepUpNeeded: boolean;
  let refusal: { status: number; body: unknown } | undefined;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    preference = { method: 'wallet', iban: IBAN, onboarded: true, iban_hold_until: null, frozen: false };
    stepUpNeeded = true;
    refusal = undefined;
    network = stubFetch((request) => {
      if (request.url === '/api/customers/payout' && request.method === 'GET') return { body: preference };
      if (request.url === '/api/customers/step-up') return stepUpAnswer(request, '2026-11-28T10:33:00.000Z', () => (stepUpNeeded = false));
      if (request.url === '/api/customers/payout') {
        if (refusal) return refusal;
        // The first choice into the wallet, without an IBAN, needs no proof.
        const body = request.body as { method: string; iban: string | null };
        const first = !preference.onboarded && body.method === 'wallet' && !body.iban;
        if (stepUpNeeded && !first) return forbidden('step_up_required', 'For your safety, confirm it is you.');
        const iban = body.iban ? body.iban.replace(/\s/g, '') : null;
        return { body: { method: body.method, iban, onboarded: true, iban_hold_until: iban && iban !== preference.iban ? HOLD_UNTIL : null, frozen: false } };
      }
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () =>
    renderWithProviders(<OnboardingPage />, {
      route: '/user/onboarding',
      path: '/user/onboarding',
      loader: onboardingLoader,
      routes: [{ path: '/user/submit-item-2hand', element: <p>Sell an item</p> }],
    });
  const puts = () => network.requests.filter((request) => request.method === 'PUT').map((request) => request.body);

  it('changes the saved IBAN after the owner confirms it is them, and says when transfers to it start', async () => {
    const user = userEvent.setup();
    renderPage();
    const iban = await screen.findByRole('textbox', { name: 'New IBAN (optional)' });
    // The saved IBAN is shown masked, never in the field.
    expect(iban).toHaveValue('');
    expect(iban).toHaveAccessibleDescription('Your saved IBAN is PT50 •••• •••• 0154. Leave this empty to keep it; transfers to a new one start 48 hours later.');
    expect(screen.queryByText(/0002 0123|000201231234/)).not.toBeInTheDocument();
    await user.type(iban, 'DE89 3704 0044 0532 0130 00');
    // One way to prove it is them: the step-up dialog, not a password field of the form's own.
    expect(screen.queryByLabelText(/password/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and list a piece' }));

    await confirmItsMeInDialog(user);

    expect(await screen.findByText('Your payout preference has been saved. Transfers to your new IBAN start on 30 November 2099 at 10:23.')).toBeInTheDocument();
    expect(await screen.findByText('Sell an item')).toBeInTheDocument();
    expect(puts()).toEqual([
      { method: 'wallet', iban: 'DE89 3704 0044 0532 0130 00' },
      { method: 'wallet', iban: 'DE89 3704 0044 0532 0130 00' },
    ]);
  });

  it('keeps the saved IBAN when the field is left empty; closing the dialog saves nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('textbox', { name: 'New IBAN (optional)' });
    await user.click(screen.getByRole('radio', { name: /By bank transfer/ }));
    const save = screen.getByRole('button', { name: 'Save and list a piece' });
    await user.click(save);
    await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Sell an item')).not.toBeInTheDocument();
    expect(puts()).toEqual([{ method: 'bank_transfer', iban: IBAN }]);
  });

  it('the first choice into the wallet is one step', async () => {
    preference = { method: 'wallet', iban: null, onboarded: false, iban_hold_until: null, frozen: false };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save and list a piece' }));
    expect(await screen.findByText('Sell an item')).toBeInTheDocument();
    expect(await screen.findByText('Your payout preference has been saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts()).toEqual([{ method: 'wallet', iban: '' }]);
  });

  it('says to confirm the e-mail first when it is unproven, with the way to the account page', async () => {
    refusal = forbidden('email_not_verified', 'Confirm your e-mail address first.');
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'New IBAN (optional)' }), 'DE89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Save and list a piece' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Confirm your e-mail address first: open the link we sent you, or type its 6-digit code.');
    expect(within(alert).getByRole('link', { name: 'Confirm my e-mail address' })).toHaveAttribute('href', '/user');
  });

  it('shows frozen payouts with the way to release them, in Portuguese too', async () => {
    preference = { ...preference, frozen: true };
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderPage();
      const notice = await screen.findByRole('region', { name: 'Os pagamentos estão congelados' });
      expect(within(notice).getByRole('button', { name: 'Enviar-me uma ligação para repor a palavra-passe' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
