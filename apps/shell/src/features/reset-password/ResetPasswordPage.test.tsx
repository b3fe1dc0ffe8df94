import { loginPanelAtom, store, tokenAtom, userDataAtom } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type RecordedRequest } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { ResetPasswordPage, resetPasswordLoader } from './ResetPasswordPage';

const profile = {
  customer: { CustomerID: 7, FirstName: 'Ana', LastName: 'Silva', EmailAddress: 'ana@example.com', verified: false, member_since: '2026-01-01T00:00:00Z' },
};
const signedIn = {
  Customer: { CustomerID: 7, FirstName: 'Ana', LastName: 'Silva', EmailAddress: 'ana@example.com', Token: 'tok-reset' },
  Cart: [],
  Notifications: 0,
};

function renderPage(id: string) {
  return renderWithProviders(<></>, {
    path: '/unused',
    route: `/reset-password/${id}`,
    routes: [
      { path: '/reset-password/:resetId', loader: resetPasswordLoader, Component: ResetPasswordPage, hydrateFallbackElement: <p>checking</p> },
      { path: '/user', element: <p>account page</p> },
    ],
  });
}
const describedText = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('Reset password page', () => {
  let network: ReturnType<typeof stubFetch>;
  let answer: (request: RecordedRequest) => { status?: number; body?: unknown } | undefined;
  beforeEach(() => {
    resetStore();
    answer = () => undefined;
    network = stubFetch((request) => {
      if (request.url === '/api/customers/passwordreset/good-link') return { body: { valid: true } };
      if (request.url === '/api/customers/passwordreset/old-link') return { status: 404, body: { message: 'expired' } };
      if (request.url === '/api/customers/storefront') return { body: profile };
      return answer(request);
    });
  });
  afterEach(() => network.restore());

  it('asks for the new password twice under the registration rules and sends nothing while invalid', async () => {
    renderPage('good-link');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await userEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(describedText(screen.getByLabelText('New password'))).toBe('Please enter your password.');
    expect(describedText(screen.getByLabelText('Confirm new password'))).toBe('Please enter your password.');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'shorter{Enter}');
    expect(describedText(screen.getByLabelText('New password'))).toMatch(/^Use 8 to 30 characters/);
    expect(describedText(screen.getByLabelText('Confirm new password'))).toBe('The password does not match.');
    expect(network.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('names the window after the page', async () => {
    renderPage('good-link');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await waitFor(() => expect(document.title).toBe('Choose a new password — Preloved'));
  });

  it('sets the password, signs in and goes to /user', async () => {
    answer = (request) => (request.url === '/api/customers/passwordreset' ? { body: signedIn } : undefined);
    const { router } = renderPage('good-link');
    await userEvent.type(await screen.findByLabelText('New password'), 'Better1!pass');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Better1!pass{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
    expect(network.requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/customers/passwordreset',
      body: { id: 'good-link', password: 'Better1!pass', confirm_password: 'Better1!pass' },
    });
    expect(store.get(tokenAtom)).toBe('tok-reset');
    expect(store.get(userDataAtom)).toEqual(profile);
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  });

  it('says when the link has expired or was used, and offers a new one in the forgot-password panel', async () => {
    renderPage('old-link');
    expect(await screen.findByRole('heading', { name: 'This link has expired or was already used' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'forgot', forCheckout: false });
  });

  it('turns to the expired view when the link is used up before the form is sent', async () => {
    answer = (request) =>
      request.url === '/api/customers/passwordreset' ? { status: 422, body: { message: 'This password reset link has expired' } } : undefined;
    renderPage('good-link');
    await userEvent.type(await screen.findByLabelText('New password'), 'Better1!pass');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Better1!pass{Enter}');
    expect(await screen.findByRole('heading', { name: 'This link has expired or was already used' })).toBeInTheDocument();
    expect(store.get(tokenAtom)).toBeNull();
  });
});
