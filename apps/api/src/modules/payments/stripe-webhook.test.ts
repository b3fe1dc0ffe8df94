import { STRIPE_TEST_WEBHOOK_SECRET, stripeTestApp, type TestApp } from '../../test/app';
import { fillBag, inject, key, listings, payment, quotedTotal, shopper } from '../../test/checkout';
import type { StripeServer } from '../../test/stripe-server';

// PAYMENT_PROVIDER=stripe, through the official SDK, against a local stand-in answering
// as Stripe's API does (test/stripe-server.ts), with webhooks signed by Stripe's own test helper.

const SECRET = STRIPE_TEST_WEBHOOK_SECRET;
let stripe: StripeServer;
let ctx: TestApp;
stripeTestApp((store) => ({ ctx, stripe } = store));

interface Started {
  buyer: Awaited<ReturnType<typeof shopper>>;
  idempotencyKey: string;
  attemptId: string;
  intentId: string;
  clientSecret: string;
  total: number;
  listingIds: number[];
  body: Record<string, unknown>;
}

/** A signed-in shopper's bag of `count` pieces (or the given ones), paid for: the intent is created, the page would now confirm it. */
async function start(options: { count?: number; listingIds?: number[]; skip?: number } = {}): Promise<Started> {
  const buyer = await shopper(ctx.app);
  const listingIds = options.listingIds ?? (await listings(ctx.db, options.count ?? 1, { notSeller: buyer.id, skip: options.skip ?? 0 })).map((row) => row.id);
  await fillBag(ctx.db, buyer.id, listingIds);
  const total = await quotedTotal(ctx.app, { delivery_option: 'home' }, buyer.token);
  const { card: _card, ...body } = payment(total);
  const idempotencyKey = key();
  const response = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, body, idempotencyKey });
  expect(response.statusCode).toBe(200);
  const result = response.json<{ status: string; attempt_id: string; client_secret: string; provider: string; publishable_key: string }>();
  expect(result).toMatchObject({ status: 'requires_action', provider: 'stripe', publishable_key: 'pk_test_preloved', client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/) });
  return { buyer, idempotencyKey, attemptId: result.attempt_id, intentId: result.client_secret.split('_secret_')[0]!, clientSecret: result.client_secret, total, listingIds, body };
}

const sendEvent = (payload: string, header: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });

async function webhook(type: string, intentId: string, options: { timestamp?: number; secret?: string } = {}) {
  const event = stripe.event(type, intentId, options.secret ?? SECRET, options);
  return { event, response: await sendEvent(event.payload, event.header) };
}

const returnFromStripe = (started: Started) => inject(ctx.app, 'POST', `checkout/payment/${started.attemptId}/confirm`, { token: started.buyer.token });

async function ordersOf(intentId: string) {
  const { rows } = await ctx.db.query<{ id: number; number: string; total_cents: number; payment_provider: string; card_brand: string; card_last4: string }>(
    'SELECT id, number, total_cents, payment_provider, card_brand, card_last4 FROM orders WHERE payment_reference = $1',
    [intentId],
  );
  return rows;
}

async function listingStatus(ids: number[]) {
  const { rows } = await ctx.db.query<{ status: string }>('SELECT status FROM listings WHERE id = ANY($1::int[]) ORDER BY id', [ids]);
  return rows.map((row) => row.status);
}

describe('paying with Stripe (PAYMENT_PROVIDER=stripe)', () => {
  it("creates one PaymentIntent for the server's total in EUR, our attempt id in its metadata and our Idempotency-Key forwarded; the same key answers it again", async () => {
    const started = await start({ count: 2 });
    const created = stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/payment_intents' && call.idempotencyKey === started.idempotencyKey);
    expect(created).toHaveLength(1);
    expect(Object.fromEntries(created[0]!.params)).toMatchObject({ amount: String(Math.round(started.total * 100)), currency: 'eur', 'metadata[attempt_id]': started.attemptId });
    const again = await inject(ctx.app, 'POST', 'checkout/payment', { token: started.buyer.token, body: started.body, idempotencyKey: started.idempotencyKey });
    expect(again.json()).toMatchObject({ attempt_id: started.attemptId, client_secret: started.clientSecret });
    expect(stripe.calls.filter((call) => call.path === '/v1/payment_intents' && call.idempotencyKey === started.idempotencyKey)).toHaveLength(1);
    // Nothing is sold until the money is taken; the page's return before that answers the same step.
    expect(await listingStatus(started.listingIds)).toEqual(['active', 'active']);
    const early = await returnFromStripe(started);
    expect(early.json()).toMatchObject({ status: 'requires_action', client_secret: started.clientSecret });
    expect(await ordersOf(started.intentId)).toHaveLength(0);
  });

  it('tells the payment page to mount Stripe’s Payment Element, with the publishable key', async () => {
    const options = await inject(ctx.app, 'GET', 'checkout/payment-options');
    expect(options.json()).toEqual({ provider: 'stripe', publishable_key: 'pk_test_preloved' });
    // The page's Content Security Policy lets Stripe.js, its frames (3-D Secure) and its API in.
    const csp = String(options.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });

  it('success by webhook: payment_intent.succeeded places the order; the page returning after it reads the same order', async () => {
    const started = await start();
    stripe.succeed(started.intentId);
    const { response } = await webhook('payment_intent.succeeded', started.intentId);
    expect(response.statusCode).toBe(200);
    const orders = await ordersOf(started.intentId);
    expect(orders).toEqual([expect.objectContaining({ total_cents: Math.round(started.total * 100), payment_provider: 'stripe', card_brand: 'Visa', card_last4: '4242' })]);
    expect(await listingStatus(started.listingIds)).toEqual(['sold']);
    const back = await returnFromStripe(started);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'succeeded', order_number: orders[0]!.number });
  });

  it('success by return: the page retrieves the PaymentIntent and places the order; the webhook after it changes nothing', async () => {
    const started = await start();
    stripe.succeed(started.intentId);
    const back = await returnFromStripe(started);
    expect(back.json()).toMatchObject({ status: 'succeeded', order_id: expect.any(Number) });
    const { response } = await webhook('payment_intent.succeeded', started.intentId);
    expect(response.statusCode).toBe(200);
    expect(await ordersOf(started.intentId)).toHaveLength(1);
  });

  it('the webhook and the return at the same moment: one order, both answer it', async () => {
    const started = await start();
    stripe.succeed(started.intentId);
    const [back, hook] = await Promise.all([returnFromStripe(started), webhook('payment_intent.succeeded', started.intentId)]);
    expect(hook.response.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'succeeded' });
    expect(await ordersOf(started.intentId)).toHaveLength(1);
  });

  it('the same event delivered twice is handled once: one order, the repeat answered as a duplicate', async () => {
    const started = await start();
    stripe.succeed(started.intentId);
    const event = stripe.event('payment_intent.succeeded', started.intentId, SECRET);
    const first = await sendEvent(event.payload, event.header);
    const second = await sendEvent(event.payload, event.header);
    expect([first.json(), second.json()]).toEqual([
      { received: true, duplicate: false },
      { received: true, duplicate: true },
    ]);
    expect(await ordersOf(started.intentId)).toHaveLength(1);
    const { rows } = await ctx.db.query('SELECT type, payment_intent FROM stripe_webhook_events WHERE id = $1', [event.id]);
    expect(rows).toEqual([{ type: 'payment_intent.succeeded', payment_intent: started.intentId }]);
  });

  it('a wrong secret, an altered body or an old signature: 400 and nothing changes', async () => {
    const started = await start();
    stripe.succeed(started.intentId);
    const wrong = await webhook('payment_intent.succeeded', started.intentId, { secret: 'whsec_someone_else' });
    const old = await webhook('payment_intent.succeeded', started.intentId, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const good = stripe.event('payment_intent.succeeded', started.intentId, SECRET);
    const altered = await sendEvent(good.payload.replace('"livemode":false', '"livemode":true'), good.header);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: good.payload });
    for (const response of [wrong.response, old.response, altered, unsigned]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.stringMatching(/signature/) });
    }
    expect(await ordersOf(started.intentId)).toHaveLength(0);
    expect(await listingStatus(started.listingIds)).toEqual(['active']);
    const { rows } = await ctx.db.query('SELECT 1 FROM stripe_webhook_events WHERE id = ANY($1::text[])', [[wrong.event.id, old.event.id, good.id]]);
    expect(rows).toHaveLength(0);
  });

  it('payment failed: the attempt ends declined, the intent is cancelled, the pieces stay free; a late success event changes nothing', async () => {
    const started = await start();
    stripe.decline(started.intentId, 'Your card has insufficient funds.');
    const { response } = await webhook('payment_intent.payment_failed', started.intentId);
    expect(response.statusCode).toBe(200);
    expect(stripe.intents.get(started.intentId)?.status).toBe('canceled');
    expect(await listingStatus(started.listingIds)).toEqual(['active']);
    const back = await returnFromStripe(started);
    expect(back.statusCode).toBe(402);
    expect(back.json()).toMatchObject({ code: 'payment_declined', message: 'Your card has insufficient funds.' });
    // Out of order: an older event arrives after; the intent as it is now decides, and it is cancelled.
    const late = await webhook('payment_intent.succeeded', started.intentId);
    expect(late.response.statusCode).toBe(200);
    expect(await ordersOf(started.intentId)).toHaveLength(0);
    // Another shopper buys the piece.
    const other = await start({ listingIds: started.listingIds });
    stripe.succeed(other.intentId);
    expect((await returnFromStripe(other)).json()).toMatchObject({ status: 'succeeded' });
  });

  it('a piece sold to someone else between the intent and its success: the payment is refunded in full and the shopper told', async () => {
    const late = await start();
    const first = await start({ listingIds: late.listingIds });
    stripe.succeed(first.intentId);
    expect((await returnFromStripe(first)).json()).toMatchObject({ status: 'succeeded' });
    stripe.succeed(late.intentId);
    const { response } = await webhook('payment_intent.succeeded', late.intentId);
    expect(response.statusCode).toBe(200);
    expect(await ordersOf(late.intentId)).toHaveLength(0);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === late.intentId)).toEqual([expect.objectContaining({ object: 'refund', amount: Math.round(late.total * 100), status: 'succeeded' })]);
    const back = await returnFromStripe(late);
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ lost: [{ listing_id: late.listingIds[0] }], message: expect.stringMatching(/refunded in full/) });
    // Repeated, it refunds nothing more.
    await webhook('payment_intent.succeeded', late.intentId);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === late.intentId)).toHaveLength(1);
  });

  it('refund of a cancelled order: through Stripe, for the whole total, once; the seller’s credit taken back once', async () => {
    const started = await start();
    stripe.succeed(started.intentId);
    const placed = (await returnFromStripe(started)).json<{ order_id: number }>();
    const cancel = () => inject(ctx.app, 'POST', `orders/${placed.order_id}/cancel`, { token: started.buyer.token });
    expect((await cancel()).json()).toMatchObject({ cancelled_by: 'buyer', refunded: started.total });
    expect((await cancel()).statusCode).toBe(409);
    const refunds = stripe.refunds.filter((refund) => refund.payment_intent === started.intentId);
    expect(refunds).toEqual([expect.objectContaining({ amount: Math.round(started.total * 100), status: 'succeeded' })]);
    const calls = stripe.calls.filter((call) => call.path === '/v1/refunds' && call.params.get('payment_intent') === started.intentId);
    expect(calls.map((call) => call.idempotencyKey)).toEqual([`refund-${started.intentId}`]);
    const { rows } = await ctx.db.query(
      `SELECT r.provider_reference, (SELECT count(*)::int FROM wallet_entries e JOIN order_packages k ON k.id = e.refunded_package_id WHERE k.order_id = $1) AS sale_refunds
       FROM payment_refunds r WHERE r.order_id = $1`,
      [placed.order_id],
    );
    expect(rows).toEqual([{ provider_reference: refunds[0]!.id, sale_refunds: 1 }]);
  });

  it('refund of one piece, then of the rest: two partial refunds of the intent, keyed apart, adding up to the total', async () => {
    const seller = await shopper(ctx.app);
    const ids = (await listings(ctx.db, 2, { skip: 90 })).map((row) => row.id);
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = ANY($2::int[])', [seller.id, ids]);
    const started = await start({ listingIds: ids });
    stripe.succeed(started.intentId);
    const placed = (await returnFromStripe(started)).json<{ order_id: number }>();
    const { rows: packages } = await ctx.db.query<{ id: number; line_id: number }>('SELECT k.id, l.id AS line_id FROM order_packages k JOIN order_lines l ON l.package_id = k.id WHERE k.order_id = $1 AND l.listing_id = $2', [placed.order_id, ids[0]]);
    const piece = await inject(ctx.app, 'POST', `sales/${packages[0]!.id}/pieces/${ids[0]}/cancel`, { token: seller.token });
    expect(piece.statusCode).toBe(200);
    const rest = await inject(ctx.app, 'POST', `orders/${placed.order_id}/cancel`, { token: started.buyer.token });
    expect(rest.statusCode).toBe(200);
    const refunds = stripe.refunds.filter((refund) => refund.payment_intent === started.intentId);
    expect(refunds.map((refund) => Number(refund.amount))).toEqual([Math.round(piece.json().refunded * 100), Math.round(rest.json().refunded * 100)]);
    expect(refunds.reduce((sum, refund) => sum + Number(refund.amount), 0)).toBe(Math.round(started.total * 100));
    const calls = stripe.calls.filter((call) => call.path === '/v1/refunds' && call.params.get('payment_intent') === started.intentId);
    expect(calls.map((call) => call.idempotencyKey)).toEqual([`refund-${started.intentId}-line-${packages[0]!.line_id}`, `refund-${started.intentId}`]);
  });

  it("Stripe failing while the event is handled: 409 (never a 5xx, issue 42; Stripe sends it again), nothing recorded; the retry places the order", async () => {
    const started = await start();
    stripe.succeed(started.intentId);
    const event = stripe.event('payment_intent.succeeded', started.intentId, SECRET);
    stripe.fail(3); // the SDK's request and its two retries
    const failed = await sendEvent(event.payload, event.header);
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toMatchObject({ code: 'webhook_retry_later' });
    expect(await ordersOf(started.intentId)).toHaveLength(0);
    const retried = await sendEvent(event.payload, event.header);
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    expect(await ordersOf(started.intentId)).toHaveLength(1);
  }, 30_000);
});
