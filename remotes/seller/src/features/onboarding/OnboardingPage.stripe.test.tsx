import type { PayoutPreference, StripeConnectStatus } from '@preloved/contract';
import { i18n, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { OnboardingPage, onboardingLoader, stripeRedirect } from './OnboardingPage';

// Real payouts: where the store pays sellers through Stripe Connect, onboarding offers "Get
// paid by Stripe"; choosing it needs the owner's proof (the step-up dialog) and leaves for Stripe's
// hosted onboarding, whose return (?stripe=return) says whether Stripe has everything.

const LINK = 'https://connect.stripe.com/setup/e/acct_123/abc';

describe('Onboarding: Get paid by Stripe', () => {
  let network: ReturnType<typeof stubFetch>;
  let stripe: StripeConnectStatus | null;
  let stepUpNeeded: boolean;
  let redirected: string[];
  const original = stripeRedirect.to;
  const preference: PayoutPreference = { method: 'wallet', iban: null, onboarded: true, iban_hold_until: null, frozen: false };

  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    stripe = { offered: true, account: false, transfers_active: false, details_submitted: false };
    stepUpNeeded = true;
    redirected = [];
    stripeRedirect.to = (url) => void redirected.push(url);
    network = stubFetch((request) => {
      if (request.url === '/api/customers/payout' && request.method === 'GET') return { body: preference };
      if (request.url === '/api/customers/payout/stripe' && request.method === 'GET') return stripe ? { body: stripe } : undefined;
      if (request.url === '/api/customers/step-up') {
        stepUpNeeded = false;
        return { body: { proven_until: '2026-11-28T10:33:00.000Z' } };
      }
      if (request.url === '/api/customers/payout/stripe' && request.method === 'POST') {
        if (stepUpNeeded) return { status: 403, body: { statusCode: 403, code: 'step_up_required', error: 'Forbidden', message: 'For your safety, confirm it is you.' } };
        return { body: { url: LINK, status: { ...stripe, account: true } } };
      }
      return undefined;
    });
  });
  afterEach(() => {
    network.restore();
    stripeRedirect.to = original;
  });

  const renderPage = (route = '/user/onboarding') =>
    renderWithProviders(<OnboardingPage />, { route, path: '/user/onboarding', loader: onboardingLoader });
  const posts = () => network.requests.filter((request) => request.method === 'POST' && request.url === '/api/customers/payout/stripe').map((request) => request.body);

  it('offers Stripe, asks the owner to confirm it is them, then goes to Stripe’s onboarding for the chosen country', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Get paid by Stripe/ }));
    // No IBAN with Stripe: Stripe asks for the bank account itself.
    expect(screen.queryByRole('textbox', { name: /IBAN/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country of your Stripe account' }), 'Spain');
    await user.click(screen.getByRole('button', { name: 'Continue to Stripe' }));
    const dialog = await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Password'), 'Secret#123{Enter}');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(posts()).toEqual([{ country: 'ES' }, { country: 'ES' }]);
    expect(redirected).toEqual([LINK]);
  });

  it('offers no Stripe choice where the store does not pay through Stripe', async () => {
    stripe = null; // the API answers 404 stripe_connect_not_provider… or offered: false
    renderPage();
    expect(await screen.findByRole('radio', { name: /By bank transfer/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Stripe/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('back from Stripe: says Stripe has everything, or what is still missing with the way back, in Portuguese too', async () => {
    stripe = { offered: true, account: true, transfers_active: true, details_submitted: true };
    const first = renderPage('/user/onboarding?stripe=return');
    expect(await screen.findByRole('status')).toHaveTextContent('Stripe has everything it needs: your sales are paid to your Stripe account as each is released.');
    first.unmount();

    stripe = { offered: true, account: true, transfers_active: false, details_submitted: false };
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderPage('/user/onboarding?stripe=return');
      expect(await screen.findByRole('status')).toHaveTextContent('A Stripe ainda precisa de alguns dados antes de lhe poder pagar.');
      const stripeChoice = screen.getByRole('radio', { name: /Receber pela Stripe/ });
      await userEvent.setup().click(stripeChoice);
      expect(screen.getByRole('button', { name: 'Continuar com a Stripe' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
