import { STRIPE_TEST_WEBHOOK_SECRET, stripeTestApp, type TestApp } from '../../test/app';
import { fillBag, inject, key, listings, payment, proveEmail, quotedTotal, shopper, stepUp } from '../../test/checkout';
import type { StripeServer } from '../../test/stripe-server';
import { deliver, expectLedgerBalanced } from '../../test/wallet';
import { lineRefund, type RefundLine, type RefundOrder, type RefundPackage } from '../orders/line-refunds';

// Issue 42, "the provider's word is final": what happens at Stripe (a refund from the dashboard, a
// chargeback and its outcome, an intent that succeeded for another amount) changes the store, offline
// against the Stripe stand-in (test/stripe-server.ts) with Stripe's object shapes, signed as Stripe
// signs; the ledger audit balances after each.

const SECRET = STRIPE_TEST_WEBHOOK_SECRET;
let stripe: StripeServer;
let ctx: TestApp;
stripeTestApp((store) => ({ ctx, stripe } = store));

type Person = Awaited<ReturnType<typeof shopper>>;
let skip = 300;

/** A new buyer's payment through Stripe started for a new seller's `count` pieces: the intent the page would confirm. */
async function startIntent(count = 1) {
  const seller = await shopper(ctx.app);
  const buyer = await shopper(ctx.app);
  await proveEmail(ctx.db, seller.id);
  const ids = (await listings(ctx.db, count, { notSeller: buyer.id, skip: (skip += count) })).map((row) => row.id);
  await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = ANY($2::int[])', [seller.id, ids]);
  await fillBag(ctx.db, buyer.id, ids);
  const total = await quotedTotal(ctx.app, { delivery_option: 'home' }, buyer.token);
  const { card: _card, ...body } = payment(total);
  const started = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, body, idempotencyKey: key() });
  const { attempt_id: attemptId, client_secret: secret } = started.json<{ attempt_id: string; client_secret: string }>();
  return { seller, buyer, ids, attemptId, intentId: secret.split('_secret_')[0]!, cents: Math.round(total * 100) };
}

/** A new seller's `count` pieces, bought by a new buyer through Stripe (the page returned): the order. */
async function stripeSale(count = 1, options: { amount?: (total: number) => number } = {}) {
  const intent = await startIntent(count);
  stripe.succeed(intent.intentId, options.amount ? { amount: options.amount(intent.cents) } : {});
  const back = await inject(ctx.app, 'POST', `checkout/payment/${intent.attemptId}/confirm`, { token: intent.buyer.token });
  const placed = back.json<{ order_id?: number; order_number?: string }>();
  return { ...intent, back, orderId: placed.order_id!, orderNumber: placed.order_number! };
}

/** A signed event to the store's webhook, as Stripe posts it. */
const deliverEvent = (event: { header: string; payload: string }) =>
  ctx.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, payload: event.payload });

const send = (type: string, object: Record<string, unknown>) => deliverEvent(stripe.objectEvent(type, object, SECRET));

const audit = () => expectLedgerBalanced(ctx.app);

async function wallet(person: Person) {
  return (await inject(ctx.app, 'GET', 'wallet', { token: person.token })).json<{ total_credit: number; available: number; pending: number; activity: { type: string; status: string; amount: number }[] }>();
}

async function mailsAbout(number: string) {
  const { rows } = await ctx.db.query<{ to: string; subject: string }>(
    // Queued (the whole mail) or sent already (its address and subject kept).
    `SELECT * FROM (SELECT id, coalesce(data->'mail'->>'to', data->>'to') AS to, coalesce(data->'mail'->>'subject', data->>'subject') AS subject FROM mail_outbox WHERE kind = 'mail') m
     WHERE subject LIKE $1 ORDER BY id`,
    [`%${number}%`],
  );
  return rows;
}

const orderRow = async (orderId: number) =>
  (await ctx.db.query<{ cancelled_by: string | null; dispute_status: string | null }>('SELECT cancelled_by, dispute_status FROM orders WHERE id = $1', [orderId])).rows[0]!;

describe('an intent that succeeded for another amount than the order’s total', () => {
  it('places no order, is refunded in full, and answers 2xx on the webhook and 409 in the store’s words on the return', async () => {
    const sold = await stripeSale(1, { amount: (cents) => cents - 150 });
    expect(sold.back.statusCode).toBe(409);
    expect(sold.back.json()).toMatchObject({ code: 'payment_amount_mismatch_refunded', message: expect.stringMatching(/refunded in full/) });
    const event = stripe.event('payment_intent.succeeded', sold.intentId, SECRET);
    const hook = await deliverEvent(event);
    expect(hook.statusCode).toBe(200);
    expect((await ctx.db.query('SELECT 1 FROM orders WHERE payment_reference = $1', [sold.intentId])).rows).toHaveLength(0);
    // One refund of what was taken, however often it is told.
    expect(stripe.refunds.filter((refund) => refund.payment_intent === sold.intentId)).toEqual([expect.objectContaining({ amount: sold.cents - 150 })]);
    expect((await ctx.db.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [sold.ids[0]])).rows[0]!.status).toBe('active');
    await audit();
  });

  it('the webhook first: 2xx, no order, refunded', async () => {
    const { intentId, cents } = await startIntent();
    stripe.succeed(intentId, { amount: cents + 500 });
    const event = stripe.event('payment_intent.succeeded', intentId, SECRET);
    const hook = await deliverEvent(event);
    expect(hook.statusCode).toBe(200);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intentId)).toEqual([expect.objectContaining({ amount: cents + 500 })]);
    expect((await ctx.db.query('SELECT 1 FROM orders WHERE payment_reference = $1', [intentId])).rows).toHaveLength(0);
  });
});

describe('provider errors in the store’s own words', () => {
  it('an intent Stripe no longer knows: 502 payment_provider_refused, never Stripe’s own message', async () => {
    const { buyer, intentId, attemptId } = await startIntent();
    stripe.intents.delete(intentId);
    const back = await inject(ctx.app, 'POST', `checkout/payment/${attemptId}/confirm`, { token: buyer.token });
    expect(back.statusCode).toBe(502);
    expect(back.json()).toMatchObject({ code: 'payment_provider_refused' });
    expect(back.body).not.toMatch(/No such|pi_/);
  });

  it('Stripe unreachable: 503 payment_provider_unavailable on the return; 409 (Stripe sends it again) on the webhook, never a 5xx', async () => {
    const { buyer, intentId, attemptId } = await startIntent();
    stripe.succeed(intentId);
    stripe.fail(3);
    const back = await inject(ctx.app, 'POST', `checkout/payment/${attemptId}/confirm`, { token: buyer.token });
    expect(back.statusCode).toBe(503);
    expect(back.json()).toMatchObject({ code: 'payment_provider_unavailable' });
    stripe.fail(3);
    const event = stripe.event('payment_intent.succeeded', intentId, SECRET);
    const hook = await deliverEvent(event);
    expect(hook.statusCode).toBe(409);
    expect(hook.json()).toMatchObject({ code: 'webhook_retry_later' });
    const retried = await deliverEvent(event);
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    expect((await ctx.db.query('SELECT 1 FROM orders WHERE payment_reference = $1', [intentId])).rows).toHaveLength(1);
  }, 30_000);
});

describe('charge.refunded', () => {
  it('a full refund from Stripe’s dashboard cancels the order (by the provider), takes the seller’s credit back and mails the buyer and the seller; repeated, nothing more', async () => {
    const sold = await stripeSale(1);
    expect((await wallet(sold.seller)).pending).toBeGreaterThan(0);
    const refund = stripe.refundFromDashboard(sold.intentId, sold.cents);
    const response = await send('charge.refunded', stripe.charge(sold.intentId));
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await orderRow(sold.orderId)).toMatchObject({ cancelled_by: 'provider' });
    const { rows } = await ctx.db.query('SELECT amount_cents, provider_reference, line_id FROM payment_refunds WHERE order_id = $1', [sold.orderId]);
    expect(rows).toEqual([{ amount_cents: sold.cents, provider_reference: refund.id, line_id: null }]);
    expect(await wallet(sold.seller)).toMatchObject({ total_credit: 0, pending: 0, available: 0 });
    // The buyer's order says so.
    const seen = await inject(ctx.app, 'GET', `orders/${sold.orderId}`, { token: sold.buyer.token });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ cancelled: { by: 'provider', refunded: sold.cents / 100 } });
    const mails = await mailsAbout(sold.orderNumber);
    expect(mails.filter((mail) => /a refund was made/.test(mail.subject)).map((mail) => mail.to).sort()).toEqual([sold.buyer.email, sold.seller.email].sort());
    // The same state told again (another event id): nothing more is given or taken back.
    await send('charge.refunded', stripe.charge(sold.intentId));
    expect((await ctx.db.query('SELECT 1 FROM payment_refunds WHERE order_id = $1', [sold.orderId])).rows).toHaveLength(1);
    await audit();
  });

  it('the store’s own refund echoing back changes nothing more', async () => {
    const sold = await stripeSale(1);
    const cancelled = await inject(ctx.app, 'POST', `orders/${sold.orderId}/cancel`, { token: sold.buyer.token });
    expect(cancelled.statusCode).toBe(200);
    await send('charge.refunded', stripe.charge(sold.intentId));
    expect(await orderRow(sold.orderId)).toMatchObject({ cancelled_by: 'buyer' });
    expect((await ctx.db.query('SELECT 1 FROM payment_refunds WHERE order_id = $1', [sold.orderId])).rows).toHaveLength(1);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === sold.intentId)).toHaveLength(1);
    await audit();
  });

  it('a partial refund of exactly a piece’s share refunds that line and takes its credit back; an amount that matches no lines changes nothing and tells the operator', async () => {
    const sold = await stripeSale(2);
    const order = (await ctx.db.query<RefundOrder>('SELECT processing_cents, verification_cents, shipping_cents, delivery_cents, discount_cents FROM orders WHERE id = $1', [sold.orderId])).rows[0]!;
    const packages = (await ctx.db.query<RefundPackage>('SELECT id, bundle_discount_cents FROM order_packages WHERE order_id = $1', [sold.orderId])).rows;
    const lines = (await ctx.db.query<RefundLine>('SELECT id, package_id, price_cents FROM order_lines WHERE order_id = $1 ORDER BY id', [sold.orderId])).rows;
    const first = lineRefund(order, packages, lines, new Set(), lines[0]!.id);
    const before = await wallet(sold.seller);

    stripe.refundFromDashboard(sold.intentId, 1);
    await send('charge.refunded', stripe.charge(sold.intentId));
    expect((await ctx.db.query('SELECT 1 FROM payment_refunds WHERE order_id = $1', [sold.orderId])).rows).toHaveLength(0);
    expect((await mailsAbout(sold.orderNumber)).filter((mail) => mail.to === ctx.app.config.SUPPORT_EMAIL && /refund/.test(mail.subject))).toHaveLength(1);

    // The operator gives the cent back in the dashboard's terms: a piece's share, less it, in a second refund.
    stripe.refundFromDashboard(sold.intentId, first.buyerCents - 1);
    await send('charge.refunded', stripe.charge(sold.intentId));
    const { rows } = await ctx.db.query<{ line_id: number; amount_cents: number }>('SELECT line_id, amount_cents FROM payment_refunds WHERE order_id = $1', [sold.orderId]);
    expect(rows).toEqual([{ line_id: lines[0]!.id, amount_cents: first.buyerCents }]);
    const after = await wallet(sold.seller);
    expect(Math.round((before.pending - after.pending) * 100)).toBe(first.sellerCents);
    expect(await orderRow(sold.orderId)).toMatchObject({ cancelled_by: null });
    await audit();
  });
});

describe('charge.dispute.*', () => {
  it('created: the order’s credit is on hold and the seller and the operator are told; closed won: released', async () => {
    const sold = await stripeSale(1);
    const opened = stripe.dispute(sold.intentId, 'needs_response');
    expect((await send('charge.dispute.created', opened)).statusCode).toBe(200);
    expect(await orderRow(sold.orderId)).toMatchObject({ dispute_status: 'open' });
    // What the back office's queue shows of it: the amount, the bank's reason, the evidence's due date.
    const kept = (await ctx.db.query('SELECT dispute_amount_cents, dispute_reason, dispute_evidence_due_by FROM orders WHERE id = $1', [sold.orderId])).rows[0];
    expect(kept).toEqual({ dispute_amount_cents: opened.amount, dispute_reason: 'fraudulent', dispute_evidence_due_by: new Date((opened.evidence_details as { due_by: number }).due_by * 1000) });
    expect((await wallet(sold.seller)).activity[0]).toMatchObject({ type: 'listing_sale_deposit', status: 'on_hold' });
    const told = (await mailsAbout(sold.orderNumber)).filter((mail) => /disputes/.test(mail.subject)).map((mail) => mail.to);
    expect(told.sort()).toEqual([sold.seller.email, ctx.app.config.SUPPORT_EMAIL].sort());
    await audit();

    expect((await send('charge.dispute.closed', { ...opened, status: 'won' })).statusCode).toBe(200);
    expect(await orderRow(sold.orderId)).toMatchObject({ dispute_status: 'won' });
    const after = await wallet(sold.seller);
    expect(after.activity[0]).toMatchObject({ type: 'listing_sale_deposit', status: 'available' });
    expect(after.available).toBeGreaterThan(0);
    // A late "created" for the closed dispute changes nothing.
    await send('charge.dispute.created', opened);
    expect(await orderRow(sold.orderId)).toMatchObject({ dispute_status: 'won' });
    await audit();
  });

  it('closed lost after the credit was paid out: the seller owes it (a negative balance, shown in the wallet), withdrawals are refused, the next sale repays it', async () => {
    const sold = await stripeSale(1);
    await deliver(ctx.app, sold);
    const paidOut = await wallet(sold.seller);
    expect(paidOut.available).toBeGreaterThan(5);
    await stepUp(ctx.app, sold.seller.token);
    const code = await inject(ctx.app, 'POST', 'wallet/codes', { token: sold.seller.token, body: { amount: paidOut.available } });
    expect(code.statusCode).toBe(200);

    const dispute = stripe.dispute(sold.intentId, 'needs_response');
    await send('charge.dispute.created', dispute);
    // Released and spent before the dispute: nothing left to freeze.
    expect(await send('charge.dispute.closed', { ...dispute, status: 'lost' })).toMatchObject({ statusCode: 200 });
    expect(await orderRow(sold.orderId)).toMatchObject({ dispute_status: 'lost' });
    const owing = await wallet(sold.seller);
    expect(owing.available).toBe(-paidOut.available);
    expect(owing.total_credit).toBe(-paidOut.available);
    expect(owing.activity[0]).toMatchObject({ type: 'sale_refund', amount: -paidOut.available });
    const refused = await inject(ctx.app, 'POST', 'wallet/codes', { token: sold.seller.token, body: { amount: 5 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'insufficient_credit' });
    const report = await audit();
    expect(report.wallets.find((row) => row.customerId === sold.seller.id)).toMatchObject({ available: -Math.round(paidOut.available * 100) });
    expect((await mailsAbout(sold.orderNumber)).filter((mail) => /dispute is decided/.test(mail.subject)).map((mail) => mail.to).sort()).toEqual([sold.seller.email, ctx.app.config.SUPPORT_EMAIL].sort());

    // The seller's next sale repays what is owed, then credits the rest.
    const buyer = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: (skip += 1) });
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [sold.seller.id, piece!.id]);
    await fillBag(ctx.db, buyer.id, [piece!.id]);
    const total = await quotedTotal(ctx.app, { delivery_option: 'home' }, buyer.token);
    const { card: _card, ...body } = payment(total);
    const started = (await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, body, idempotencyKey: key() })).json<{ attempt_id: string; client_secret: string }>();
    stripe.succeed(started.client_secret.split('_secret_')[0]!);
    const next = (await inject(ctx.app, 'POST', `checkout/payment/${started.attempt_id}/confirm`, { token: buyer.token })).json<{ order_id: number; order_number: string }>();
    await deliver(ctx.app, { seller: sold.seller, buyer, orderId: next.order_id, orderNumber: next.order_number });
    const repaid = await wallet(sold.seller);
    expect(Math.round(repaid.available * 100)).toBe(piece!.price_cents - Math.round(paidOut.available * 100));
    await audit();
  }, 60_000);

  it('closed lost before the credit was released: taken back, the wallet at zero, nothing owed', async () => {
    const sold = await stripeSale(1);
    const dispute = stripe.dispute(sold.intentId, 'needs_response');
    await send('charge.dispute.created', dispute);
    await send('charge.dispute.closed', { ...dispute, status: 'lost' });
    expect(await wallet(sold.seller)).toMatchObject({ total_credit: 0, available: 0, pending: 0 });
    await audit();
  });
});

describe('no 5xx on the webhook, whatever a signed event holds', () => {
  it('a fuzz of event types, shapes and orders answers 200 (or 409 to be sent again) to every one', async () => {
    const sold = await stripeSale(2);
    const types = ['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed', 'payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.succeeded', 'customer.created', 'x'];
    const objects: unknown[] = [
      null,
      {},
      [],
      'text',
      42,
      { object: 'charge' },
      { object: 'charge', id: 'ch_x', payment_intent: 'pi_unknown', amount_refunded: 100 },
      { object: 'charge', id: 'ch_x', payment_intent: sold.intentId, amount_refunded: -5 },
      { object: 'charge', id: 'ch_x', payment_intent: sold.intentId, amount_refunded: 1e30 },
      { object: 'charge', id: 'ch_x', payment_intent: { id: sold.intentId }, amount_refunded: '100' },
      { object: 'charge', id: 'ch_x', payment_intent: sold.intentId, amount_refunded: 3, refunds: { data: [null, 5] } },
      { object: 'dispute', id: 'dp_x', payment_intent: sold.intentId, amount: 100, status: 'strange' },
      { object: 'dispute', id: 'dp_y', payment_intent: 'pi_unknown', amount: 100, status: 'lost' },
      { object: 'dispute', id: 12, payment_intent: sold.intentId, amount: 100, status: 'lost' },
      { object: 'payment_intent' },
      { object: 'payment_intent', id: 'pi_unknown', status: 'succeeded' },
      { object: 'payment_intent', id: sold.intentId, metadata: { attempt_id: 'pa_none' } },
      stripe.charge(sold.intentId),
      stripe.dispute(sold.intentId, 'lost', 'dp_fuzz'),
    ];
    const statuses: number[] = [];
    for (const type of types) {
      for (const object of objects) {
        const event = stripe.signed(JSON.stringify({ id: `evt_fuzz_${statuses.length}`, object: 'event', type, data: { object } }), SECRET);
        const response = await deliverEvent(event);
        statuses.push(response.statusCode);
      }
    }
    // Envelopes that are not events at all, signed.
    for (const payload of ['{}', '[]', 'null', '{"id":1,"type":2}', '{"id":"evt_a","type":"charge.refunded"}', '{"id":"evt_b","type":"charge.refunded","data":null}']) {
      const event = stripe.signed(payload, SECRET);
      statuses.push((await deliverEvent(event)).statusCode);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(statuses.filter((status) => status !== 200 && status !== 400))).toEqual(new Set());
    await audit();
  }, 120_000);
});
