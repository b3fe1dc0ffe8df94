import type { DisputeQueue, StaffSessionResponse } from '@preloved/contract';
import { i18n, setLanguage } from '@preloved/shared';
import { act, renderWithProviders, screen, userEvent, within } from '@preloved/shared/test-utils';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../tools/jest/msw-server';
import { DisputesPage } from '../features/disputes/DisputesPage';
import { ConsoleFrame } from '../features/frame/ConsoleFrame';
import { SignInPage } from '../features/sign-in/SignInPage';
import './index';

/** The console as the shell mounts it: the frame at /backoffice and its pages inside. */
const renderConsole = (route: string) =>
  renderWithProviders(<p>Elsewhere</p>, {
    route,
    path: '/elsewhere',
    routes: [
      {
        path: '/backoffice',
        element: <ConsoleFrame />,
        children: [
          { path: 'sign-in', element: <SignInPage /> },
          { path: 'disputes', element: <DisputesPage /> },
        ],
      },
    ],
  });

const queue: DisputeQueue = {
  disputes: [
    {
      kind: 'claim',
      order_id: 12,
      number: 'PO-0000012',
      reported_at: '2026-11-20T10:23:00Z',
      answer_by: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
      description: 'The zip is broken.',
      reason: null,
      buyer_email: 'rita@example.com',
      sellers: ['Marta Silva'],
      total: 1240.5,
      amount: 1240.5,
      resolution: null,
      resolved_at: null,
    },
  ],
  total: 1,
  page: 1,
  page_size: 20,
};

afterAll(async () => {
  await act(() => i18n.changeLanguage('en'));
  localStorage.clear();
});

describe('the console in Spanish (Español in its language switch)', () => {
  it('turns the sign-in page into Spanish, remembers the choice and says a refusal in Spanish', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(api('/backoffice/session'), () =>
        HttpResponse.json({ statusCode: 401, code: 'staff_sign_in_refused', message: 'That e-mail, password and code do not sign you in.' }, { status: 401 }),
      ),
    );
    renderConsole('/backoffice/sign-in');
    expect(await screen.findByRole('heading', { name: 'Sign in to the back office' })).toBeInTheDocument();

    const languages = screen.getByRole('group', { name: 'Language' });
    await user.click(within(languages).getByRole('button', { name: 'Español' }));

    expect(await screen.findByRole('heading', { name: 'Inicia sesión en el back office' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Idioma' })).getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Back office de Preloved')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');

    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ana@brand.example');
    await user.type(screen.getByLabelText('Contraseña'), 'a password');
    await user.type(screen.getByRole('textbox', { name: 'Código de autenticación' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Con ese correo, esa contraseña y ese código no puedes iniciar sesión.')).toBeInTheDocument();
  });

  it('shows a signed-in member the disputes queue in Spanish, its dates and money as Spain writes them', async () => {
    const session: StaffSessionResponse = { staff: { id: 7, email: 'ana@brand.example', name: 'Ana', role: 'support' }, expires_at: '2099-01-01T00:00:00Z' };
    server.use(
      http.get(api('/backoffice/session'), () => HttpResponse.json(session)),
      http.get(api('/backoffice/disputes'), () => HttpResponse.json(queue)),
    );
    // A member who chose Español (the choice is kept across visits, as the store's is).
    await act(() => setLanguage('es'));
    renderConsole('/backoffice/disputes');

    expect(await screen.findByRole('heading', { name: 'Disputas' })).toBeInTheDocument();
    expect(screen.getByText('Ana · Atención al cliente')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Secciones del back office' })).getByRole('link', { name: 'Disputas' })).toHaveAttribute('href', '/backoffice/disputes');
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();

    const row = (await screen.findByRole('link', { name: 'Abrir el pedido PO-0000012' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '20 nov 2026, 10:23' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '1240,50\u00a0€' })).toBeInTheDocument();
    expect(within(row).getByText('dentro de 3 días')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Responder antes de' })).toBeInTheDocument();
  });
});
