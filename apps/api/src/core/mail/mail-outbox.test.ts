import { PaymentResult } from '@preloved/contract';
import type { Db } from '../../db/db';
import { sharedStoresForFile, type SharedStores } from '../../test/app';
import { fillBag, inject, key, listings, payment, shopper } from '../../test/checkout';
import { decodedBody, subjectOf } from '../../../../../tools/test-support/smtp';

// The mail outbox (item 2) on the engine of the run. An order placed while the mail server
// is down keeps its mails (they were written with the order); once the server answers, the outbox's
// job on two instances sends each of them once, and no claim link stays in the table.

let database: SharedStores['database'];
let smtp: SharedStores['smtp'];
let stores: SharedStores;
sharedStoresForFile((opened) => ({ database, smtp } = stores = opened));

/** An instance of the store; jobs only where `env` turns them on. */
const instance = (db: Db, env: Record<string, string>) => stores.instance(db, { JOBS: 'false', PUBLIC_URL: 'http://shop.test', ...env });

it('an order placed while the mail server is down loses no mail: the job sends each one once when it is back', async () => {
  // Nothing listens on port 9 here: every send is refused.
  const down = await instance(database.db, { SMTP_URL: 'smtp://127.0.0.1:9' });
  const guestEmail = `guest-${Date.now()}@example.com`;
  const [piece] = await listings(database.db, 1, { skip: 3 });
  const body = { delivery_option: 'home', cart: [piece!.id] };
  const total = (await inject(down, 'POST', 'checkout/quote', { body })).json<{ total: number }>().total;
  const paid = await inject(down, 'POST', 'checkout/payment', { idempotencyKey: key(), body: payment(total, { ...body, email: guestEmail }) });
  expect(paid.statusCode).toBe(200);
  const { order_number: number } = PaymentResult.parse(paid.json());

  // The order's two mails (the buyer's, the seller's) wait, with why.
  const waiting = async () =>
    (await database.db.query<{ kind: string; last_error: string | null; sent: boolean; has_token: boolean }>(
      "SELECT kind, last_error, sent_at IS NOT NULL AS sent, data ? 'claimToken' AS has_token FROM mail_outbox WHERE (data->>'orderId')::int = (SELECT id FROM orders WHERE number = $1) ORDER BY id",
      [number],
    )).rows;
  const deadline = Date.now() + 20_000;
  while ((await waiting()).some((row) => row.last_error === null) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const failed = await waiting();
  expect(failed.map((row) => row.kind)).toEqual(['order-confirmation', 'order-sale']);
  expect(failed.every((row) => !row.sent && row.last_error !== null)).toBe(true);
  expect(failed[0]!.has_token).toBe(true);

  // The server is back; the retry is due (as if its minute had passed). Two instances sweep, twice each.
  await database.db.query('UPDATE mail_outbox SET claimed_until = NULL WHERE sent_at IS NULL');
  const env = { SMTP_URL: smtp.url, JOBS: 'true' };
  const one = await instance(database.db, env);
  const two = await instance(await database.another(), env);
  const before = smtp.received.length;
  for (const app of [one, two, one, two]) await app.jobs.send('mail-outbox', {});
  await smtp.mailTo(guestEmail, before, new RegExp(number!));
  const aboutTheOrder = () => smtp.received.slice(before).filter((mail) => subjectOf(mail.raw).includes(number!) || mail.raw.includes(number!));
  // The seller's mail draws its label first: under load it may come some seconds after the buyer's.
  const both = Date.now() + 30_000;
  while (aboutTheOrder().length < 2 && Date.now() < both) await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(aboutTheOrder()).toHaveLength(2);
  const sent = await waiting();
  expect(sent.every((row) => row.sent && row.last_error === null)).toBe(true);
  // The guest's claim link went out in the mail and is not kept in the table.
  expect(sent[0]!.has_token).toBe(false);
}, 120_000);

it('a mail written with an order that rolled back is never sent', async () => {
  const app = stores.instances[0]!;
  await expect(
    database.db.transaction(async (tx) => {
      await app.mailOutbox.add('order-confirmation', { orderId: -1 }, tx);
      throw new Error('the order did not go through');
    }),
  ).rejects.toThrow('the order did not go through');
  expect((await database.db.query("SELECT 1 FROM mail_outbox WHERE data->>'orderId' = '-1'")).rows).toHaveLength(0);
});

it('the order mails of a signed-in buyer go out at once after the order commits', async () => {
  const app = await instance(database.db, { SMTP_URL: smtp.url });
  const buyer = await shopper(app);
  const [piece] = await listings(database.db, 1, { notSeller: buyer.id, skip: 7 });
  await fillBag(database.db, buyer.id, [piece!.id]);
  const body = { delivery_option: 'home' };
  const total = (await inject(app, 'POST', 'checkout/quote', { token: buyer.token, body })).json<{ total: number }>().total;
  const before = smtp.received.length;
  const paid = await inject(app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total, body) });
  expect(paid.statusCode).toBe(200);
  await smtp.mailTo(buyer.email, before, new RegExp(PaymentResult.parse(paid.json()).order_number!));
});

it("an offer's mail and a password reset link asked while the mail server is down are sent once each when it is back, and the link leaves the table", async () => {
  // No instance runs jobs while the server is down: a sweep of the first test's would send the mails
  // through the server that works before the instance that is down tried.
  for (const app of stores.instances.splice(1, 2)) await app.close();
  const down = await instance(database.db, { SMTP_URL: 'smtp://127.0.0.1:9' });
  const seller = await shopper(down);
  const buyer = await shopper(down);
  const [listing] = await listings(database.db, 1, { skip: 11 });
  await database.db.query('UPDATE listings SET seller_id = $1, price_cents = 10000 WHERE id = $2', [seller.id, listing!.id]);
  const made = await inject(down, 'POST', 'offers', { token: buyer.token, body: { listing_id: listing!.id, price: 70 } });
  expect(made.statusCode).toBe(200);
  const offerId = made.json<{ id: number }>().id;
  const asked = await down.inject({ method: 'POST', url: '/api/customers/passwordrecovery', payload: { id_brand: 1, email: buyer.email } });
  expect(asked.statusCode).toBe(200);

  // Both wait, refused by the server: the offer's as what to write, the reset mail as written (its
  // link inside; once sent, a written mail keeps only its address and subject).
  const rows = async () =>
    (await database.db.query<{ kind: string; sent: boolean; last_error: string | null; has_link: boolean }>(
      `SELECT kind, sent_at IS NOT NULL AS sent, last_error, coalesce(data->'mail'->>'text', '') LIKE '%/reset-password/%' AS has_link FROM mail_outbox
        WHERE (kind = 'offer' AND (data->>'offerId')::int = $1)
           OR (kind = 'mail' AND coalesce(data->'mail'->>'to', data->>'to') = $2 AND coalesce(data->'mail'->>'subject', data->>'subject') LIKE 'Reset%')
        ORDER BY id`,
      [offerId, buyer.email],
    )).rows;
  const deadline = Date.now() + 20_000;
  while (((await rows()).length < 2 || (await rows()).some((row) => row.last_error === null)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const waiting = await rows();
  expect(waiting.map((row) => [row.kind, row.sent, row.last_error !== null, row.has_link])).toEqual([
    ['offer', false, true, false],
    ['mail', false, true, true],
  ]);

  // The server is back: two instances that run jobs send through it; the retries are due. Counted
  // from before they are due: a minute's sweep may come before the sweeps asked below.
  const env = { SMTP_URL: smtp.url, JOBS: 'true' };
  const one = await instance(database.db, env);
  const two = await instance(await database.another(), env);
  const before = smtp.received.length;
  await database.db.query('UPDATE mail_outbox SET claimed_until = NULL WHERE sent_at IS NULL');
  for (const app of [one, two, one, two]) await app.jobs.send('mail-outbox', {});
  await smtp.mailTo(seller.email, before);
  await smtp.mailTo(buyer.email, before);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  // Each account's confirmation mail waited too and is sent as well: these count the others.
  const to = (address: string) => smtp.received.slice(before).filter((mail) => mail.to.includes(address) && !decodedBody(mail.raw).includes('/verify-email/'));
  expect(to(seller.email)).toHaveLength(1);
  expect(to(buyer.email)).toHaveLength(1);
  expect(decodedBody(to(buyer.email)[0]!.raw)).toMatch(/\/reset-password\/[\w-]{43}/);
  const sent = await rows();
  expect(sent.map((row) => [row.kind, row.sent, row.last_error, row.has_link])).toEqual([
    ['offer', true, null, false],
    ['mail', true, null, false],
  ]);
  // The link still works: the token and its mail were committed together.
  const link = /\/reset-password\/([\w-]{43})/.exec(decodedBody(to(buyer.email)[0]!.raw))![1]!;
  expect((await one.inject({ method: 'GET', url: `/api/customers/passwordreset/${link}` })).statusCode).toBe(200);
}, 120_000);
