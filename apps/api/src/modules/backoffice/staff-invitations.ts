import type { Queryable } from '../../db/db';
import { hashPassword, randomToken, TOKEN_PATTERN, tokenHash } from '../identity/passwords';
import { recordAudit } from './audit-repository';
import type { StaffRole } from './staff-sessions';
import { acceptTotp, newTotpSecret } from './totp';

// An invitation link is a credential to the back office: it lives 72 hours and works once.
export const INVITATION_HOURS = 72;

export type InviteResult = { ok: true; staffId: number; token: string } | { ok: false; code: 'staff_email_taken' };

/**
 * Creates the member (no password, no TOTP yet) and their invitation, and records it, all in `tx`.
 * `invitedBy` is null for the first admin, whom the CLI script makes.
 */
export async function inviteStaff(
  tx: Queryable,
  invite: { email: string; name: string; role: StaffRole; invitedBy: number | null },
): Promise<InviteResult> {
  const created = await tx.query<{ id: number }>(
    `INSERT INTO staff (email, name, role) VALUES ($1, $2, $3) ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
    [invite.email.trim(), invite.name.trim(), invite.role],
  );
  const staffId = created.rows[0]?.id;
  if (staffId === undefined) return { ok: false, code: 'staff_email_taken' };
  const token = randomToken();
  await tx.query(
    `INSERT INTO staff_invitations (token_hash, staff_id, invited_by, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [tokenHash(token), staffId, invite.invitedBy, INVITATION_HOURS],
  );
  await recordAudit(tx, { staffId: invite.invitedBy, action: 'staff.invite', targetType: 'staff', targetId: staffId, after: { email: invite.email.trim(), role: invite.role } });
  return { ok: true, staffId, token };
}

export interface OpenInvitation {
  invitationId: number;
  staffId: number;
  email: string;
}

/** The open invitation of a token: unused, unexpired, its member active and not yet enrolled. */
export async function findInvitation(tx: Queryable, token: string): Promise<OpenInvitation | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { rows } = await tx.query<OpenInvitation>(
    `SELECT i.id AS "invitationId", m.id AS "staffId", m.email FROM staff_invitations i JOIN staff m ON m.id = i.staff_id
      WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > now() AND m.active AND m.password_hash IS NULL`,
    [tokenHash(token)],
  );
  return rows[0] ?? null;
}

/**
 * First step of accepting: a TOTP secret for the member, returned once with its otpauth:// URI. Asking
 * again replaces it (the member may have lost the first scan); nothing is usable until confirmed.
 */
export async function startEnrolment(tx: Queryable, invitation: OpenInvitation): Promise<{ secret: string; uri: string }> {
  const enrolment = newTotpSecret(invitation.email);
  await tx.query('UPDATE staff SET totp_secret = $2, updated_at = now() WHERE id = $1', [invitation.staffId, enrolment.secret]);
  return enrolment;
}

export type AcceptResult = { ok: true; staffId: number } | { ok: false; code: 'staff_invitation_invalid' | 'staff_totp_invalid' };

/**
 * Second step: the password and a code from the enrolled app. The code is checked before the link is
 * spent, so a mistyped code can be tried again; the claim (used_at set where it was null) makes two
 * tabs racing with one link accept it once.
 */
export async function acceptInvitation(tx: Queryable, token: string, password: string, code: string, at: Date): Promise<AcceptResult> {
  const invitation = await findInvitation(tx, token);
  if (!invitation) return { ok: false, code: 'staff_invitation_invalid' };
  const secret = await tx.query<{ totp_secret: string | null }>('SELECT totp_secret FROM staff WHERE id = $1', [invitation.staffId]);
  const enrolled = secret.rows[0]?.totp_secret;
  const step = enrolled ? acceptTotp(enrolled, code, at, null) : null;
  if (step === null) return { ok: false, code: 'staff_totp_invalid' };
  const claimed = await tx.query('UPDATE staff_invitations SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [invitation.invitationId]);
  if (claimed.rows.length === 0) return { ok: false, code: 'staff_invitation_invalid' };
  await tx.query('UPDATE staff SET password_hash = $2, totp_last_step = $3, updated_at = now() WHERE id = $1', [invitation.staffId, await hashPassword(password), step]);
  await recordAudit(tx, { staffId: invitation.staffId, action: 'staff.accept_invitation', targetType: 'staff', targetId: invitation.staffId });
  return { ok: true, staffId: invitation.staffId };
}
