import { BagLines, Offer, OfferLists, OFFER_MESSAGES, PaymentResult } from '@preloved/contract';
import { testPaymentProvider } from '../payments/test-provider';
import { testApp, testClock } from '../../test/app';
import { inject, key, listings, payment, quotedTotal, shopper } from '../../test/checkout';
import { decodedBody, startMailbox } from '../../../../../tools/test-support/smtp';

// Counter-offers on the real app and database (PGlite, or PostgreSQL with
// DATABASE_URL), real SMTP, and a clock the tests move: the buyer answers a counter within the
// answer window (48 h), then has the buy window (24 h) at the counter price.
const HOUR = 60 * 60 * 1000;
const clock = testClock(new Date('2026-11-24T10:00:00Z'));
let ctx: Awaited<ReturnType<typeof testApp>>;
let smtp: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  smtp = await startMailbox();
  ctx = await testApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://shop.test' }, { paymentProvider: testPaymentProvider(), clock });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

let skip = 0;
/** A seller with one listing at €100, a buyer, and the buyer's open offer of `offered` euros on it. */
async function offered(offeredEuros = 70) {
  const seller = await shopper(ctx.app);
  const buyer = await shopper(ctx.app);
  const [listing] = await listings(ctx.db, 1, { skip: skip++ * 3 });
  await ctx.db.query('UPDATE listings SET seller_id = $1, price_cents = 10000 WHERE id = $2', [seller.id, listing!.id]);
  const made = Offer.parse((await inject(ctx.app, 'POST', 'offers', { token: buyer.token, body: { listing_id: listing!.id, price: offeredEuros } })).json());
  return { seller, buyer, listingId: listing!.id, offerId: made.id };
}

const counter = (token: string, id: number, price: unknown) => inject(ctx.app, 'POST', `offers/${id}/counter`, { token, body: { price } });
const answer = (token: string, id: number, action: 'accept-counter' | 'decline-counter' | 'accept' | 'decline' | 'withdraw') =>
  inject(ctx.app, 'POST', `offers/${id}/${action}`, { token });
const made = async (token: string) => OfferLists.parse((await inject(ctx.app, 'GET', 'offers', { token })).json()).made[0]!;
const feedKinds = async (customerId: number) =>
  (await ctx.db.query<{ kind: string }>('SELECT kind FROM notification_feed WHERE customer_id = $1 ORDER BY id', [customerId])).rows.map((row) => row.kind);

it('the seller counters once; the buyer sees it countered with the 48 h countdown, a mail and a feed entry', async () => {
  const { seller, buyer, offerId } = await offered(70);
  const response = await counter(seller.token, offerId, 85);
  expect(response.statusCode).toBe(200);
  expect(Offer.parse(response.json())).toMatchObject({ status: 'countered', price: 70, offered_price: 70, counter_price: 85, role: 'seller' });
  expect(await made(buyer.token)).toMatchObject({ status: 'countered', counter_price: 85, expires_at: new Date(clock.now().getTime() + 48 * HOUR).toISOString() });
  const mail = await smtp.mailTo(buyer.email, 0, /counter-offer of \S*85\.00/);
  expect(decodedBody(mail.raw)).toContain('http://shop.test/user/offers');
  expect(await feedKinds(buyer.id)).toEqual(['offer_countered']);
  // The buyer's entry names the seller's counter price, not their own offer.
  const entry = await ctx.db.query<{ data: { amount_cents: number } }>('SELECT data FROM notification_feed WHERE customer_id = $1', [buyer.id]);
  expect(entry.rows[0]!.data.amount_cents).toBe(8500);
  // Countered, the offer is no longer the seller's to accept or decline, nor to counter again.
  const again = await counter(seller.token, offerId, 90);
  expect([again.statusCode, again.json().code, again.json().message]).toEqual([422, 'offer_already_countered', OFFER_MESSAGES.alreadyCountered]);
  expect((await answer(seller.token, offerId, 'accept')).json().code).toBe('offer_already_countered');
  expect((await answer(seller.token, offerId, 'decline')).statusCode).toBe(422);
});

it('the buyer accepts the counter: accepted at the counter price with the 24 h buy window, the seller is told, and the order is at that price', async () => {
  const { seller, buyer, listingId, offerId } = await offered(70);
  await counter(seller.token, offerId, 85);
  clock.advance(47 * HOUR);
  const accepted = await answer(buyer.token, offerId, 'accept-counter');
  expect(accepted.statusCode).toBe(200);
  expect(Offer.parse(accepted.json())).toMatchObject({ status: 'accepted', price: 85, offered_price: 70, counter_price: 85, expires_at: new Date(clock.now().getTime() + 24 * HOUR).toISOString() });
  await smtp.mailTo(seller.email, 0, /accepted your counter-offer of \S*85\.00/);
  expect(await feedKinds(seller.id)).toEqual(['offer_received', 'offer_counter_accepted']);
  // A second answer finds nothing waiting.
  const twice = await answer(buyer.token, offerId, 'decline-counter');
  expect([twice.statusCode, twice.json().code]).toEqual([422, 'counter_not_open']);

  const bag = BagLines.parse((await inject(ctx.app, 'POST', 'cart', { token: buyer.token, body: { listing_id: listingId, offer_id: offerId } })).json());
  expect(bag[0]).toMatchObject({ offer_id: offerId, valid_offer: true, price: 85 });
  const total = await quotedTotal(ctx.app, { delivery_option: 'home' }, buyer.token);
  const paid = PaymentResult.parse((await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total) })).json());
  const { rows } = await ctx.db.query<{ price_cents: number }>('SELECT price_cents FROM order_lines WHERE order_id = $1', [paid.order_id]);
  expect(rows).toEqual([{ price_cents: 8500 }]);
});

it('the buyer declines the counter: declined by the buyer, the seller is mailed, and the buyer may offer again', async () => {
  const { seller, buyer, listingId, offerId } = await offered(70);
  await counter(seller.token, offerId, 90);
  expect((await answer(buyer.token, offerId, 'decline-counter')).json()).toMatchObject({ status: 'declined', reason: 'buyer_declined', expires_at: null });
  await smtp.mailTo(seller.email, 0, /declined your counter-offer of \S*90\.00/);
  expect(await feedKinds(seller.id)).toEqual(['offer_received', 'offer_counter_declined']);
  expect((await answer(buyer.token, offerId, 'accept-counter')).statusCode).toBe(422);
  expect((await inject(ctx.app, 'POST', 'offers', { token: buyer.token, body: { listing_id: listingId, price: 80 } })).statusCode).toBe(200);
});

it('a counter left 48 h expires (the buyer did not answer): accepting it then is refused, and both sides are mailed once', async () => {
  const { seller, buyer, offerId } = await offered(70);
  await counter(seller.token, offerId, 80);
  clock.advance(48 * HOUR);
  const before = smtp.received.length;
  expect(await made(buyer.token)).toMatchObject({ status: 'expired', reason: 'counter_timeout', expires_at: null });
  // The `offers-expiry` job's run at the window's close (jobs are off in API tests).
  await ctx.app.offers.expireDue();
  const late = await answer(buyer.token, offerId, 'accept-counter');
  expect([late.statusCode, late.json().code, late.json().message]).toEqual([422, 'counter_expired', OFFER_MESSAGES.counterTimeout]);
  await smtp.mailTo(buyer.email, before, /did not answer the counter-offer in time/);
  await smtp.mailTo(seller.email, before, /did not answer the counter-offer in time/);
  await made(buyer.token);
  expect(await feedKinds(buyer.id)).toEqual(['offer_countered', 'offer_expired']);
});

it('a counter keeps the offer open past the seller’s answer window: the counter’s own window decides', async () => {
  const { seller, buyer, offerId } = await offered(70);
  clock.advance(40 * HOUR);
  await counter(seller.token, offerId, 80);
  clock.advance(10 * HOUR);
  expect((await made(buyer.token)).status).toBe('countered');
  expect((await answer(buyer.token, offerId, 'accept-counter')).json().status).toBe('accepted');
});

it('refuses a counter out of range (at or below the offer, at or above the price) naming the range, and bad input; never 5xx', async () => {
  const { seller, buyer, offerId } = await offered(70);
  for (const price of [70, 69.99, 100, 120]) {
    const response = await counter(seller.token, offerId, price);
    expect([response.statusCode, response.json().code, response.json().fields]).toEqual([422, 'counter_out_of_bounds', [{ field: 'price', key: 'counter_out_of_bounds' }]]);
    expect(response.json()).toMatchObject({ code: 'counter_out_of_bounds', params: { min: 70.01, max: 99.99 } });
  }
  for (const price of [undefined, '80', 80.123, -1]) expect((await counter(seller.token, offerId, price)).statusCode).toBe(422);
  expect((await made(buyer.token)).status).toBe('active');
  expect((await counter(seller.token, offerId, 70.01)).statusCode).toBe(200);
});

it('only the seller counters and only the buyer answers: someone else’s offer is a 404, like an unknown one', async () => {
  const { seller, buyer, offerId } = await offered(70);
  const stranger = await shopper(ctx.app);
  expect((await counter(stranger.token, offerId, 80)).statusCode).toBe(404);
  expect((await counter(buyer.token, offerId, 80)).statusCode).toBe(404);
  expect((await counter(seller.token, 2_000_000_000, 80)).statusCode).toBe(404);
  await counter(seller.token, offerId, 80);
  for (const action of ['accept-counter', 'decline-counter'] as const) {
    expect((await answer(stranger.token, offerId, action)).statusCode).toBe(404);
    expect((await answer(seller.token, offerId, action)).statusCode).toBe(404);
  }
  expect((await made(buyer.token)).status).toBe('countered');
  expect((await inject(ctx.app, 'POST', `offers/${offerId}/counter`, { body: { price: 80 } })).statusCode).toBe(401);
});

it('no counter on an offer already answered or expired, nor on a sold piece; an offer with nothing to counter is not answerable as one', async () => {
  const expired = await offered(70);
  expect((await answer(expired.buyer.token, expired.offerId, 'accept-counter')).json().code).toBe('counter_not_open');
  clock.advance(48 * HOUR);
  expect((await counter(expired.seller.token, expired.offerId, 80)).json()).toMatchObject({ statusCode: 422, code: 'offer_not_counterable', message: OFFER_MESSAGES.sellerTimeout });
  const accepted = await offered(70);
  await answer(accepted.seller.token, accepted.offerId, 'accept');
  expect((await counter(accepted.seller.token, accepted.offerId, 80)).json().code).toBe('offer_not_counterable');
  const sold = await offered(70);
  await ctx.db.query(`UPDATE listings SET status = 'sold' WHERE id = $1`, [sold.listingId]);
  expect((await counter(sold.seller.token, sold.offerId, 80)).json().code).toBe('offer_not_counterable');
});

it('concurrent counters on one offer: exactly one is written', async () => {
  const { seller, offerId } = await offered(70);
  const answers = await Promise.all([81, 82, 83, 84].map((price) => counter(seller.token, offerId, price)));
  expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 422, 422, 422]);
  const { rows } = await ctx.db.query<{ counter_price_cents: number }>('SELECT counter_price_cents FROM offers WHERE id = $1', [offerId]);
  expect([8100, 8200, 8300, 8400]).toContain(rows[0]!.counter_price_cents);
});

it('the buyer may withdraw an offer while its counter waits; the counter cannot be accepted afterwards', async () => {
  const { seller, buyer, offerId } = await offered(70);
  await counter(seller.token, offerId, 80);
  expect((await answer(buyer.token, offerId, 'withdraw')).json()).toMatchObject({ status: 'archived', reason: 'withdrawn' });
  expect((await answer(buyer.token, offerId, 'accept-counter')).json().code).toBe('counter_not_open');
});
