import { i18n, setUserDataAtom, startSessionAtom, store, transferCredit } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { waitFor } from '@testing-library/react';
import { useState } from 'react';
import { stubFetch, type RecordedRequest } from '../../../tools/jest/fetch-stub';
import { useStepUp } from './StepUpDialog';

// A session token alone never moves money out. An action refused with 403
// step_up_required asks for the password (or a mailed code) and is tried once more after the proof.

const STEP_UP_REQUIRED = { status: 403, body: { statusCode: 403, code: 'step_up_required', error: 'Forbidden', message: 'For your safety, confirm it is you: enter your password, or the code we e-mail you.' } };
const WALLET = { total_credit: 10, pending: 0, available: 10, currency_symb_code: 'EUR', bounds: { bank_transfer: { min: 10, max: 5000 }, discount_code: { min: 5, max: 1000 } }, bank_transfer_percent: 97, iban: null, activity: [], count: 0 };

/** A money-out button as the wallet has one: busy while its action runs, the outcome said below it. */
function MoneyOut() {
  const { withStepUp, stepUpDialog } = useStepUp();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState('');
  const send = async () => {
    setBusy(true);
    try {
      setOutcome((await withStepUp(() => transferCredit(20))) ? 'sent' : 'not sent');
    } catch {
      setOutcome('refused');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" disabled={busy} onClick={() => void send()}>
        Transfer
      </button>
      <p role="status">{outcome}</p>
      {stepUpDialog}
    </>
  );
}

describe('step-up before money out', () => {
  let network: ReturnType<typeof stubFetch>;
  let proven: boolean;
  let transfer: (request: RecordedRequest) => { status?: number; body?: unknown };
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    proven = false;
    transfer = () => (proven ? { body: WALLET } : STEP_UP_REQUIRED);
    network = stubFetch((request) => {
      if (request.url === '/api/wallet/transfers') return transfer(request);
      if (request.url === '/api/customers/step-up/code') return { body: { message: 'sent' } };
      if (request.url === '/api/customers/step-up') {
        const body = request.body as { password?: string; code?: string };
        if (body.password === 'Secret#123' || body.code === '123456') {
          proven = true;
          return { body: { proven_until: '2026-11-28T10:33:00.000Z' } };
        }
        return body.password !== undefined
          ? { status: 422, body: { statusCode: 422, message: 'Your current password is not correct.', fields: [{ field: 'password', key: 'current_password_wrong' }] } }
          : { status: 422, body: { statusCode: 422, message: 'This code is not right.', fields: [{ field: 'code', key: 'email_code_wrong' }] } };
      }
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const transfers = () => network.requests.filter((request) => request.url === '/api/wallet/transfers');

  it('asks for the password, shows a wrong one next to the field, and tries the action once more after the proof', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MoneyOut />);
    const button = screen.getByRole('button', { name: 'Transfer' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await waitFor(() => expect(password).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(password).toHaveAccessibleDescription('Please enter your password.');
    await user.type(password, 'Wrong#123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Your current password is not correct.'));
    expect(password).toHaveFocus();

    await user.clear(password);
    await user.type(password, 'Secret#123{Enter}');
    expect(await screen.findByText('sent')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(transfers()).toHaveLength(2);
    expect(network.requests.filter((request) => request.url === '/api/customers/step-up').map((request) => request.body)).toEqual([{ password: 'Wrong#123' }, { password: 'Secret#123' }]);
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('Escape closes the dialog: nothing is tried again, and focus goes back to the button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MoneyOut />);
    const button = screen.getByRole('button', { name: 'Transfer' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('not sent')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(transfers()).toHaveLength(1);
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('an account without a password asks for a mailed code, shows a wrong one next to the field, then goes on', async () => {
    act(() => store.set(setUserDataAtom, { customer: { FirstName: 'Ana', LastName: 'Costa', has_password: false } }));
    const user = userEvent.setup();
    renderWithProviders(<MoneyOut />);
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'E-mail me a code' }));
    const code = await within(dialog).findByRole('textbox', { name: 'Code from the e-mail' });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(network.requests.filter((request) => request.url === '/api/customers/step-up/code')).toHaveLength(1);

    await user.type(code, '654321{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('This code is not right, or it has expired.')));
    await user.clear(code);
    await user.type(code, '123 456{Enter}');
    expect(await screen.findByText('sent')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url === '/api/customers/step-up').map((request) => request.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
    expect(transfers()).toHaveLength(2);
  });

  it('a password account may ask for a code instead', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MoneyOut />);
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
    await user.click(within(dialog).getByRole('button', { name: 'No password? E-mail me a code instead' }));
    await user.click(within(dialog).getByRole('button', { name: 'E-mail me a code' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Code from the e-mail' })).toBeInTheDocument();
  });

  it('any other refusal is the action’s own: no dialog', async () => {
    transfer = () => ({ status: 403, body: { statusCode: 403, code: 'payouts_frozen', error: 'Forbidden', message: 'Payouts are frozen.' } });
    const user = userEvent.setup();
    renderWithProviders(<MoneyOut />);
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('refused')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      const user = userEvent.setup();
      renderWithProviders(<MoneyOut />);
      await user.click(screen.getByRole('button', { name: 'Transfer' }));
      const dialog = await screen.findByRole('dialog', { name: 'Por segurança, confirme que é você' });
      expect(within(dialog).getByLabelText('Palavra-passe')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
