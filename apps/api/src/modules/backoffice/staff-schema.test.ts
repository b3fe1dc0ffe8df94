import type { Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { testDb } from '../../test/app';

let ctx: Awaited<ReturnType<typeof testDb>>;
let db: Db;
beforeAll(async () => {
  ctx = await testDb();
  db = ctx.db;
  // PostgreSQL's schema starts empty; PGlite's template is already migrated (nothing to apply).
  await migrate(db);
});
afterAll(() => ctx.drop());

async function anAuditRow(): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO staff_audit (action, target_type, target_id, after, reason) VALUES ('staff.invite', 'staff', '1', '{"role":"admin"}', 'first admin') RETURNING id::int AS id`,
  );
  return rows[0]!.id;
}

describe('the staff audit log', () => {
  it('accepts new rows', async () => {
    const id = await anAuditRow();
    const { rows } = await db.query<{ action: string; after: unknown }>('SELECT action, after FROM staff_audit WHERE id = $1', [id]);
    expect(rows).toEqual([{ action: 'staff.invite', after: { role: 'admin' } }]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const id = await anAuditRow();
    await expect(db.query(`UPDATE staff_audit SET reason = 'rewritten' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM staff_audit WHERE id = $1', [id])).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE staff_audit')).rejects.toThrow(/append-only/);
    const { rows } = await db.query<{ reason: string }>('SELECT reason FROM staff_audit WHERE id = $1', [id]);
    expect(rows).toEqual([{ reason: 'first admin' }]);
  });
});

describe('staff accounts', () => {
  it('hold one of the four roles and a unique e-mail whatever its case', async () => {
    await db.query(`INSERT INTO staff (email, name, role) VALUES ('Ana@preloved.example', 'Ana', 'support')`);
    await expect(db.query(`INSERT INTO staff (email, name, role) VALUES ('ana@preloved.example', 'Ana 2', 'admin')`)).rejects.toThrow();
    await expect(db.query(`INSERT INTO staff (email, name, role) VALUES ('rui@preloved.example', 'Rui', 'owner')`)).rejects.toThrow();
  });
});
