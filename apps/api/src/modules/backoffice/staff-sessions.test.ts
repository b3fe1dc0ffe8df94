import type { Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { testDb } from '../../test/app';
import { tokenHash } from '../identity/passwords';
import { findStaffSession, openStaffSession, revokeStaffSession, revokeStaffSessionsOf } from './staff-sessions';

let ctx: Awaited<ReturnType<typeof testDb>>;
let db: Db;
let rui: number;
beforeAll(async () => {
  ctx = await testDb();
  db = ctx.db;
  // PostgreSQL's schema starts empty; PGlite's template is already migrated (nothing to apply).
  await migrate(db);
  const { rows } = await db.query<{ id: number }>(`INSERT INTO staff (email, name, role) VALUES ('rui@preloved.example', 'Rui', 'finance') RETURNING id`);
  rui = rows[0]!.id;
});
afterAll(() => ctx.drop());

describe('staff sessions', () => {
  it('store only the hash of the token and find the session with the current role', async () => {
    const { id, token } = await openStaffSession(db, rui);
    const stored = await db.query<{ token_hash: string }>('SELECT token_hash FROM staff_sessions WHERE id = $1', [id]);
    expect(stored.rows[0]!.token_hash).toBe(tokenHash(token));
    expect(await findStaffSession(db, token)).toEqual({ id, staff_id: rui, role: 'finance', expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    await db.query(`UPDATE staff SET role = 'support' WHERE id = $1`, [rui]);
    expect(await findStaffSession(db, token)).toMatchObject({ role: 'support' });
    await db.query(`UPDATE staff SET role = 'finance' WHERE id = $1`, [rui]);
  });

  it('end after 30 idle minutes, and each use moves that end forward', async () => {
    const { id, token } = await openStaffSession(db, rui);
    await db.query(`UPDATE staff_sessions SET idle_expires_at = now() + interval '1 minute' WHERE id = $1`, [id]);
    expect(await findStaffSession(db, token)).not.toBeNull();
    const { rows } = await db.query<{ left: number }>(`SELECT extract(epoch FROM idle_expires_at - now())::int AS left FROM staff_sessions WHERE id = $1`, [id]);
    expect(rows[0]!.left).toBeGreaterThan(29 * 60);
    await db.query(`UPDATE staff_sessions SET idle_expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect(await findStaffSession(db, token)).toBeNull();
  });

  it('end after 8 hours however busy', async () => {
    const { id, token } = await openStaffSession(db, rui);
    await db.query(`UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect(await findStaffSession(db, token)).toBeNull();
  });

  it('end when revoked, one or all of a member, and when the member is deactivated', async () => {
    const one = await openStaffSession(db, rui);
    expect(await revokeStaffSession(db, one.id)).toBe(true);
    expect(await revokeStaffSession(db, one.id)).toBe(false);
    expect(await findStaffSession(db, one.token)).toBeNull();

    const a = await openStaffSession(db, rui);
    const b = await openStaffSession(db, rui);
    expect(await revokeStaffSessionsOf(db, rui)).toBeGreaterThanOrEqual(2);
    expect(await findStaffSession(db, a.token)).toBeNull();
    expect(await findStaffSession(db, b.token)).toBeNull();

    const c = await openStaffSession(db, rui);
    await db.query('UPDATE staff SET active = false WHERE id = $1', [rui]);
    expect(await findStaffSession(db, c.token)).toBeNull();
    await db.query('UPDATE staff SET active = true WHERE id = $1', [rui]);
  });

  it('never look up something not shaped like a token', async () => {
    expect(await findStaffSession(db, "' OR 1=1 --")).toBeNull();
    expect(await findStaffSession(db, '')).toBeNull();
  });
});
