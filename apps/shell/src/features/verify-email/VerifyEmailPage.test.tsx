import { i18n, loginPanelAtom, startSessionAtom, store, tokenAtom, userDataAtom } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { stubFetch, type RecordedRequest } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { VerifyEmailPage } from './VerifyEmailPage';

const customer = { CustomerID: 7, FirstName: 'Ana', LastName: 'Silva', EmailAddress: 'ana@example.com', verified: false, has_password: true, member_since: '2026-01-01T00:00:00Z' };
const proven = { customer: { ...customer, email_verified: true } };
const unusable = { status: 422, body: { code: 'verification_link_unusable', message: 'This confirmation link has expired or was already used.' } };
type Answer = { status?: number; body?: unknown } | undefined;

function renderPage(token: string) {
  return renderWithProviders(<></>, {
    path: '/unused',
    route: `/verify-email/${token}`,
    routes: [
      {
        path: '/verify-email/:token',
        element: (
          <StrictMode>
            <VerifyEmailPage />
          </StrictMode>
        ),
      },
      { path: '/user', element: <p>account page</p> },
    ],
  });
}
// Each test opens a link of its own: the page sends a link once per page load (a module's memory).
const posts = (network: ReturnType<typeof stubFetch>) => network.requests.filter((request) => request.method === 'POST');

describe('Verify e-mail page', () => {
  let network: ReturnType<typeof stubFetch>;
  let answer: (request: RecordedRequest) => Answer;
  beforeEach(() => {
    resetStore();
    answer = (request) => {
      if (request.url !== '/api/customers/verification/confirm') return undefined;
      return (request.body as { token: string }).token.startsWith('good-') ? { body: proven } : unusable;
    };
    network = stubFetch((request) => answer(request));
  });
  afterEach(() => network.restore());

  it('confirms the link once on arrival, without a session, and leads to the account', async () => {
    const { router } = renderPage('good-link');
    expect(await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeInTheDocument();
    expect(posts(network)).toEqual([{ method: 'POST', url: '/api/customers/verification/confirm', body: { token: 'good-link' } }]);
    // Opening a link signs nobody in.
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userDataAtom)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to your account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
  });

  it('refreshes the signed-in owner’s data, and nobody else’s', async () => {
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0, userData: { customer: { ...customer, email_verified: false } } }));
    renderPage('good-owner');
    await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' });
    await waitFor(() => expect(store.get(userDataAtom)).toEqual(proven));
  });

  it('keeps another account’s data when its link is opened where someone else is signed in', async () => {
    const other = { customer: { ...customer, CustomerID: 8, EmailAddress: 'rui@example.com', email_verified: false } };
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0, userData: other }));
    renderPage('good-other');
    await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' });
    expect(store.get(userDataAtom)).toEqual(other);
  });

  it('says a used or expired link cannot confirm, and how to get a new one', async () => {
    renderPage('old-link');
    expect(await screen.findByRole('heading', { name: 'This link cannot confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getByText('This confirmation link has expired or was already used. Ask for a new one from your account.')).toBeInTheDocument();
    expect(screen.getByText('Sign in: your account sends you a new link and code.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.get(loginPanelAtom).mode).toBe('signin');
  });

  it('offers to try again when the store cannot be reached, and then confirms', async () => {
    let calls = 0;
    answer = (request) => {
      if (request.url !== '/api/customers/verification/confirm') return undefined;
      calls += 1;
      return calls === 1 ? { status: 503, body: { code: 'unavailable', message: 'down' } } : { body: proven };
    };
    renderPage('good-later');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeInTheDocument();
  });

  it('speaks Portuguese to a Portuguese reader', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderPage('pt-old-link');
      expect(await screen.findByRole('heading', { name: 'Esta ligação não pode confirmar o seu endereço de e-mail' })).toBeInTheDocument();
      expect(screen.getByText(/^Esta ligação de confirmação expirou ou já foi usada\./)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
