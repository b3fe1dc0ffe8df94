import { isSignedInAtom, startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent } from '@preloved/shared/test-utils';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { PrivacyPage } from './PrivacyPage';

describe('PrivacyPage (/user/privacy)', () => {
  let deletions: unknown[];
  let refusal: { status: number; body: unknown } | null;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    deletions = [];
    refusal = null;
    server.use(
      http.get(api('/customers/privacy/export'), () =>
        HttpResponse.json({ exported_at: '2026-11-29T10:00:00.000Z', customer_id: 7, data: {}, photos: [] }, { headers: { 'content-disposition': 'attachment; filename="preloved-my-data-2026-11-29.json"' } }),
      ),
      http.post(api('/customers/privacy/delete'), async ({ request }) => {
        deletions.push((await request.json()) as object);
        if (refusal) return HttpResponse.json(refusal.body as object, { status: refusal.status });
        return HttpResponse.json({ deleted: true, deleted_at: '2026-11-29T10:00:00.000Z' });
      }),
    );
  });
  const renderPage = () => renderWithProviders(<PrivacyPage />, { route: '/user/privacy', path: '/user/privacy' });

  it('downloads the data as the file the store names', async () => {
    const created = jest.fn(() => 'blob:my-data');
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('preloved-my-data-2026-11-29.json');
    });
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
    expect(clicked).toHaveBeenCalledTimes(1);
    clicked.mockRestore();
  });

  it('asks for the password before deleting, and gives focus back when the shopper keeps the account', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(password).toHaveAccessibleDescription('Please enter your password.');
    expect(deletions).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByRole('button', { name: 'Delete my account' })).toHaveFocus();
  });

  it('shows the reason in words when the store refuses, and a wrong password next to the field', async () => {
    refusal = { status: 409, body: { statusCode: 409, code: 'account_open_orders', message: 'An order of yours is still on its way.' } };
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('An order of yours is still on its way: you can delete your account once it is delivered or cancelled.')).toBeInTheDocument();
    expect(deletions).toEqual([{ password: 'Secret#123' }]);

    refusal = { status: 422, body: { statusCode: 422, code: 'current_password_wrong', message: 'current_password_wrong', fields: [{ field: 'password', key: 'current_password_wrong' }] } };
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription(/password/i);
    expect(store.get(isSignedInAtom)).toBe(true);
  });

  it('signs the shopper out and takes them home, where a notice confirms the deletion', async () => {
    renderWithProviders(<PrivacyPage />, { route: '/user/privacy', path: '/user/privacy', routes: [{ path: '/', element: <p>Home page</p> }] });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(store.get(isSignedInAtom)).toBe(false);
  });
});
