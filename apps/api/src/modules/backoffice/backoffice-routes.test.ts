import type { StaffRole } from '@preloved/contract';
import { decodedBody, subjectOf } from '../../../../../tools/test-support/smtp';
import { DEMO_STAFF } from '../../db/seed';
import { mailedTestApp, testClock, type MailedTestApp } from '../../test/app';
import { nextCode as nextStep, signedInStaff, STAFF_PASSWORD } from '../../test/staff';
import { STAFF_COOKIE } from './backoffice-routes';
import { totpCode } from './totp';

// The back office's door, through real HTTP on a real database and a real mailbox: invitation,
// enrolment with an authenticator secret, sign-in with password and code, roles on every route.
describe('/api/backoffice', () => {
  const clock = testClock();
  let store: MailedTestApp;
  mailedTestApp({}, { clock }, (started) => (store = started));
  const app = () => store.ctx.app;
  const PASSWORD = STAFF_PASSWORD;
  const nextCode = (secret: string) => nextStep(clock, secret);
  const member = (role: StaffRole, email?: string) => signedInStaff(app(), store.ctx.db, clock, role, email);

  it('enrols an invited admin with a TOTP secret, signs them in with password and code in an HttpOnly cookie, and logs both', async () => {
    const admin = await member('admin');
    const session = await app().inject({ method: 'GET', url: '/api/backoffice/session', headers: { cookie: admin.cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().staff).toMatchObject({ email: admin.email, role: 'admin' });

    const signIn = await app().inject({ method: 'POST', url: '/api/backoffice/session', payload: { email: admin.email, password: PASSWORD, code: nextCode(admin.secret) } });
    const header = String(signIn.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\/api\/backoffice/);

    const audit = await app().inject({ method: 'GET', url: `/api/backoffice/audit?staff_id=${admin.id}`, headers: { cookie: admin.cookie } });
    expect(audit.json().entries.map((entry: { action: string }) => entry.action)).toEqual(['staff.sign_in', 'staff.sign_in', 'staff.accept_invitation']);
    expect(audit.json().entries[0].staff_name).toBe('admin member');

    // The link is spent: a second use is refused.
    const again = await app().inject({ method: 'GET', url: `/api/backoffice/invitations/${admin.token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('staff_invitation_invalid');
  });

  it('signs the demo’s team in with the README’s password and TOTP secrets, each in their role', async () => {
    for (const member of DEMO_STAFF.members) {
      clock.advance(30_000);
      const signedIn = await app().inject({ method: 'POST', url: '/api/backoffice/session', payload: { email: member.email, password: DEMO_STAFF.password, code: totpCode(member.totpSecret, clock.now()) } });
      expect(signedIn.json().staff).toMatchObject({ email: member.email, role: member.role });
    }
  });

  it('refuses a wrong e-mail, password or code alike, and a code once used', async () => {
    const support = await member('support');
    const code = nextCode(support.secret);
    const tries = [
      { email: 'nobody@brand.test', password: PASSWORD, code },
      { email: support.email, password: 'Wrong-password#1', code },
      { email: support.email, password: PASSWORD, code: code === '000000' ? '111111' : '000000' },
    ];
    for (const payload of tries) {
      const refused = await app().inject({ method: 'POST', url: '/api/backoffice/session', payload });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('staff_sign_in_refused');
      expect(refused.cookies).toHaveLength(0);
    }
    expect((await app().inject({ method: 'POST', url: '/api/backoffice/session', payload: { email: support.email, password: PASSWORD, code } })).statusCode).toBe(200);
    const replay = await app().inject({ method: 'POST', url: '/api/backoffice/session', payload: { email: support.email, password: PASSWORD, code } });
    expect(replay.json().code).toBe('staff_sign_in_refused');
  });

  it('stops guessing after too many failures for one e-mail', async () => {
    const finance = await member('finance');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < store.ctx.config.LOGIN_MAX_FAILURES_PER_ADDRESS + 1; attempt++) {
      const response = await app().inject({ method: 'POST', url: '/api/backoffice/session', payload: { email: finance.email, password: 'Wrong-password#1', code: '123456' } });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Even the right password and code wait now.
    const right = await app().inject({ method: 'POST', url: '/api/backoffice/session', payload: { email: finance.email, password: PASSWORD, code: nextCode(finance.secret) } });
    expect(right.statusCode).toBe(429);
  });

  it('answers 401 without a staff session and 403 to a role a route does not name, on every back-office route', async () => {
    const shopper = await app().inject({ method: 'POST', url: '/api/customers/signin', payload: { first_name: 'Sam', last_name: 'Shopper', EmailAddress: 'sam@shopper.test', password: 'Secret#123', cart: [], id_brand: 1 } });
    expect(shopper.statusCode).toBe(200);
    const bearer = `Bearer ${shopper.json().Customer.token}`;
    const moderator = await member('moderator');
    const signedOut = await member('support');
    expect((await app().inject({ method: 'DELETE', url: '/api/backoffice/session', headers: { cookie: signedOut.cookie } })).statusCode).toBe(204);

    const document = (await app().inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const staffOnly = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/backoffice/'))
      .flatMap(([path, methods]) => Object.entries(methods).filter(([, operation]) => operation.security).map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{\w+\}/g, '1') })));
    expect(staffOnly.length).toBeGreaterThanOrEqual(6);
    for (const route of staffOnly) {
      for (const headers of [{}, { authorization: bearer }, { cookie: `${STAFF_COOKIE}=not-a-session` }, { cookie: signedOut.cookie }]) {
        const response = await app().inject({ method: route.method as 'GET', url: route.url, headers, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        expect({ route, status: response.statusCode, code: response.json().code }).toEqual({ route, status: 401, code: 'staff_signed_out' });
      }
    }
    for (const url of ['/api/backoffice/staff']) {
      const response = await app().inject({ method: 'GET', url, headers: { cookie: moderator.cookie } });
      expect({ url, status: response.statusCode, code: response.json().code }).toEqual({ url, status: 403, code: 'staff_role_refused' });
    }
  });

  it('lets an admin invite a member, who is mailed a link in the admin’s language; an e-mail on the staff twice is refused', async () => {
    const admin = await member('admin');
    const email = 'new.moderator@brand.test';
    const before = store.smtp.received.length;
    const invited = await app().inject({ method: 'POST', url: '/api/backoffice/staff', headers: { cookie: admin.cookie, 'accept-language': 'pt-PT' }, payload: { email, name: 'Inês', role: 'moderator' } });
    expect(invited.statusCode).toBe(201);
    const mail = await store.smtp.mailTo(email, before, /\/backoffice\/invitation\//);
    expect(subjectOf(mail.raw)).toBe('Foi convidado para o back office da Preloved');
    expect(decodedBody(mail.raw)).toContain('como moderação');
    const token = /\/backoffice\/invitation\/(\S+)/.exec(decodedBody(mail.raw))![1]!;
    expect((await app().inject({ method: 'GET', url: `/api/backoffice/invitations/${token}` })).json()).toMatchObject({ email, role: 'moderator', name: 'Inês' });

    const twice = await app().inject({ method: 'POST', url: '/api/backoffice/staff', headers: { cookie: admin.cookie }, payload: { email: email.toUpperCase(), name: 'Inês', role: 'support' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('staff_email_taken');

    const list = await app().inject({ method: 'GET', url: '/api/backoffice/staff', headers: { cookie: admin.cookie } });
    expect(list.json().staff).toEqual(expect.arrayContaining([expect.objectContaining({ email, enrolled: false, active: true })]));
    const csv = await app().inject({ method: 'GET', url: '/api/backoffice/audit.csv?action=staff.invite', headers: { cookie: admin.cookie } });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('new.moderator@brand.test');
  });
});
