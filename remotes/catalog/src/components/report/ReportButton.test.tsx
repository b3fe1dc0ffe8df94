import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { ReportButton } from './ReportButton';

describe('Report this listing / seller', () => {
  let sent: unknown[];
  beforeEach(() => {
    resetStore();
    sent = [];
    server.use(
      http.post(api('/reports'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ reference: 'R-000042' }, { status: 201 });
      }),
    );
  });

  const open = async (name = 'Report this listing') => {
    await userEvent.click(screen.getByRole('button', { name }));
    return screen.findByRole('dialog', { name });
  };

  it('opens a dialog with focus inside, closes on Escape and gives focus back to the button', async () => {
    renderWithProviders(<ReportButton target="listing" id={7} />);
    const dialog = await open();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Report this listing' })).toHaveFocus();
  });

  it('shows the problems next to their fields, then sends a visitor’s report with their e-mail and thanks them', async () => {
    renderWithProviders(<ReportButton target="listing" id={7} />);
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('group', { name: 'Why are you reporting it?' })).toHaveAccessibleDescription('Choose why you are reporting it.');
    await userEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const words = screen.getByRole('textbox', { name: 'What is wrong?' });
    expect(words).toHaveAccessibleDescription('Tell us what is wrong.');
    expect(words).toHaveFocus();
    await userEvent.type(words, 'The seller’s photos are of someone else’s home.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your e-mail (optional)' }), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you. Your report R-000042 is with the brand’s team. We have sent you an e-mail to confirm it.');
    expect(sent).toEqual([{ target: 'listing', id: 7, reason: 'other', text: 'The seller’s photos are of someone else’s home.', email: 'ana@example.com' }]);
  });

  it('asks a signed-in shopper for no e-mail and shows the API’s refusal of a field next to it', async () => {
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    server.use(
      http.post(api('/reports'), () =>
        HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', code: 'invalid_request', message: 'message_too_long', fields: [{ field: 'text', key: 'message_too_long' }] }, { status: 422 }),
      ),
    );
    renderWithProviders(<ReportButton target="seller" id={50} />);
    await open('Report this seller');
    expect(screen.queryByRole('textbox', { name: 'Your e-mail (optional)' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Stolen goods' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('textbox', { name: 'What is wrong?' })).toHaveAccessibleDescription('Use at most 1000 characters.');
  });
});
