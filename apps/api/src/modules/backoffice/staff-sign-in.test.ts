import type { Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { testDb } from '../../test/app';
import { listAudit } from './audit-repository';
import { acceptInvitation, findInvitation, inviteStaff, startEnrolment } from './staff-invitations';
import { findStaffSession } from './staff-sessions';
import { signInStaff } from './staff-sign-in';
import { totpCode } from './totp';

let ctx: Awaited<ReturnType<typeof testDb>>;
let db: Db;
let secret: string;
const PASSWORD = 'a long staff password';
// One fixed moment for the file, so a 30-s step boundary passing mid-test cannot change which steps are spent.
const BASE = Date.now();
const at = (offsetSeconds = 0) => new Date(BASE + offsetSeconds * 1000);

beforeAll(async () => {
  ctx = await testDb();
  db = ctx.db;
  // PostgreSQL's schema starts empty; PGlite's template is already migrated (nothing to apply).
  await migrate(db);
  const invited = await db.transaction((tx) => inviteStaff(tx, { email: 'ines@preloved.example', name: 'Inês', role: 'finance', invitedBy: null }));
  if (!invited.ok) throw new Error(invited.code);
  secret = (await startEnrolment(db, (await findInvitation(db, invited.token))!)).secret;
  // Enrolled with the code of 60 s ago, so the sign-ins below use steps newer than it.
  const accepted = await acceptInvitation(db, invited.token, PASSWORD, totpCode(secret, at(-60)), at(-60));
  if (!accepted.ok) throw new Error(accepted.code);
});
afterAll(() => ctx.drop());

describe('staff sign-in', () => {
  it('needs the password and a code, opens a live session and audits it', async () => {
    const result = await signInStaff(db, 'INES@preloved.example', PASSWORD, totpCode(secret, at(-30)), at());
    if (!result.ok) throw new Error(result.code);
    expect(await findStaffSession(db, result.token)).toMatchObject({ staff_id: result.staffId, role: 'finance' });
    const audit = await listAudit(db, { action: 'staff.sign_in' }, { limit: 5, offset: 0 });
    expect(audit.entries[0]).toMatchObject({ staff_id: result.staffId, target_id: String(result.sessionId) });
  });

  it('refuses a replayed code, a wrong code, a wrong password and an unknown e-mail alike', async () => {
    const refused = { ok: false, code: 'staff_sign_in_refused' };
    // The previous test used the step of 30 s ago: it and older steps are spent.
    expect(await signInStaff(db, 'ines@preloved.example', PASSWORD, totpCode(secret, at(-30)), at())).toEqual(refused);
    const right = totpCode(secret, at());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await signInStaff(db, 'ines@preloved.example', PASSWORD, wrong, at())).toEqual(refused);
    expect(await signInStaff(db, 'ines@preloved.example', 'not the password', right, at())).toEqual(refused);
    expect(await signInStaff(db, 'nobody@preloved.example', PASSWORD, right, at())).toEqual(refused);
    expect((await signInStaff(db, 'ines@preloved.example', PASSWORD, right, at())).ok).toBe(true);
    expect(await signInStaff(db, 'ines@preloved.example', PASSWORD, right, at())).toEqual(refused);
  });

  it('refuses a deactivated member', async () => {
    await db.query(`UPDATE staff SET active = false WHERE email = 'ines@preloved.example'`);
    expect((await signInStaff(db, 'ines@preloved.example', PASSWORD, totpCode(secret, at(30)), at())).ok).toBe(false);
    await db.query(`UPDATE staff SET active = true WHERE email = 'ines@preloved.example'`);
  });
});
