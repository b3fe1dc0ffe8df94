import { Offer } from '@preloved/contract';
import type { Db } from '../../db/db';
import { sharedStoresForFile, testClock, type SharedStores } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';
import { decodedBody } from '../../../../../tools/test-support/smtp';

// An offer's window closing is told by the `offers-expiry` job, with nobody reading
// their offers. Two instances on one database (PostgreSQL: two pools; PGlite: one database) work
// the queue, each asked to sweep more than once: each side gets one expiry mail and one feed entry.

const HOUR = 60 * 60 * 1000;
const clock = testClock(new Date('2026-11-23T10:00:00Z'));
let database: SharedStores['database'];
let smtp: SharedStores['smtp'];
let stores: SharedStores;
sharedStoresForFile((opened) => ({ database, smtp } = stores = opened));

const instance = (db: Db) => stores.instance(db, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://shop.test' }, { clock });

it('an offer not answered in 48 h expires once, by the job, with one mail to each side, though two instances sweep', async () => {
  const one = await instance(database.db);
  const two = await instance(await database.another());
  const seller = await shopper(one);
  const buyer = await shopper(one);
  const [listing] = await listings(database.db, 1);
  await database.db.query('UPDATE listings SET seller_id = $1, price_cents = 10000 WHERE id = $2', [seller.id, listing!.id]);
  const made = Offer.parse((await inject(one, 'POST', 'offers', { token: buyer.token, body: { listing_id: listing!.id, price: 70 } })).json());
  expect(made.status).toBe('active');

  clock.advance(48 * HOUR);
  const before = smtp.received.length;
  for (const app of [one, two, one, two]) await app.jobs.send('offers-expiry', {});
  await smtp.mailTo(buyer.email, before, /has expired/);
  await smtp.mailTo(seller.email, before, /has expired/);
  // Every sweep has had its turn (they poll each half second), and nothing more was sent.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(smtp.received.slice(before).filter((mail) => /has expired/.test(decodedBody(mail.raw)))).toHaveLength(2);
  const { rows } = await database.db.query<{ customer_id: number }>(
    "SELECT customer_id FROM notification_feed WHERE kind = 'offer_expired' ORDER BY customer_id",
  );
  expect(rows.map((row) => row.customer_id)).toEqual([seller.id, buyer.id].sort((a, b) => a - b));
}, 90_000);

it('a counter-offer not answered in 48 h expires by the job too: one mail to each side saying the buyer did not answer it', async () => {
  const one = stores.instances[0] ?? (await instance(database.db));
  const seller = await shopper(one);
  const buyer = await shopper(one);
  const [listing] = await listings(database.db, 1, { skip: 5 });
  await database.db.query('UPDATE listings SET seller_id = $1, price_cents = 10000 WHERE id = $2', [seller.id, listing!.id]);
  const made = Offer.parse((await inject(one, 'POST', 'offers', { token: buyer.token, body: { listing_id: listing!.id, price: 70 } })).json());
  clock.advance(47 * HOUR);
  expect((await inject(one, 'POST', `offers/${made.id}/counter`, { token: seller.token, body: { price: 85 } })).json().status).toBe('countered');
  // The offer's own answer window closes meanwhile: the counter's window keeps it open.
  clock.advance(2 * HOUR);
  const early = smtp.received.length;
  await one.jobs.send('offers-expiry', {});
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(smtp.received.slice(early).filter((mail) => /expired/.test(decodedBody(mail.raw)))).toHaveLength(0);

  clock.advance(46 * HOUR);
  const before = smtp.received.length;
  await one.jobs.send('offers-expiry', {});
  await smtp.mailTo(buyer.email, before, /did not answer the counter-offer in time/);
  await smtp.mailTo(seller.email, before, /did not answer the counter-offer in time/);
  const { rows } = await database.db.query<{ customer_id: number }>("SELECT customer_id FROM notification_feed WHERE kind = 'offer_expired' AND customer_id = ANY($1::int[])", [[buyer.id, seller.id]]);
  expect(rows).toHaveLength(2);
}, 90_000);
