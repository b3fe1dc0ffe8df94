import { Wallet } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import type { Db } from '../../db/db';
import { jobsTestApp, sharedTestDb, testClock } from '../../test/app';
import { inject } from '../../test/checkout';
import { deliver, IBAN, sale } from '../../test/wallet';
import { auditLedger } from '../wallet/ledger-audit';
import { payoutDay } from './payout-runs';

// A requested bank transfer is marked paid by the `payouts-paid` job on the next
// business day (Lisbon), with nobody clicking; two instances that both run the job, each more than
// once, pay it once, and the ledger audit holds before and after.

const HOUR = 60 * 60 * 1000;
const METRICS_TOKEN = 'a-metrics-token-for-the-payouts-test';
// A Friday morning in Lisbon (UTC in November): the next business day is Monday the 23rd.
const clock = testClock(new Date('2026-11-20T09:00:00Z'));
let database: Awaited<ReturnType<typeof sharedTestDb>>;
const apps: FastifyInstance[] = [];

async function instance(db: Db): Promise<FastifyInstance> {
  // A new IBAN's 48-hour hold is payout-safety.test.ts's: here transfers go to it at once.
  const app = await jobsTestApp(db, { METRICS_TOKEN, IBAN_HOLD_HOURS: '0' }, { clock });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await sharedTestDb();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.drop();
});

const until = async (check: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const audit = async (app: FastifyInstance) => {
  const report = await auditLedger(database.db, loadConfig({ NODE_ENV: 'test' }), app.carriers, clock.now());
  expect(report.mismatches).toEqual([]);
};

describe(`payouts marked paid (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('is the next business day: weekends and Portuguese holidays skipped', () => {
    expect(payoutDay(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-24'); // Monday → Tuesday
    expect(payoutDay(new Date('2026-11-20T23:30:00Z'))).toBe('2026-11-23'); // Friday night → Monday
    expect(payoutDay(new Date('2026-11-21T12:00:00Z'))).toBe('2026-11-23'); // Saturday → Monday
    expect(payoutDay(new Date('2026-11-30T12:00:00Z'))).toBe('2026-12-02'); // Monday → Wednesday: 1 December is a holiday
    // Lisbon's date, not UTC's: 23:30 UTC on 31 March is 00:30 on 1 April in Lisbon (summer time).
    expect(payoutDay(new Date('2027-03-31T23:30:00Z'))).toBe('2027-04-02');
  });

  it("a transfer requested on Friday is paid by Monday's run, once, though two instances run the job again and again", async () => {
    const one = await instance(database.db);
    const two = await instance(await database.another());
    const s = await sale(one, database.db, { price: 4990 });
    await deliver(one, s);
    await inject(one, 'PUT', 'customers/payout', { token: s.seller.token, body: { method: 'bank_transfer', iban: IBAN } });
    const requested = Wallet.parse((await inject(one, 'POST', 'wallet/transfers', { token: s.seller.token, body: { amount: 20 } })).json());
    const reference = requested.activity[0]!.code!;
    expect(requested.activity.slice(0, 2).map((entry) => entry.status)).toEqual(['sent', 'sent']);
    const paidRows = async () =>
      (await database.db.query<{ paid_at: Date | null }>('SELECT paid_at FROM wallet_entries WHERE reference = $1 ORDER BY id', [reference])).rows;

    // Friday evening and the weekend: the runs pay nothing.
    for (const hours of [8, 30, 60]) {
      clock.set(new Date(new Date('2026-11-20T09:00:00Z').getTime() + hours * HOUR));
      expect(await one.payoutRuns.payDue()).toEqual([]);
    }
    expect((await paidRows()).every((row) => row.paid_at === null)).toBe(true);

    // Monday: both instances run the job twice each, and one runs the run directly at the same time.
    clock.set(new Date('2026-11-23T06:00:00Z'));
    const direct = await Promise.all([one.payoutRuns.payDue(), two.payoutRuns.payDue()]);
    expect(direct.flat()).toEqual([reference]);
    for (const app of [one, two, one, two]) await app.jobs.send('payouts-paid', {});
    await until(async () => (await one.jobs.counts()).find((queue) => queue.queue === 'payouts-paid')?.waiting === 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rows = await paidRows();
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.paid_at && new Date(row.paid_at).toISOString())).toEqual([clock.now().toISOString(), clock.now().toISOString()]);
    const after = Wallet.parse((await inject(two, 'GET', 'wallet', { token: s.seller.token })).json());
    expect(after.activity.filter((entry) => entry.code === reference).map((entry) => entry.status)).toEqual(['paid', 'paid']);
    // The money left when it was requested: paying moves no cent.
    expect(after).toMatchObject({ total_credit: requested.total_credit, available: requested.available });
    const metrics = await two.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toContain('preloved_bank_transfers{state="requested"} 0');
    expect(metrics.body).toContain('preloved_bank_transfers{state="paid"} 1');
    await audit(one);
  }, 120_000);

  it('the job pays what is due though no instance ran on the payout day (a missed run is caught up)', async () => {
    const one = apps[0]!;
    clock.set(new Date('2026-11-24T15:00:00Z')); // Tuesday
    const s = await sale(one, database.db, { price: 4990 });
    await deliver(one, s);
    await inject(one, 'PUT', 'customers/payout', { token: s.seller.token, body: { method: 'bank_transfer', iban: IBAN } });
    const requested = Wallet.parse((await inject(one, 'POST', 'wallet/transfers', { token: s.seller.token, body: { amount: 15 } })).json());
    const reference = requested.activity[0]!.code!;
    clock.set(new Date('2026-11-27T12:00:00Z')); // Friday: Wednesday's run never happened
    await one.jobs.send('payouts-paid', {});
    await until(async () => {
      const wallet = Wallet.parse((await inject(one, 'GET', 'wallet', { token: s.seller.token })).json());
      return wallet.activity.filter((entry) => entry.code === reference).every((entry) => entry.status === 'paid');
    });
    await audit(one);
  }, 120_000);
});
