import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { useLocation } from '@preloved/shared/router';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { OnboardingPage, onboardingLoader } from './OnboardingPage';

// Resell from the main shop: a customer sent to onboarding by "Resell this" goes on to
// the same piece once the payout is chosen.

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

describe('Onboarding, come from "Resell this"', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
  });
  afterEach(() => network.restore());

  it('goes on to the resold piece once the payout is saved', async () => {
    network = stubFetch((request) => {
      if (request.url === '/api/customers/payout' && request.method === 'GET') return { body: { method: 'wallet', iban: null, onboarded: false } };
      if (request.url === '/api/customers/payout') return { body: { method: 'wallet', iban: null, onboarded: true } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<OnboardingPage />, {
      route: '/user/onboarding?resell=33',
      path: '/user/onboarding',
      loader: onboardingLoader,
      routes: [{ path: '/user/submit-item-2hand', element: <Where /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Save and list a piece' }));
    expect(await screen.findByText('at /user/submit-item-2hand?resell=33')).toBeInTheDocument();
  });
});
