import type { Queryable } from '../../db/db';
import { verifyPassword } from '../identity/passwords';
import { recordAudit } from './audit-repository';
import { openStaffSession } from './staff-sessions';
import { acceptTotp } from './totp';

export type SignInResult =
  | { ok: true; staffId: number; sessionId: number; token: string }
  | { ok: false; code: 'staff_sign_in_refused' };

/**
 * Password and TOTP code, both mandatory. Every refusal is the same one (no telling which factor was
 * wrong, nor whether the e-mail is staff). The code's step is stored where it is newer than the last
 * one (an UPDATE … WHERE, so two requests with one code cannot both win): a code works once.
 * The route wraps this in the database-backed throttle (core/throttle.ts) per e-mail and per address.
 */
export async function signInStaff(tx: Queryable, email: string, password: string, code: string, at: Date): Promise<SignInResult> {
  const refused = { ok: false, code: 'staff_sign_in_refused' } as const;
  const { rows } = await tx.query<{ id: number; password_hash: string | null; totp_secret: string | null; totp_last_step: string | null }>(
    'SELECT id, password_hash, totp_secret, totp_last_step FROM staff WHERE lower(email) = lower($1) AND active',
    [email.trim()],
  );
  const member = rows[0];
  // An unknown e-mail still costs a hash, so timing does not tell who is staff.
  const passwordOk = await verifyPassword(password, member?.password_hash);
  if (!member || !passwordOk || !member.totp_secret) return refused;
  const step = acceptTotp(member.totp_secret, code, at, member.totp_last_step === null ? null : Number(member.totp_last_step));
  if (step === null) return refused;
  const won = await tx.query('UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id', [member.id, step]);
  if (won.rows.length === 0) return refused;
  const session = await openStaffSession(tx, member.id);
  await recordAudit(tx, { staffId: member.id, action: 'staff.sign_in', targetType: 'staff_session', targetId: session.id });
  return { ok: true, staffId: member.id, sessionId: session.id, token: session.token };
}

/**
 * Step-up: the signed-in member types their authenticator's code again before a large refund. True when
 * the code is valid and newer than the last one they used (spent here, like a sign-in's).
 */
export async function stepUpStaff(tx: Queryable, staffId: number, code: string, at: Date): Promise<boolean> {
  const { rows } = await tx.query<{ totp_secret: string | null; totp_last_step: string | null }>('SELECT totp_secret, totp_last_step FROM staff WHERE id = $1 AND active FOR UPDATE', [staffId]);
  const member = rows[0];
  if (!member?.totp_secret) return false;
  const step = acceptTotp(member.totp_secret, code, at, member.totp_last_step === null ? null : Number(member.totp_last_step));
  if (step === null) return false;
  await tx.query('UPDATE staff SET totp_last_step = $2 WHERE id = $1', [staffId, step]);
  return true;
}
