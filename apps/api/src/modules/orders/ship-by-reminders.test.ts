import { PaymentResult } from '@preloved/contract';
import { testApp, testClock } from '../../test/app';
import { fillBag, inject, key, listings, payment, shopper } from '../../test/checkout';
import { decodedBody, startMailbox, subjectOf } from '../../../../../tools/test-support/smtp';

// The job `orders-ship-by-reminders` reminds a seller who has not shipped, once, the day
// before the ship-by date, in the seller's language; not earlier, and not a seller who shipped.

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock();
let ctx: Awaited<ReturnType<typeof testApp>>;
let smtp: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  smtp = await startMailbox();
  ctx = await testApp({ JOBS: 'true', JOBS_POLL_SECONDS: '0.5', SMTP_URL: smtp.url, PUBLIC_URL: 'http://shop.test' }, { clock });
  // Migrating and seeding the embedded database passes a minute under a load average of 30.
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  if (ctx?.db.schema) await ctx.db.query(`DROP SCHEMA IF EXISTS ${ctx.db.schema}_jobs CASCADE`).catch(() => undefined);
  await smtp?.close();
});

/** A sale by a Portuguese-speaking seller; answers the seller, the order and its ship-by date. */
async function sale() {
  const seller = await shopper(ctx.app);
  await ctx.db.query("UPDATE customers SET language = 'pt' WHERE id = $1", [seller.id]);
  const buyer = await shopper(ctx.app);
  const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: Math.floor(Math.random() * 50) });
  await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
  await fillBag(ctx.db, buyer.id, [piece!.id]);
  const body = { delivery_option: 'home' };
  const total = (await inject(ctx.app, 'POST', 'checkout/quote', { token: buyer.token, body })).json<{ total: number }>().total;
  const paid = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total, body) });
  const { order_id: orderId, order_number: number } = PaymentResult.parse(paid.json());
  const { rows } = await ctx.db.query<{ ship_by: string }>("SELECT to_char(ship_by, 'YYYY-MM-DD') AS ship_by FROM order_packages WHERE order_id = $1", [orderId]);
  return { seller, orderId: orderId!, number: number!, shipBy: rows[0]!.ship_by };
}

const remindersTo = (email: string, after: number) => smtp.received.slice(after).filter((mail) => mail.to.includes(email) && /Lembrete/.test(subjectOf(mail.raw)));
const sweep = async () => {
  await ctx.app.jobs.send('orders-ship-by-reminders', {});
  await ctx.app.jobs.send('orders-ship-by-reminders', {});
  await new Promise((resolve) => setTimeout(resolve, 2500));
};

it('reminds the seller once, in Portuguese, the day before the ship-by date, and not two days before', async () => {
  const { seller, number, shipBy } = await sale();
  const before = smtp.received.length;
  clock.set(new Date(new Date(`${shipBy}T10:00:00Z`).getTime() - 2 * DAY));
  await sweep();
  expect(remindersTo(seller.email, before)).toHaveLength(0);

  clock.set(new Date(new Date(`${shipBy}T10:00:00Z`).getTime() - DAY));
  await sweep();
  await sweep();
  const reminders = remindersTo(seller.email, before);
  expect(reminders).toHaveLength(1);
  expect(subjectOf(reminders[0]!.raw)).toContain(`Lembrete: envie a encomenda ${number}`);
  expect(decodedBody(reminders[0]!.raw)).toContain('a encomenda é cancelada e o comprador reembolsado');
}, 90_000);

it('does not remind a seller who has shipped', async () => {
  const { seller, orderId, shipBy } = await sale();
  const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [orderId]);
  await ctx.db.query('UPDATE order_packages SET shipped_at = now() WHERE id = $1', [rows[0]!.id]);
  const before = smtp.received.length;
  clock.set(new Date(new Date(`${shipBy}T10:00:00Z`).getTime() - DAY));
  await sweep();
  expect(remindersTo(seller.email, before)).toHaveLength(0);
}, 90_000);
