import type { Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { testDb } from '../../test/app';
import { tokenHash, verifyPassword } from '../identity/passwords';
import { listAudit } from './audit-repository';
import { acceptInvitation, findInvitation, inviteStaff, startEnrolment } from './staff-invitations';
import { totpCode } from './totp';

let ctx: Awaited<ReturnType<typeof testDb>>;
let db: Db;
beforeAll(async () => {
  ctx = await testDb();
  db = ctx.db;
  // PostgreSQL's schema starts empty; PGlite's template is already migrated (nothing to apply).
  await migrate(db);
});
afterAll(() => ctx.drop());

const now = () => new Date();

describe('staff invitations', () => {
  it('invite → enrol TOTP → accept with password and code, once, each step audited', async () => {
    const invited = await db.transaction((tx) => inviteStaff(tx, { email: 'marta@preloved.example', name: 'Marta', role: 'moderator', invitedBy: null }));
    if (!invited.ok) throw new Error(invited.code);
    const stored = await db.query<{ token_hash: string }>('SELECT token_hash FROM staff_invitations WHERE staff_id = $1', [invited.staffId]);
    expect(stored.rows[0]!.token_hash).toBe(tokenHash(invited.token));

    const invitation = (await findInvitation(db, invited.token))!;
    const { secret, uri } = await startEnrolment(db, invitation);
    expect(uri).toContain(`secret=${secret}`);

    expect(await acceptInvitation(db, invited.token, 'a long staff password', '000000', now())).toEqual({ ok: false, code: 'staff_totp_invalid' });
    expect(await acceptInvitation(db, invited.token, 'a long staff password', totpCode(secret, now()), now())).toEqual({ ok: true, staffId: invited.staffId });
    expect(await acceptInvitation(db, invited.token, 'another password', totpCode(secret, now()), now())).toEqual({ ok: false, code: 'staff_invitation_invalid' });
    expect(await findInvitation(db, invited.token)).toBeNull();

    const member = await db.query<{ password_hash: string; totp_last_step: string }>('SELECT password_hash, totp_last_step FROM staff WHERE id = $1', [invited.staffId]);
    expect(await verifyPassword('a long staff password', member.rows[0]!.password_hash)).toBe(true);
    expect(member.rows[0]!.totp_last_step).not.toBeNull();

    const audit = await listAudit(db, {}, { limit: 10, offset: 0 });
    expect(audit.entries.filter((e) => e.target_id === String(invited.staffId)).map((e) => e.action)).toEqual(['staff.accept_invitation', 'staff.invite']);
  });

  it('refuses a second member with the same e-mail, whatever its case', async () => {
    await db.transaction((tx) => inviteStaff(tx, { email: 'joao@preloved.example', name: 'João', role: 'support', invitedBy: null }));
    expect(await db.transaction((tx) => inviteStaff(tx, { email: 'JOAO@preloved.example', name: 'J', role: 'admin', invitedBy: null }))).toEqual({
      ok: false,
      code: 'staff_email_taken',
    });
  });

  it('refuses an expired link and a link of a deactivated member', async () => {
    const expired = await db.transaction((tx) => inviteStaff(tx, { email: 'old@preloved.example', name: 'Old', role: 'support', invitedBy: null }));
    if (!expired.ok) throw new Error(expired.code);
    await db.query(`UPDATE staff_invitations SET expires_at = now() - interval '1 second' WHERE staff_id = $1`, [expired.staffId]);
    expect(await findInvitation(db, expired.token)).toBeNull();

    const gone = await db.transaction((tx) => inviteStaff(tx, { email: 'gone@preloved.example', name: 'Gone', role: 'support', invitedBy: null }));
    if (!gone.ok) throw new Error(gone.code);
    await db.query('UPDATE staff SET active = false WHERE id = $1', [gone.staffId]);
    expect(await acceptInvitation(db, gone.token, 'a long staff password', '123456', now())).toEqual({ ok: false, code: 'staff_invitation_invalid' });
  });
});
