import type { AuditQuery, StaffInvite, StaffMember, StaffRole } from '@preloved/contract';
import { AUDIT_PAGE_SIZE } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, HttpError } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { DEFAULT_READER, mailText } from '../../core/mail/mail-texts';
import { auditCsv, listAudit, recordAudit, type AuditFilter } from './audit-repository';
import { backofficeMailTexts } from './mail-texts';
import { acceptInvitation, findInvitation, INVITATION_HOURS, inviteStaff, startEnrolment } from './staff-invitations';
import { findStaffSession, revokeStaffSession, STAFF_ABSOLUTE_HOURS, type StaffSession } from './staff-sessions';
import { signInStaff } from './staff-sign-in';

declare module 'fastify' {
  interface FastifyInstance {
    staff: ReturnType<typeof staffService>;
  }
}

const MEMBER_COLUMNS = 'id, email, name, role';

const auditFilter = (query: Omit<AuditQuery, 'page'>): AuditFilter => ({
  staffId: query.staff_id,
  action: query.action,
  from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
  // `to` is a whole day: up to the next midnight.
  to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
});

/**
 * The back office's people: signing in (password and TOTP, throttled like the shoppers' sign-in),
 * sessions, invitations and the audit log. Every change is written with its audit entry in one
 * transaction (audit-repository.ts).
 */
function staffService(app: FastifyInstance) {
  const { db, config, clock, throttle, mailOutbox } = app;
  const member = async (staffId: number): Promise<StaffMember> => {
    const { rows } = await db.query<StaffMember>(`SELECT ${MEMBER_COLUMNS} FROM staff WHERE id = $1`, [staffId]);
    return rows[0]!;
  };

  return {
    /**
     * Password and code together; a wrong one of the three is the same 401. Failures count per e-mail
     * and per address (a guessed code is a failure too), and a success gives its attempt back.
     */
    async signIn(input: { email: string; password: string; code: string }, address: string): Promise<{ token: string; member: StaffMember; expiresAt: Date }> {
      const limits = [
        { key: `staff:email:${input.email}`, max: config.LOGIN_MAX_FAILURES_PER_ADDRESS },
        { key: `staff:ip:${address}`, max: config.LOGIN_MAX_FAILURES },
      ];
      const signedIn = await throttle.failures(
        limits,
        async () => {
          const result = await db.transaction((tx) => signInStaff(tx, input.email, input.password, input.code, clock.now()));
          if (!result.ok) throw apiError(401, result.code);
          return result;
        },
        (error) => error instanceof HttpError && error.code === 'staff_sign_in_refused',
      );
      return { token: signedIn.token, member: await member(signedIn.staffId), expiresAt: new Date(clock.now().getTime() + STAFF_ABSOLUTE_HOURS * 3_600_000) };
    },

    /** The live session of a cookie's token, or null. */
    session: (token: string): Promise<StaffSession | null> => findStaffSession(db, token),

    member,

    /** Ends the session, with its audit entry. */
    async signOut(session: StaffSession): Promise<void> {
      await db.transaction(async (tx) => {
        if (await revokeStaffSession(tx, session.id)) await recordAudit(tx, { staffId: session.staff_id, action: 'staff.sign_out', targetType: 'staff_session', targetId: session.id });
      });
    },

    /** An open invitation's member and a fresh TOTP secret to enrol (asked again, a new one replaces it). */
    async enrolment(token: string) {
      return db.transaction(async (tx) => {
        const invitation = await findInvitation(tx, token);
        if (!invitation) throw apiError(404, 'staff_invitation_invalid');
        const { secret, uri } = await startEnrolment(tx, invitation);
        const invitee = await tx.query<StaffMember>(`SELECT ${MEMBER_COLUMNS} FROM staff WHERE id = $1`, [invitation.staffId]);
        const { email, name, role } = invitee.rows[0]!;
        return { email, name, role, totp_uri: uri, totp_secret: secret };
      });
    },

    /** The invitee's password and first code: the link is spent, and the member can sign in. */
    async accept(token: string, password: string, code: string): Promise<void> {
      const result = await db.transaction((tx) => acceptInvitation(tx, token, password, code, clock.now()));
      if (result.ok) return;
      if (result.code === 'staff_totp_invalid') throw apiError(422, 'staff_totp_invalid', { fields: [{ field: 'code', key: 'staff_totp_invalid' }] });
      throw apiError(404, result.code);
    },

    /** An admin invites a member: the member, the invitation, its audit entry and its mail commit together. */
    async invite(by: StaffSession, input: StaffInvite, language: ContentLanguage): Promise<{ id: number }> {
      const inviter = await member(by.staff_id);
      const mailId = await db.transaction(async (tx) => {
        const invited = await inviteStaff(tx, { ...input, invitedBy: by.staff_id });
        if (!invited.ok) throw apiError(409, invited.code, { fields: [{ field: 'email', key: invited.code }] });
        const { t } = mailText({ ...DEFAULT_READER, language }, backofficeMailTexts);
        const link = `${config.PUBLIC_URL.replace(/\/$/, '')}/backoffice/invitation/${invited.token}`;
        const text = [
          t('common.hello', { name: input.name }),
          t('staff.inviteIntro', { by: inviter.name, role: t(`staff.role.${input.role}`), hours: INVITATION_HOURS }),
          link,
          t('staff.inviteIgnore'),
          t('common.signature'),
        ].join('\n\n');
        const id = await mailOutbox.addMail({ mail: { to: input.email, subject: t('staff.inviteSubject'), text }, extra: { link } }, tx);
        return { staffId: invited.staffId, id };
      });
      mailOutbox.sendSoon([mailId.id]);
      return { id: mailId.staffId };
    },

    /** Everyone on the staff, enrolled or not. */
    async list() {
      const { rows } = await db.query<StaffMember & { active: boolean; enrolled: boolean; created_at: string }>(
        `SELECT ${MEMBER_COLUMNS}, active, password_hash IS NOT NULL AS enrolled,
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
           FROM staff ORDER BY lower(name), id`,
      );
      return { staff: rows };
    },

    async audit(query: AuditQuery) {
      const { entries, total } = await listAudit(db, auditFilter(query), { limit: AUDIT_PAGE_SIZE, offset: (query.page - 1) * AUDIT_PAGE_SIZE });
      return { entries, total, page: query.page, page_size: AUDIT_PAGE_SIZE };
    },

    auditCsv: (query: Omit<AuditQuery, 'page'>) => auditCsv(db, auditFilter(query)),

    /** The role a route asks for, else 403 (checked on every back-office route by its preHandler). */
    allows: (session: StaffSession, roles: readonly StaffRole[]) => roles.includes(session.role),
  };
}

export default fp(async (app: FastifyInstance) => void app.decorate('staff', staffService(app)), {
  name: 'staff',
  dependencies: ['config', 'db', 'clock', 'throttle', 'mail-outbox'],
});
