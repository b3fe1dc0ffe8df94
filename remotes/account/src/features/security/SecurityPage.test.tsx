import { i18n, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { SecurityPage } from './SecurityPage';

const describedText = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('Account security page', () => {
  let network: ReturnType<typeof stubFetch>;
  let answer: { status?: number; body?: unknown };
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    answer = { body: { message: 'Your password has been changed.' } };
    network = stubFetch((request) => (request.url === '/api/customers/password' ? answer : undefined));
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<SecurityPage />, { route: '/user/security', path: '/user/security' });
  const fields = () => ({
    current: screen.getByLabelText('Current password'),
    next: screen.getByLabelText('New password'),
    confirmation: screen.getByLabelText('Confirm new password'),
  });

  it('asks for each of the three passwords with its own message', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const { current, next, confirmation } = fields();
    expect(describedText(current)).toBe('Please enter your current password.');
    expect(describedText(next)).toBe('Please enter a new password.');
    expect(describedText(confirmation)).toBe('Please confirm your new password.');
    expect(current).toHaveFocus();
    expect(network.requests).toHaveLength(0);
  });

  it('explains the password rule and refuses a confirmation that does not match', async () => {
    renderPage();
    const { current, next, confirmation } = fields();
    await userEvent.type(current, 'Old1!pass');
    await userEvent.type(next, 'alllowercase');
    await userEvent.type(confirmation, 'different{Enter}');
    expect(describedText(current)).toBeUndefined();
    expect(describedText(next)).toBe(
      'Use 8 to 30 characters with at least one lowercase letter, one uppercase letter, one number and one special character.',
    );
    expect(describedText(confirmation)).toBe('The password does not match.');
    expect(next).toHaveFocus();
    expect(network.requests).toHaveLength(0);
  });

  it('changes the password, says so in a toast and empties the form', async () => {
    renderPage();
    const { current, next, confirmation } = fields();
    await userEvent.type(current, 'Old1!pass');
    await userEvent.type(next, 'New1!pass');
    await userEvent.type(confirmation, 'New1!pass{Enter}');
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(network.requests).toEqual([
      {
        method: 'PUT',
        url: '/api/customers/password',
        body: { current_password: 'Old1!pass', new_password: 'New1!pass', confirm_password: 'New1!pass' },
      },
    ]);
    await waitFor(() => expect(current).toHaveValue(''));
    expect(next).toHaveValue('');
  });

  it('shows a wrong current password next to that field', async () => {
    answer = { status: 422, body: { message: 'current_password_wrong' } };
    renderPage();
    const { current, next, confirmation } = fields();
    await userEvent.type(current, 'Wrong1!pass');
    await userEvent.type(next, 'New1!pass');
    await userEvent.type(confirmation, 'New1!pass{Enter}');
    await waitFor(() => expect(describedText(current)).toBe('Your current password is not correct.'));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
  });

  it('places the server’s field refusals (422 fields) next to their fields', async () => {
    answer = {
      status: 422,
      body: { message: 'The new password must …', fields: [{ field: 'new_password', key: 'password_rules' }] },
    };
    renderPage();
    const { current, next, confirmation } = fields();
    await userEvent.type(current, 'Old1!pass');
    await userEvent.type(next, 'New1!pass');
    await userEvent.type(confirmation, 'New1!pass{Enter}');
    await waitFor(() => expect(describedText(next)).toMatch(/^Use 8 to 30 characters/));
  });

  // A payout change's "this wasn't me" link lands here (the API redirects after freezing).
  it('says payouts are frozen and every device was signed out, with the reset that releases them', async () => {
    renderWithProviders(<SecurityPage />, { route: '/user/security?payouts=frozen', path: '/user/security' });
    const notice = await screen.findByRole('region', { name: 'Payouts are frozen' });
    expect(notice).toHaveTextContent('Done: payouts are frozen, and every device was signed out.');
    expect(within(notice).getByRole('button', { name: 'E-mail me a password reset link' })).toBeInTheDocument();
    expect(screen.queryByText(/This link no longer works/)).not.toBeInTheDocument();
  });

  it('says when the link no longer works', async () => {
    renderWithProviders(<SecurityPage />, { route: '/user/security?payouts=link-expired', path: '/user/security' });
    expect(await screen.findByText(/^This link no longer works: it was already used, or it has expired\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payouts are frozen' })).not.toBeInTheDocument();
  });

  it('shows no payout news without the link', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Change password' });
    expect(screen.queryByRole('region', { name: 'Payouts are frozen' })).not.toBeInTheDocument();
    expect(screen.queryByText(/This link no longer works/)).not.toBeInTheDocument();
  });

  it('speaks Portuguese about frozen payouts', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderWithProviders(<SecurityPage />, { route: '/user/security?payouts=frozen', path: '/user/security' });
      expect(await screen.findByRole('region', { name: 'Os pagamentos estão congelados' })).toHaveTextContent('a sessão terminou em todos os dispositivos');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('speaks Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderPage();
      await userEvent.click(screen.getByRole('button', { name: 'Alterar palavra-passe' }));
      expect(describedText(screen.getByLabelText('Palavra-passe atual'))).toBe('Por favor, introduza a sua palavra-passe atual.');
      expect(describedText(screen.getByLabelText('Nova palavra-passe'))).toBe('Por favor, introduza uma nova palavra-passe.');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
