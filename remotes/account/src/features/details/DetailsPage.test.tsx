import { startSessionAtom, store, userDataAtom } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { DetailsPage, detailsLoader } from './DetailsPage';

const customer = {
  CustomerID: 7,
  FirstName: 'Ana',
  LastName: 'Silva',
  EmailAddress: 'ana@example.com',
  verified: true,
  member_since: '2026-03-05T10:00:00.000Z',
};
const describedText = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const puts = (network: ReturnType<typeof stubFetch>) => network.requests.filter((request) => request.method === 'PUT');

describe('Account details page', () => {
  let network: ReturnType<typeof stubFetch>;
  let putAnswer: { status?: number; body?: unknown };
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    putAnswer = { body: { customer: { ...customer, FirstName: 'Ana', LastName: 'Costa', EmailAddress: 'ana.costa@example.com' } } };
    network = stubFetch((request) => {
      if (request.url !== '/api/customers/storefront') return undefined;
      return request.method === 'GET' ? { body: { customer } } : putAnswer;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<DetailsPage />, { route: '/user', path: '/user', loader: detailsLoader });

  it('shows the first and last name and the e-mail of the signed-in customer', async () => {
    renderPage();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Last name')).toHaveValue('Silva');
    expect(screen.getByLabelText('Email address')).toHaveValue('ana@example.com');
    expect(screen.getByText(/Member since March 2026 · Verified seller/)).toBeInTheDocument();
    for (const input of screen.getAllByRole('textbox')) expect(input).toHaveAttribute('maxLength', '50');
  });

  it('saves the changes, updates the stored user data and says so in a toast', async () => {
    renderPage();
    const last = await screen.findByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, 'Costa');
    const email = screen.getByLabelText('Email address');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana.costa@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your details have been saved. Other devices were signed out, and we told your previous address.')).toBeInTheDocument();
    expect(puts(network)).toEqual([
      {
        method: 'PUT',
        url: '/api/customers/storefront',
        body: { first_name: 'Ana', last_name: 'Costa', EmailAddress: 'ana.costa@example.com', current_password: 'Secret#123' },
      },
    ]);
    expect(store.get(userDataAtom)?.customer.LastName).toBe('Costa');
    // Saved: the new address is the account's own now, so the password field goes away and is emptied.
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('saves new names without asking for the password', async () => {
    putAnswer = { body: { customer: { ...customer, LastName: 'Costa' } } };
    renderPage();
    const last = await screen.findByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, 'Costa{Enter}');
    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(puts(network)).toEqual([{ method: 'PUT', url: '/api/customers/storefront', body: { first_name: 'Ana', last_name: 'Costa', EmailAddress: 'ana@example.com' } }]);
  });

  it('asks for the current password when the e-mail changes, and shows a wrong one next to that field', async () => {
    renderPage();
    const email = await screen.findByLabelText('Email address');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana.costa@example.com{Enter}');
    const password = screen.getByLabelText('Current password');
    expect(describedText(password)).toBe('Please enter your current password.');
    expect(password).toHaveFocus();
    expect(puts(network)).toHaveLength(0);

    putAnswer = { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'current_password_wrong' } };
    await userEvent.type(password, 'Guess#123{Enter}');
    await waitFor(() => expect(describedText(password)).toBe('Your current password is not correct.'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(puts(network)).toHaveLength(1);
  });

  it('asks for the first name, the last name and a valid e-mail, and sends nothing until then', async () => {
    renderPage();
    await userEvent.clear(await screen.findByLabelText('First name'));
    await userEvent.clear(screen.getByLabelText('Last name'));
    const email = screen.getByLabelText('Email address');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@{Enter}');
    expect(describedText(screen.getByLabelText('First name'))).toBe('Please enter your first name.');
    expect(describedText(screen.getByLabelText('Last name'))).toBe('Please enter your last name.');
    expect(describedText(email)).toBe('Invalid email address.');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(puts(network)).toHaveLength(0);
  });

  it('puts the server’s refusal of the e-mail next to the field', async () => {
    putAnswer = { status: 422, body: { message: 'An account with this email already exists.', fields: [{ field: 'EmailAddress', key: 'email_taken' }] } };
    renderPage();
    const email = await screen.findByLabelText('Email address');
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'Secret#123{Enter}');
    await waitFor(() => expect(describedText(email)).toBe('An account with this email already exists.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // Shown in the form, not as a toast of the catalogue.
    expect(screen.getAllByText('An account with this email already exists.')).toHaveLength(1);
  });

  it('calls nothing without a session (the /user frame asks to sign in), and loads once signed in', async () => {
    resetStore();
    renderPage();
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ana');
  });
});
