import type { StaffRole } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { STAFF_COOKIE } from '../modules/backoffice/backoffice-routes';
import { inviteStaff } from '../modules/backoffice/staff-invitations';
import { totpCode } from '../modules/backoffice/totp';
import type { testClock } from './app';

export const STAFF_PASSWORD = 'Back-office#2026';

/** The staff cookie a sign-in set, as a request's `cookie` header. */
export function staffCookie(response: { cookies: { name: string; value: string }[] }): string {
  const value = response.cookies.find((cookie) => cookie.name === STAFF_COOKIE)?.value;
  if (!value) throw new Error('no staff cookie');
  return `${STAFF_COOKIE}=${value}`;
}

/** The code of the next 30-s step: a code works once, so each sign-in of a test moves the clock on to a new one. */
export function nextCode(clock: ReturnType<typeof testClock>, secret: string): string {
  clock.advance(30_000);
  return totpCode(secret, clock.now());
}

/**
 * A member of staff made as the first-admin script makes one (an invitation), enrolled and signed in
 * through the API: their id, e-mail, TOTP secret, cookie and the spent invitation token.
 */
export async function signedInStaff(app: FastifyInstance, db: Db, clock: ReturnType<typeof testClock>, role: StaffRole, email = `${role}-${Math.random().toString(36).slice(2, 8)}@brand.test`) {
  const invited = await db.transaction((tx) => inviteStaff(tx, { email, name: `${role} member`, role, invitedBy: null }));
  if (!invited.ok) throw new Error(invited.code);
  const enrolment = await app.inject({ method: 'GET', url: `/api/backoffice/invitations/${invited.token}` });
  if (enrolment.statusCode !== 200) throw new Error(`enrolment: ${enrolment.body}`);
  const secret = enrolment.json().totp_secret as string;
  const accepted = await app.inject({ method: 'POST', url: `/api/backoffice/invitations/${invited.token}/accept`, payload: { password: STAFF_PASSWORD, code: nextCode(clock, secret) } });
  if (accepted.statusCode !== 201) throw new Error(`accept: ${accepted.body}`);
  const signedIn = await app.inject({ method: 'POST', url: '/api/backoffice/session', payload: { email, password: STAFF_PASSWORD, code: nextCode(clock, secret) } });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in: ${signedIn.body}`);
  return { id: invited.staffId, email, secret, cookie: staffCookie(signedIn), token: invited.token };
}
