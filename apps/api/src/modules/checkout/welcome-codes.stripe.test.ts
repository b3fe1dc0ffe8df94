import { stripeTestApp, type TestApp } from '../../test/app';
import { fillBag, inject, key, listings, payment, proveEmail, quotedTotal, shopper } from '../../test/checkout';
import type { StripeServer } from '../../test/stripe-server';

// Issue 41 with Stripe: the page hands the card to Stripe, so the store learns which card paid only
// once the PaymentIntent succeeded (its payment method's `card.fingerprint`). A card that had a
// first-order code already: the order is not placed, the money is refunded in full, and the answer says why.

let stripe: StripeServer;
let ctx: TestApp;
stripeTestApp((store) => ({ ctx, stripe } = store));

let skip = 0;

/** A proven account pays one piece with WELCOME10 through Stripe, by the card `fingerprint`; answers the page's return. */
async function payWithCode(fingerprint: string) {
  const buyer = await shopper(ctx.app);
  await proveEmail(ctx.db, buyer.id);
  const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: skip++ });
  await fillBag(ctx.db, buyer.id, [piece!.id]);
  const body = { delivery_option: 'home', discount_code: 'WELCOME10' };
  const { card: _card, ...paid } = payment(await quotedTotal(ctx.app, body, buyer.token), body);
  const started = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, body: paid, idempotencyKey: key() });
  expect(started.statusCode).toBe(200);
  const { attempt_id: attemptId, client_secret: secret } = started.json<{ attempt_id: string; client_secret: string }>();
  const intentId = secret.split('_secret_')[0]!;
  stripe.succeed(intentId, { fingerprint });
  const settled = await inject(ctx.app, 'POST', `checkout/payment/${attemptId}/confirm`, { token: buyer.token });
  return { settled, intentId, listingId: piece!.id };
}

it('places the first order of a card with the code; a second account paying with that card is refunded in full and told why', async () => {
  const first = await payWithCode('Kx7fingerprintA');
  expect(first.settled.statusCode).toBe(200);
  expect(stripe.refunds.filter((refund) => refund.payment_intent === first.intentId)).toEqual([]);

  const second = await payWithCode('Kx7fingerprintA');
  expect(second.settled.statusCode).toBe(422);
  expect(second.settled.json()).toMatchObject({
    code: 'first_order_code_card_used_refunded',
    fields: [{ field: 'discount_code', key: 'first_order_code_card_used_refunded' }],
  });
  const intent = stripe.intents.get(second.intentId)!;
  expect(stripe.refunds.filter((refund) => refund.payment_intent === second.intentId).map((refund) => refund.amount)).toEqual([intent.amount_received]);
  // No order, and the piece is still for sale.
  expect((await ctx.db.query('SELECT 1 FROM orders WHERE payment_reference = $1', [second.intentId])).rows).toEqual([]);
  expect((await ctx.db.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [second.listingId])).rows[0]!.status).toBe('active');

  // Another card is another first order.
  expect((await payWithCode('Kx7fingerprintB')).settled.statusCode).toBe(200);
});
