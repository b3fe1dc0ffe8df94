import type { Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { testDb } from '../../test/app';
import { auditCsv, listAudit, recordAudit } from './audit-repository';

let ctx: Awaited<ReturnType<typeof testDb>>;
let db: Db;
let ana: number;
beforeAll(async () => {
  ctx = await testDb();
  db = ctx.db;
  // PostgreSQL's schema starts empty; PGlite's template is already migrated (nothing to apply).
  await migrate(db);
  const { rows } = await db.query<{ id: number }>(`INSERT INTO staff (email, name, role) VALUES ('ana@preloved.example', 'Ana', 'admin') RETURNING id`);
  ana = rows[0]!.id;
});
afterAll(() => ctx.drop());

describe('the audit log repository', () => {
  it('writes nothing when the action it records rolls back', async () => {
    const before = await listAudit(db, { action: 'staff.deactivate' }, { limit: 10, offset: 0 });
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { staffId: ana, action: 'staff.deactivate', targetType: 'staff', targetId: 99 });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await listAudit(db, { action: 'staff.deactivate' }, { limit: 10, offset: 0 })).toEqual(before);
  });

  it('lists newest first, filtered by staff and action, a page at a time, with the total', async () => {
    for (const role of ['support', 'moderator', 'finance']) {
      await recordAudit(db, { staffId: ana, action: 'staff.change_role', targetType: 'staff', targetId: 7, before: { role: 'support' }, after: { role }, reason: 'rota' });
    }
    await recordAudit(db, { staffId: null, action: 'staff.invite', targetType: 'staff', targetId: ana });
    const first = await listAudit(db, { staffId: ana, action: 'staff.change_role' }, { limit: 2, offset: 0 });
    expect(first.total).toBe(3);
    expect(first.entries.map((e) => (e.after as { role: string }).role)).toEqual(['finance', 'moderator']);
    expect(first.entries[0]).toMatchObject({ staff_id: ana, target_type: 'staff', target_id: '7', before: { role: 'support' }, reason: 'rota' });
    const second = await listAudit(db, { staffId: ana, action: 'staff.change_role' }, { limit: 2, offset: 2 });
    expect(second.entries.map((e) => (e.after as { role: string }).role)).toEqual(['support']);
    expect((await listAudit(db, { from: new Date(Date.now() + 86_400_000) }, { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('exports CSV a spreadsheet cannot run as a formula', async () => {
    await recordAudit(db, { staffId: ana, action: 'staff.sign_out', reason: '=HYPERLINK("http://evil","x"), really' });
    const csv = await auditCsv(db, { action: 'staff.sign_out' });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,staff_id,staff_name,action,target_type,target_id,before,after,reason');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d+,\d{4}-\d\d-\d\dT[\d:.]+Z,\d+,[^,]+,staff\.sign_out,,,,,"'=HYPERLINK\(""http:\/\/evil"",""x""\), really"$/);
  });
});
