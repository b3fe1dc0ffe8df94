import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { jobsTestApp, sharedTestDb, testClock } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';
import { decodedBody, startMailbox } from '../../../../../tools/test-support/smtp';

// Issue 27 item 2 / issue 29 item 4: a smart-pricing cut happens at its date with nobody visiting
// (the `smart-pricing-cuts` job), and the shopper who saved the piece gets one mail (the
// `price-drop-mails` job), though two instances work the queue and each sweep runs twice.

const HOUR = 60 * 60 * 1000;
const clock = testClock(new Date('2026-11-23T10:00:00Z'));
let database: Awaited<ReturnType<typeof sharedTestDb>>;
let smtp: Awaited<ReturnType<typeof startMailbox>>;
const apps: FastifyInstance[] = [];

async function instance(db: Db): Promise<FastifyInstance> {
  const app = await jobsTestApp(db, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://shop.test' }, { clock });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  smtp = await startMailbox();
  database = await sharedTestDb();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.drop();
  await smtp.close();
});

it('a smart-pricing cut of a wishlisted piece is told by the jobs with no visit: one feed entry and one mail across two instances', async () => {
  const one = await instance(database.db);
  const two = await instance(await database.another());
  const rita = await shopper(one);
  const [listing] = await listings(database.db, 1, { notSeller: rita.id });
  const anchor = new Date(clock.now().getTime() - 7 * 24 * HOUR + HOUR);
  await database.db.query(
    `UPDATE listings SET smart_pricing = true, price_cents = 10000, price_base_cents = 10000, min_price_cents = 5000, price_anchor_at = $2,
            next_price_drop_at = $2::timestamptz + interval '7 days' WHERE id = $1`,
    [listing!.id, anchor.toISOString()],
  );
  const { rows } = await database.db.query<{ child_id: number }>('SELECT child_id FROM listings WHERE id = $1', [listing!.id]);
  await inject(one, 'PUT', 'customers/wishlist', { token: rita.token, body: { child_id: rows[0]!.child_id } });

  clock.advance(2 * HOUR);
  const before = smtp.received.length;
  for (const app of [one, two, one, two]) await app.jobs.send('smart-pricing-cuts', {});
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows: drops } = await database.db.query("SELECT 1 FROM notification_feed WHERE customer_id = $1 AND kind = 'price_drop'", [rita.id]);
    if (drops.length > 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const app of [one, two, one, two]) await app.jobs.send('price-drop-mails', {});
  await smtp.mailTo(rita.email, before, /\(was €100\.00\)/);
  // Every sweep has had its turn (they poll each half second), and nothing more was sent.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(smtp.received.slice(before).filter((mail) => mail.to.includes(rita.email) && /was €100\.00/.test(decodedBody(mail.raw)))).toHaveLength(1);
  const { rows: entries } = await database.db.query("SELECT data FROM notification_feed WHERE customer_id = $1 AND kind = 'price_drop'", [rita.id]);
  expect(entries).toHaveLength(1);
}, 120_000);
