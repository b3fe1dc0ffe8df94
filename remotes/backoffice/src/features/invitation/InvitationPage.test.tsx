import '../../i18n';
import type { StaffEnrolment } from '@preloved/contract';
import { renderWithProviders } from '@preloved/shared/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { grouped, InvitationPage } from './InvitationPage';

const enrolment: StaffEnrolment = {
  email: 'marta@brand.example',
  name: 'Marta Silva',
  role: 'moderator',
  totp_uri: 'otpauth://totp/Preloved%20back%20office:marta%40brand.example?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Preloved%20back%20office',
  totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
};

const renderPage = () =>
  renderWithProviders(<InvitationPage />, {
    route: '/backoffice/invitation/abc',
    path: '/backoffice/invitation/:token',
    routes: [{ path: '/backoffice/sign-in', element: <p>sign-in page</p> }],
  });

describe('InvitationPage (/backoffice/invitation/:token)', () => {
  let accepted: unknown[];
  beforeEach(() => {
    accepted = [];
    server.use(
      http.get(api('/backoffice/invitations/abc'), () => HttpResponse.json(enrolment)),
      http.post(api('/backoffice/invitations/abc/accept'), async ({ request }) => {
        const body = (await request.json()) as { password: string; code: string };
        accepted.push(body);
        if (body.code !== '123456') {
          return HttpResponse.json(
            { code: 'staff_totp_invalid', message: 'Type the six-digit code your authenticator app shows now.', fields: [{ field: 'code', key: 'staff_totp_invalid' }] },
            { status: 422 },
          );
        }
        return HttpResponse.json({ message: 'Your account is ready: sign in.' }, { status: 201 });
      }),
    );
  });

  it('welcomes the invitee with their role, and shows the QR code and the key in groups of four', async () => {
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome, Marta Silva' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('You are invited to the back office as Moderator, with the e-mail marta@brand.example.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '1. Add the back office to your authenticator app' })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code to add the Preloved back office to an authenticator app' });
    const src = qr.getAttribute('src') ?? '';
    expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<path /s);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
  });

  it('refuses a short password, a different confirmation and a missing code next to their fields, sending nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Marta Silva' });
    const form = screen.getByRole('form', { name: '2. Choose your password' });
    const password = within(form).getByLabelText('Password');
    const confirm = within(form).getByLabelText('Confirm password');
    const code = within(form).getByRole('textbox', { name: 'Code from your authenticator app' });

    await user.type(password, 'short');
    await user.click(within(form).getByRole('button', { name: 'Set up my account' }));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Use at least 8 characters.'));
    expect(password).toHaveFocus();
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Type the six-digit code your authenticator app shows now.'));

    await user.type(password, ' enough');
    await user.type(confirm, 'another one');
    await user.type(code, '12345');
    await user.click(within(form).getByRole('button', { name: 'Set up my account' }));
    expect(confirm).toHaveAccessibleDescription('The two passwords are not the same.');
    expect(confirm).toHaveFocus();
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Type the six-digit code'));
    expect(accepted).toEqual([]);
  });

  it('shows a code the API refuses next to the code field, then accepts the next one and leads to sign-in', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Marta Silva' });
    const form = screen.getByRole('form', { name: '2. Choose your password' });
    await user.type(within(form).getByLabelText('Password'), 'long enough');
    await user.type(within(form).getByLabelText('Confirm password'), 'long enough');
    const code = within(form).getByRole('textbox', { name: 'Code from your authenticator app' });
    await user.type(code, '654321');
    await user.click(within(form).getByRole('button', { name: 'Set up my account' }));

    await screen.findAllByText('Type the six-digit code your authenticator app shows now.');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Type the six-digit code your authenticator app shows now.'));
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();

    await user.type(code, '123456');
    await user.click(within(form).getByRole('button', { name: 'Set up my account' }));
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(screen.getByText('Your account is ready: sign in with your e-mail, password and a new code.')).toBeInTheDocument();
    expect(accepted).toEqual([
      { password: 'long enough', code: '654321' },
      { password: 'long enough', code: '123456' },
    ]);
  });

  it('says when an invitation has expired or was used, and what to do', async () => {
    server.use(
      http.get(api('/backoffice/invitations/abc'), () =>
        HttpResponse.json({ code: 'staff_invitation_invalid', message: 'This invitation has expired or was already used. Ask an admin for a new one.' }, { status: 404 }),
      ),
    );
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation has expired or was already used. Ask an admin for a new one.');
    expect(screen.getByText('An invitation link works once, for 72 hours after its mail was sent.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already set up? Sign in' })).toHaveAttribute('href', '/backoffice/sign-in');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('offers to try again when the invitation could not be loaded at all', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get(api('/backoffice/invitations/abc'), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(enrolment);
      }),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Your invitation' });
    expect(screen.queryByText('This invitation cannot be used')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Marta Silva' })).toBeInTheDocument();
  });

  it('writes the key in groups of four', () => {
    expect(grouped('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
