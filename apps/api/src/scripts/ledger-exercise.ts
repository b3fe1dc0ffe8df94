// A fresh store with money moved through it, for `pnpm run audit ledger --exercise` (tools/dev/audit.mjs):
// migrates and seeds a new database (PGlite under DATA_DIR, or a schema of its own on DATABASE_URL:
// --schema NAME), then, through the real API (app.inject), makes orders with and without discount
// codes (a multi-seller one, a guest's), ships them with carrier numbers, confirms receipts, has one
// problem refunded and one released, has one order cancelled by its buyer and one by its seller
// before shipping, buys a seller's bundle and cancels another, has one piece of a bundle cancelled by its seller and
// another piece then the rest of its order, lets the protection windows pass, and withdraws by bank transfer and wallet code;
// then the payment provider's word: a refund made at the provider of a whole order and of one
// piece, a chargeback won and one lost after the seller was paid out (the wallet then owes it); then real
// payouts: a store instance with PAYOUT_PROVIDER=sepa batches the requested bank transfers
// (one batch cancelled, the next confirmed), and one with PAYOUT_PROVIDER=stripe_connect (against the
// offline Stripe stand-in, test/stripe-server.ts) onboards a seller, transfers released sales, reverses
// one after a lost chargeback and one after a refund made at the provider, and marks one paid by a
// payout. The clock starts 20 days back and stays in the past, so every date the
// audit reads is one it can judge. `--drop NAME` removes such a schema afterwards.
import { randomBytes } from 'node:crypto';
import { PaymentResult } from '@preloved/contract';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDb } from '../db/db';
import { lineRefund, type RefundLine, type RefundOrder, type RefundPackage } from '../modules/orders/line-refunds';
import type { ProviderEventSubject } from '../modules/payments/payment-provider';
import { fillBag, inject, key, listings, newCard, payment, proveEmail, shopper, stepUp } from '../test/checkout';
import { stripeServer } from '../test/stripe-server';
import { IBAN, nextTrackingNumber } from '../test/wallet';

const DAY = 24 * 60 * 60 * 1000;

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const operatorKey = randomBytes(16).toString('hex');
  const config = loadConfig({ ...process.env, OPERATOR_KEY: operatorKey, LOG_LEVEL: 'silent' });
  const drop = option('--drop');
  if (drop) {
    const db = await openDb({ url: config.DATABASE_URL });
    if (!/^[a-z_][a-z0-9_]*$/.test(drop)) throw new Error(`not a schema name: ${drop}`);
    await db.query(`DROP SCHEMA IF EXISTS ${drop} CASCADE`);
    await db.close();
    return;
  }
  const schema = option('--schema');
  const db = await openDb({ url: config.DATABASE_URL, schema, dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite` });
  let now = Date.now() - 20 * DAY;
  const app = await buildApp(config, { db, clock: { now: () => new Date(now) } });
  await app.ready();
  try {
    const [s1, s2, b1, b2] = [await shopper(app), await shopper(app), await shopper(app), await shopper(app)];
    // Money leaves a wallet only for a proven e-mail and a session that proved its owner.
    for (const seller of [s1!, s2!]) {
      await proveEmail(db, seller.id);
      await stepUp(app, seller.token);
      const saved = await inject(app, 'PUT', 'customers/payout', { token: seller.token, body: { method: 'bank_transfer', iban: IBAN } });
      if (saved.statusCode !== 200) throw new Error(`payout: ${saved.body}`);
    }
    let skip = 0;
    const pieceOf = async (sellerId: number, priceCents: number) => {
      const [piece] = await listings(db, 1, { skip: skip++ });
      await db.query('UPDATE listings SET seller_id = $1, price_cents = $2 WHERE id = $3', [sellerId, priceCents, piece!.id]);
      return piece!.id;
    };
    const buy = async (buyer: { id: number; token: string } | null, pieceIds: number[], code?: string) => {
      const body = { delivery_option: 'home', ...(code ? { discount_code: code } : {}), ...(buyer ? {} : { cart: pieceIds }) };
      // First-order codes need a proven e-mail and a card of its own: each buyer owns their inbox and pays by a new card.
      if (buyer) await proveEmail(db, buyer.id);
      if (buyer) await fillBag(db, buyer.id, pieceIds);
      const quote = await inject(app, 'POST', 'checkout/quote', { token: buyer?.token, body });
      if (quote.statusCode !== 200) throw new Error(`quote: ${quote.body}`);
      const paid = await inject(app, 'POST', 'checkout/payment', {
        token: buyer?.token,
        idempotencyKey: key(),
        body: payment(quote.json<{ total: number }>().total, { ...body, ...(buyer ? {} : { email: 'guest.buyer+audit@gmail.com' }) }, newCard()),
      });
      if (paid.statusCode !== 200) throw new Error(`payment: ${paid.body}`);
      return PaymentResult.parse(paid.json()).order_id!;
    };
    const shipAll = async (orderId: number) => {
      const packages = await db.query<{ id: number; seller_id: number }>('SELECT id, seller_id FROM order_packages WHERE order_id = $1', [orderId]);
      for (const pkg of packages.rows) {
        const token = [s1!, s2!].find((seller) => seller.id === pkg.seller_id)!.token;
        const shipped = await inject(app, 'POST', `sales/${pkg.id}/shipped`, { token, body: { tracking_number: nextTrackingNumber() } });
        if (shipped.statusCode !== 200) throw new Error(`ship: ${shipped.body}`);
      }
    };
    const call = async (what: string, response: Promise<{ statusCode: number; body: string }>) => {
      const answer = await response;
      if (answer.statusCode !== 200) throw new Error(`${what}: ${answer.statusCode} ${answer.body}`);
    };

    const o1 = await buy(b1!, [await pieceOf(s1!.id, 12_000)], 'WELCOME10');
    const o2 = await buy(b1!, [await pieceOf(s2!.id, 4_500)]);
    const o3 = await buy(null, [await pieceOf(s1!.id, 8_000)], 'PRELOVED5');
    const o4 = await buy(b2!, [await pieceOf(s1!.id, 6_000), await pieceOf(s2!.id, 9_900)], 'WELCOME10');
    await buy(b2!, [await pieceOf(s2!.id, 30_000)]);
    // Bundles: s1 gives 10 % off 2 pieces and 15 % off 3; a bag of 3 of s1's and 1 of s2's with
    // a code (one bundle line, the code on what is left), and a 2-piece bundle cancelled before shipping.
    await call('bundle tiers', inject(app, 'PUT', 'seller/bundle', { token: s1!.token, body: { tiers: [{ min_pieces: 2, percent_off: 10 }, { min_pieces: 3, percent_off: 15 }] } }));
    const b3 = await shopper(app);
    const o5 = await buy(b3, [await pieceOf(s1!.id, 3_333), await pieceOf(s1!.id, 4_999), await pieceOf(s1!.id, 2_001), await pieceOf(s2!.id, 1_500)], 'WELCOME10');
    const bundleBack = await buy(b2!, [await pieceOf(s1!.id, 2_000), await pieceOf(s1!.id, 2_999)]);
    await call('cancel bundle', inject(app, 'POST', `orders/${bundleBack}/cancel`, { token: b2!.token }));
    // Refunds of part of a bundle: s1 cannot ship one piece of a 3-piece bundle bought with a
    // code and cancels it alone (its share back, the rest shipped and released); of another bundle s1
    // cancels one piece and its buyer then cancels the rest.
    const b4 = await shopper(app);
    const partly = await buy(b4, [await pieceOf(s1!.id, 3_333), await pieceOf(s1!.id, 4_999), await pieceOf(s1!.id, 2_001)], 'WELCOME10');
    const partlyPackage = (await db.query<{ id: number; listing_id: number }>('SELECT k.id, l.listing_id FROM order_packages k JOIN order_lines l ON l.package_id = k.id WHERE k.order_id = $1 ORDER BY l.id', [partly])).rows;
    await call('cancel a piece', inject(app, 'POST', `sales/${partlyPackage[1]!.id}/pieces/${partlyPackage[1]!.listing_id}/cancel`, { token: s1!.token }));
    const restBack = await buy(b4, [await pieceOf(s1!.id, 1_999), await pieceOf(s1!.id, 2_999)]);
    const restPackage = (await db.query<{ id: number; listing_id: number }>('SELECT k.id, l.listing_id FROM order_packages k JOIN order_lines l ON l.package_id = k.id WHERE k.order_id = $1 ORDER BY l.id', [restBack])).rows;
    await call('cancel a piece', inject(app, 'POST', `sales/${restPackage[0]!.id}/pieces/${restPackage[0]!.listing_id}/cancel`, { token: s1!.token }));
    await call('cancel the rest', inject(app, 'POST', `orders/${restBack}/cancel`, { token: b4.token }));
    const changedMind = await buy(b1!, [await pieceOf(s1!.id, 2_500)]);
    await call('cancel', inject(app, 'POST', `orders/${changedMind}/cancel`, { token: b1!.token }));
    const cannotShip = await buy(b2!, [await pieceOf(s2!.id, 7_000)]);
    const cannotShipPackage = await db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [cannotShip]);
    await call('seller cancel', inject(app, 'POST', `sales/${cannotShipPackage.rows[0]!.id}/cancel`, { token: s2!.token }));
    now += DAY;
    for (const order of [o1, o2, o3, o4, o5, partly]) await shipAll(order);
    now += 3 * DAY;
    await call('received', inject(app, 'POST', `orders/${o1}/received`, { token: b1!.token }));
    await call('problem', inject(app, 'POST', `orders/${o2}/problem`, { token: b1!.token, body: { description: 'Not as described' } }));
    await call('problem', inject(app, 'POST', `orders/${o4}/problem`, { token: b2!.token, body: { description: 'One piece is missing' } }));
    now += DAY;
    const resolve = (orderId: number, resolution: string) =>
      app.inject({ method: 'POST', url: `/api/operator/orders/${orderId}/resolve`, headers: { 'x-operator-key': operatorKey }, payload: { resolution } });
    await call('refund', resolve(o2, 'refund'));
    await call('release', resolve(o4, 'release'));
    now += 10 * DAY;
    for (const seller of [s1!, s2!]) await stepUp(app, seller.token);
    await call('wallet code', inject(app, 'POST', 'wallet/codes', { token: s1!.token, body: { amount: 50 } }));
    await call('transfer', inject(app, 'POST', 'wallet/transfers', { token: s1!.token, body: { amount: 30 } }));
    await call('transfer', inject(app, 'POST', 'wallet/transfers', { token: s2!.token, body: { amount: 99 } }));

    // The provider's word is final, through the handler behind Stripe's webhook
    // (payments/provider-events.ts); the test provider's payment reference stands for the intent.
    let events = 0;
    const tell = async (orderId: number, type: string, subject: (order: { total_cents: number }) => ProviderEventSubject) => {
      const order = (await db.query<{ payment_reference: string; total_cents: number }>('SELECT payment_reference, total_cents FROM orders WHERE id = $1', [orderId])).rows[0]!;
      await app.providerEvents.handle({ id: `evt_exercise_${++events}`, type, intentId: order.payment_reference, subject: subject(order) });
    };
    now += 60_000;
    // Refunded in full from the provider's dashboard before shipping: the order is cancelled by the provider.
    const refundedThere = await buy(b3, [await pieceOf(s2!.id, 5_500)]);
    await tell(refundedThere, 'charge.refunded', (order) => ({ kind: 'charge_refunded', chargeId: 'ch_exercise_1', amountRefundedCents: order.total_cents, refundId: 're_exercise_1' }));
    // One piece of a bundle refunded there: exactly its share, so that line is refunded.
    const pieceThere = await buy(b3, [await pieceOf(s1!.id, 2_222), await pieceOf(s1!.id, 3_456)]);
    const refundOrder = (await db.query<RefundOrder>('SELECT processing_cents, verification_cents, shipping_cents, delivery_cents, discount_cents FROM orders WHERE id = $1', [pieceThere])).rows[0]!;
    const refundPackages = (await db.query<RefundPackage>('SELECT id, bundle_discount_cents FROM order_packages WHERE order_id = $1', [pieceThere])).rows;
    const refundLines = (await db.query<RefundLine>('SELECT id, package_id, price_cents FROM order_lines WHERE order_id = $1 ORDER BY id', [pieceThere])).rows;
    const share = lineRefund(refundOrder, refundPackages, refundLines, new Set(), refundLines[0]!.id).buyerCents;
    await tell(pieceThere, 'charge.refunded', () => ({ kind: 'charge_refunded', chargeId: 'ch_exercise_2', amountRefundedCents: share, refundId: 're_exercise_2' }));
    // A chargeback before the release, won: held, then released.
    const disputedWon = await buy(b1!, [await pieceOf(s1!.id, 3_000)]);
    await tell(disputedWon, 'charge.dispute.created', (order) => ({ kind: 'dispute', disputeId: 'dp_exercise_won', status: 'open', amountCents: order.total_cents }));
    now += 60_000;
    await tell(disputedWon, 'charge.dispute.closed', (order) => ({ kind: 'dispute', disputeId: 'dp_exercise_won', status: 'won', amountCents: order.total_cents }));
    // A chargeback lost on o4, released and spent by its sellers (s2 transferred it): s2's wallet owes it.
    await tell(o4, 'charge.dispute.created', (order) => ({ kind: 'dispute', disputeId: 'dp_exercise_lost', status: 'open', amountCents: order.total_cents }));
    now += 60_000;
    await tell(o4, 'charge.dispute.closed', (order) => ({ kind: 'dispute', disputeId: 'dp_exercise_lost', status: 'lost', amountCents: order.total_cents }));
    const owed = (await app.wallet.balance(s2!.id)).available;
    if (owed >= 0) throw new Error(`the lost chargeback left s2 with ${owed} cents: expected a balance owed`);

    // Real payouts. SEPA: the requested bank transfers in a batch, cancelled, then again and confirmed.
    const clock = { now: () => new Date(now) };
    const sepa = await buildApp(
      loadConfig({ ...process.env, OPERATOR_KEY: operatorKey, LOG_LEVEL: 'silent', PAYOUT_PROVIDER: 'sepa', SEPA_DEBTOR_NAME: 'Preloved Lda', SEPA_DEBTOR_IBAN: IBAN, JOBS: 'false' }),
      { db, clock },
    );
    await sepa.ready();
    try {
      const first = await sepa.sepaBatches.create();
      await sepa.sepaBatches.cancel(first.id);
      const second = await sepa.sepaBatches.create();
      if (second.references.length !== first.references.length) throw new Error('a cancelled batch did not give its transfers back');
      now += 60_000;
      await sepa.sepaBatches.confirm(second.id);
    } finally {
      await sepa.close();
    }

    // Stripe Connect, against the offline stand-in: a seller onboarded, three sales transferred; one
    // paid out, one reversed after a lost chargeback, one after a refund made at the provider.
    const stripe = await stripeServer();
    const connect = await buildApp(
      loadConfig({
        ...process.env,
        OPERATOR_KEY: operatorKey,
        LOG_LEVEL: 'silent',
        PAYOUT_PROVIDER: 'stripe_connect',
        STRIPE_SECRET_KEY: 'sk_test_exercise',
        STRIPE_API_URL: stripe.url,
        STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_exercise',
        JOBS: 'false',
      }),
      { db, clock },
    );
    await connect.ready();
    try {
      const s3 = (await shopper(connect))!;
      await proveEmail(db, s3.id);
      await stepUp(connect, s3.token);
      await call('get paid by Stripe', inject(connect, 'POST', 'customers/payout/stripe', { token: s3.token, body: { country: 'PT' } }));
      const account = (await db.query<{ account_id: string }>('SELECT account_id FROM connect_accounts WHERE customer_id = $1', [s3.id])).rows[0]!.account_id;
      await connect.stripeConnect.handleEvent({ id: 'evt_exercise_account', type: 'account.updated', account, data: { object: stripe.completeOnboarding(account) } });
      const buyers = [b1!, b2!, b3];
      const sold = [await buy(b1!, [await pieceOf(s3.id, 4_000)]), await buy(b2!, [await pieceOf(s3.id, 5_000)]), await buy(b3, [await pieceOf(s3.id, 6_000)])];
      // Shipped, delivered (as a carrier's feed writes it) and confirmed by the buyer: released at once.
      for (const [index, orderId] of sold.entries()) {
        const packages = await db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [orderId]);
        for (const pkg of packages.rows) {
          await call('ship', inject(connect, 'POST', `sales/${pkg.id}/shipped`, { token: s3.token, body: { tracking_number: nextTrackingNumber() } }));
          await db.query('UPDATE order_packages SET carrier_delivered_at = $2 WHERE id = $1', [pkg.id, new Date(now + 60_000)]);
        }
        now += 2 * 60_000;
        await call('received', inject(connect, 'POST', `orders/${orderId}/received`, { token: buyers[index]!.token }));
      }
      now += 60_000;
      if ((await connect.stripeConnect.payDue()).length !== sold.length) throw new Error('the released sales were not all transferred');
      now += 60_000;
      await connect.stripeConnect.handleEvent({ id: 'evt_exercise_payout', type: 'payout.paid', account, data: { object: stripe.payout('paid', 4_000) } });
      const tellConnect = async (orderId: number, type: string, subject: (order: { total_cents: number }) => ProviderEventSubject) => {
        const order = (await db.query<{ payment_reference: string; total_cents: number }>('SELECT payment_reference, total_cents FROM orders WHERE id = $1', [orderId])).rows[0]!;
        await connect.providerEvents.handle({ id: `evt_exercise_${++events}`, type, intentId: order.payment_reference, subject: subject(order) });
      };
      await tellConnect(sold[1]!, 'charge.dispute.created', (order) => ({ kind: 'dispute', disputeId: 'dp_exercise_connect', status: 'open', amountCents: order.total_cents }));
      now += 60_000;
      await tellConnect(sold[1]!, 'charge.dispute.closed', (order) => ({ kind: 'dispute', disputeId: 'dp_exercise_connect', status: 'lost', amountCents: order.total_cents }));
      now += 60_000;
      await tellConnect(sold[2]!, 'charge.refunded', (order) => ({ kind: 'charge_refunded', chargeId: 'ch_exercise_connect', amountRefundedCents: order.total_cents, refundId: 're_exercise_connect' }));
      const reversed = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM connect_transfers WHERE status = 'reversed' AND customer_id = $1", [s3.id])).rows[0]!.n;
      if (reversed !== 2) throw new Error(`${reversed} Stripe transfers reversed: expected 2`);
    } finally {
      await connect.close();
      await stripe.close();
    }

    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    console.log(`exercised ${db.engine}${schema ? ` (schema ${schema})` : ''}: ${rows[0]!.n} orders, refunds, releases, transfers and codes`);
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
