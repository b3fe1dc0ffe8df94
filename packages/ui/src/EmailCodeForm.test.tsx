import { confirmVerification, i18n, resendVerification } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type RecordedRequest } from '../../../tools/jest/fetch-stub';
import { EmailCodeForm } from './EmailCodeForm';

const profile = { customer: { CustomerID: 7, FirstName: 'Ana', LastName: 'Silva', EmailAddress: 'ana@example.com', email_verified: true } };
type Answer = { status?: number; body?: unknown } | undefined;

describe('EmailCodeForm', () => {
  let network: ReturnType<typeof stubFetch>;
  let answer: (request: RecordedRequest) => Answer;
  beforeEach(() => {
    resetStore();
    answer = () => undefined;
    network = stubFetch((request) => answer(request));
  });
  afterEach(() => network.restore());
  const posts = () => network.requests.filter((request) => request.method === 'POST');

  const renderForm = (props: Partial<Parameters<typeof EmailCodeForm<unknown>>[0]> = {}) =>
    renderWithProviders(
      <EmailCodeForm onConfirm={(code) => confirmVerification({ code })} onResend={() => resendVerification()} {...props} />,
    );

  it('is a labelled one-time-code input for digits, with its hint', async () => {
    renderForm();
    const input = await screen.findByRole('textbox', { name: 'Code from the e-mail' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAccessibleDescription('The 6 digits in the e-mail we sent you.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the code again' })).toBeInTheDocument();
  });

  it('checks the code before sending it: none, or not 6 digits, is said next to the field', async () => {
    renderForm();
    const input = await screen.findByRole('textbox', { name: 'Code from the e-mail' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(input).toHaveAccessibleDescription('Please enter the 6-digit code from the e-mail.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    await userEvent.type(input, '12a45{Enter}');
    expect(input).toHaveAccessibleDescription('The code has 6 digits.');
    expect(posts()).toHaveLength(0);
  });

  it('sends the digits without spaces and says the address is confirmed', async () => {
    answer = (request) => (request.url === '/api/customers/verification/confirm' ? { body: profile } : undefined);
    const onConfirmed = jest.fn();
    renderForm({ onConfirmed });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Code from the e-mail' }), '123 456{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is confirmed.');
    expect(posts()).toEqual([{ method: 'POST', url: '/api/customers/verification/confirm', body: { code: '123456' } }]);
    expect(onConfirmed).toHaveBeenCalledWith(profile);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says what the parent makes of the answer', async () => {
    renderForm({ onConfirm: () => Promise.resolve({ claimed: 3 }), successText: (result) => `${(result as { claimed: number }).claimed} orders added` });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Code from the e-mail' }), '123456{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('3 orders added');
  });

  it('shows a wrong code next to the field and keeps what was typed', async () => {
    answer = (request) =>
      request.url === '/api/customers/verification/confirm'
        ? { status: 422, body: { code: 'email_code_wrong', message: 'email_code_wrong', fields: [{ field: 'code', key: 'email_code_wrong' }] } }
        : undefined;
    renderForm();
    const input = await screen.findByRole('textbox', { name: 'Code from the e-mail' });
    await userEvent.type(input, '654321{Enter}');
    await waitFor(() => expect(input).toHaveAccessibleDescription(/^This code is not right, or it has expired\./));
    expect(input).toHaveValue('654321');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('sends the code again and says so; too often says when to try again', async () => {
    let asked = 0;
    answer = (request) => {
      if (request.url !== '/api/customers/verification') return undefined;
      asked += 1;
      return asked === 1 ? { body: { message: 'sent' } } : { status: 429, body: { code: 'too_many_attempts', message: 'Too many' } };
    };
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Send the code again' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('We have sent you a new code. Check your inbox.'));
    await userEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('speaks Portuguese to a Portuguese reader', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderForm();
      expect(await screen.findByRole('textbox', { name: 'Código do e-mail' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
      expect(screen.getByRole('textbox', { name: 'Código do e-mail' })).toHaveAccessibleDescription('Por favor, introduza o código de 6 algarismos do e-mail.');
      expect(screen.getByRole('button', { name: 'Enviar o código outra vez' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
