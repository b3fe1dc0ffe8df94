import { CancelResult, OrderDetail, OrderList, PaymentResult, PieceCancelResult, Quote, Sale, Wallet } from '@preloved/contract';
import { auditLedger, formatAudit } from '../wallet/ledger-audit';
import { testPaymentProvider } from '../payments/test-provider';
import { mailedTestApp, type MailedTestApp, testClock } from '../../test/app';
import { fillBag, inject, key, listings, newCard, payment, proveEmail, shopper } from '../../test/checkout';
import { nextTrackingNumber } from '../../test/wallet';
import { decodedBody } from '../../../../../tools/test-support/smtp';

// Issue 29's last piece: refunds of part of a bundle. A seller who cannot ship one piece of a
// package cancels it alone; the buyer gets that piece's share of what they paid back and the
// seller's credit for it is taken back, once (the rule: modules/orders/line-refunds.ts). On
// the real app and database (PGlite, or PostgreSQL with DATABASE_URL), the ledger audit after each.

const clock = testClock();
const provider = testPaymentProvider();
let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
const OPERATOR_KEY = 'operator-key-for-tests-0123';
mailedTestApp({ OPERATOR_KEY, VERIFICATION_MODE: 'hub' }, { clock, paymentProvider: provider }, (store) => ({ ctx, smtp } = store));
beforeEach(() => clock.set(new Date()));

type Person = Awaited<ReturnType<typeof shopper>>;
const PRICES = [3333, 4999, 2001];
let skip = 0;

/**
 * A seller with tiers 2 pieces −10 %, 3 pieces −15 % sells 3 pieces (PRICES) to a new buyer who
 * uses WELCOME10 (10 % of what is left after the bundle discount), home delivery. Fee lines with the
 * default config: processing 70 + 5 % of 10 333 = 587, verification 3 × 150, shipping 390, delivery
 * 250, bundle round(15 % × 10 333) = 1 550, code round(10 % × 8 783) = 878; total 9 582.
 */
async function bundleOrder(seller?: Person) {
  const owner = seller ?? (await shopper(ctx.app));
  if (!seller) {
    const tiers = await inject(ctx.app, 'PUT', 'seller/bundle', { token: owner.token, body: { tiers: [{ min_pieces: 2, percent_off: 10 }, { min_pieces: 3, percent_off: 15 }] } });
    expect(tiers.statusCode).toBe(200);
  }
  const buyer = await shopper(ctx.app);
  await proveEmail(ctx.db, buyer.id); // WELCOME10 needs a proven e-mail and a card of its own
  const rows = await listings(ctx.db, PRICES.length, { notSeller: buyer.id, skip: 30 + skip });
  skip += PRICES.length;
  for (const [index, row] of rows.entries()) await ctx.db.query('UPDATE listings SET seller_id = $1, price_cents = $2 WHERE id = $3', [owner.id, PRICES[index], row.id]);
  const ids = rows.map((row) => row.id);
  await fillBag(ctx.db, buyer.id, ids);
  const body = { delivery_option: 'home', discount_code: 'WELCOME10' };
  const quote = Quote.parse((await inject(ctx.app, 'POST', 'checkout/quote', { token: buyer.token, body })).json());
  const paid = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(quote.total, body, newCard()) });
  expect(paid.statusCode).toBe(200);
  const result = PaymentResult.parse(paid.json());
  const order = (await ctx.db.query<{ total_cents: number; payment_reference: string }>('SELECT total_cents, payment_reference FROM orders WHERE id = $1', [result.order_id])).rows[0]!;
  expect(order.total_cents).toBe(9582);
  const pkg = (await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [result.order_id])).rows[0]!.id;
  /** The listing id of the piece at this price. */
  const piece = (price: number) => ids[PRICES.indexOf(price)]!;
  return { seller: owner, buyer, orderId: result.order_id!, number: result.order_number!, pkg, piece, ...order };
}

const cancelPiece = (seller: Person, pkg: number, listingId: number) => inject(ctx.app, 'POST', `sales/${pkg}/pieces/${listingId}/cancel`, { token: seller.token });
const wallet = async (token: string) => Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token })).json());
const refunds = async (orderId: number) =>
  (
    await ctx.db.query<{ rows: number; back: number; taken_back: number }>(
      `SELECT (SELECT count(*)::int FROM payment_refunds WHERE order_id = $1) AS rows,
              (SELECT coalesce(sum(amount_cents), 0)::int FROM payment_refunds WHERE order_id = $1) AS back,
              (SELECT coalesce(sum(e.amount_cents), 0)::int FROM wallet_entries e JOIN order_packages k ON k.id = e.refunded_package_id WHERE k.order_id = $1) AS taken_back`,
      [orderId],
    )
  ).rows[0]!;
const audit = async () => {
  const report = await auditLedger(ctx.db, ctx.config, ctx.app.carriers, clock.now());
  if (!report.ok) throw new Error(formatAudit(report, 'test'));
};

describe('a seller cancels one piece of a bundle before shipping it', () => {
  it('gives the buyer back exactly the piece’s share, takes back the seller’s credit for it, keeps the others’ discount; both see it and are mailed', async () => {
    const o = await bundleOrder();
    const before = smtp.received.length;
    const answer = await cancelPiece(o.seller, o.pkg, o.piece(4999));
    expect(answer.statusCode).toBe(200);
    // 4 999 − bundle share 750 − code share 425 + processing share 284 + verification 150; not the last piece: no shipping, no delivery.
    // The seller gives back 4 999 − 750. (Shares: largest remainders of 1 550, 878 and 587 over the pieces.)
    expect(PieceCancelResult.parse(answer.json())).toMatchObject({ number: o.number, listing_id: o.piece(4999), refunded: 42.58, taken_back: 42.49, order_cancelled: false });
    expect(provider.ledger.get(o.payment_reference)).toMatchObject({ refundedCents: 4258 });
    expect(await refunds(o.orderId)).toEqual({ rows: 1, back: 4258, taken_back: -4249 });
    // The seller's credit: the deposit (10 333 − 1 550) less the piece, all still pending.
    expect(await wallet(o.seller.token)).toMatchObject({ total_credit: 45.34, pending: 45.34, available: 0 });

    const detail = OrderDetail.parse((await inject(ctx.app, 'GET', `orders/${o.orderId}`, { token: o.buyer.token })).json());
    const refundedLine = detail.products.find((product) => product.listing_id === o.piece(4999))!;
    expect(refundedLine.refunded).toEqual({ amount: 42.58, date: expect.any(String) });
    expect(detail.products.filter((product) => product.refunded === null)).toHaveLength(2);
    expect(detail.packages[0]!.products.find((product) => product.listing_id === o.piece(4999))!.refunded?.amount).toBe(42.58);
    // The kept pieces keep the 15 % of three: the order's lines are as paid.
    expect(detail.fees.bundle_discount).toBe(15.5);
    const list = OrderList.parse((await inject(ctx.app, 'GET', 'orders', { token: o.buyer.token })).json());
    expect(list.orders.find((order) => order.id === o.orderId)).toMatchObject({ pieces: 3, refunded_pieces: 1, refunded_pieces_amount: 42.58 });
    const sale = Sale.parse((await inject(ctx.app, 'GET', `sales`, { token: o.seller.token })).json().sales.find((s: { id: number }) => s.id === o.pkg));
    expect(sale.amount).toBe(45.34);
    expect(sale.products.find((product) => product.listing_id === o.piece(4999))!.refunded?.amount).toBe(42.58);

    const subject = new RegExp(`Order ${o.number}: a piece is cancelled`);
    const toBuyer = decodedBody((await smtp.mailTo(o.buyer.email, before, subject)).raw);
    expect(toBuyer).toMatch(/The buyer is refunded €42\.58 [\s\S]*The rest of the order goes ahead as before\./);
    expect(toBuyer).not.toContain('O comprador');
    expect(decodedBody((await smtp.mailTo(o.seller.email, before, subject)).raw)).toContain('The rest of the order goes ahead');
    await audit();
  });

  it('refuses the same piece twice with piece_refunded, and nothing more goes back', async () => {
    const o = await bundleOrder();
    expect((await cancelPiece(o.seller, o.pkg, o.piece(2001))).statusCode).toBe(200);
    const again = await cancelPiece(o.seller, o.pkg, o.piece(2001));
    expect([again.statusCode, again.json().code]).toEqual([409, 'piece_refunded']);
    expect(again.json().code).toBe('piece_refunded');
    expect(await refunds(o.orderId)).toMatchObject({ rows: 1 });
    await audit();
  });

  it('every piece one by one gives back the whole total to the cent, as a whole cancellation of the same order does; the order ends cancelled', async () => {
    const o = await bundleOrder();
    const twin = await bundleOrder(o.seller);
    const got: number[] = [];
    for (const price of [4999, 3333, 2001]) got.push(PieceCancelResult.parse((await cancelPiece(o.seller, o.pkg, o.piece(price))).json()).refunded);
    // The last piece brings the shipping (390) and the delivery (250) fees with it.
    expect(got).toEqual([42.58, 28.89, 24.35]);
    expect(await refunds(o.orderId)).toEqual({ rows: 3, back: o.total_cents, taken_back: -(10333 - 1550) });
    expect(provider.ledger.get(o.payment_reference)).toMatchObject({ refundedCents: o.total_cents });
    const { rows } = await ctx.db.query('SELECT cancelled_by FROM orders WHERE id = $1', [o.orderId]);
    expect(rows).toEqual([{ cancelled_by: 'seller' }]);

    const whole = await inject(ctx.app, 'POST', `orders/${twin.orderId}/cancel`, { token: twin.buyer.token });
    expect(CancelResult.parse(whole.json()).refunded * 100).toBeCloseTo(got.reduce((sum, euros) => sum + euros * 100, 0), 6);
    expect((await refunds(twin.orderId)).taken_back).toBe((await refunds(o.orderId)).taken_back);
    // Nothing is left to refund, ship or cancel.
    expect((await inject(ctx.app, 'POST', `orders/${o.orderId}/cancel`, { token: o.buyer.token })).json().code).toBe('order_cancelled');
    expect((await inject(ctx.app, 'POST', `sales/${o.pkg}/shipped`, { token: o.seller.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(409);
    expect(await wallet(o.seller.token)).toMatchObject({ total_credit: 0, pending: 0, available: 0 });
    await audit();
  });

  it('a piece, then the buyer cancels the rest: the two refunds add up to what was paid, never more', async () => {
    const o = await bundleOrder();
    expect((await cancelPiece(o.seller, o.pkg, o.piece(3333))).statusCode).toBe(200);
    const rest = await inject(ctx.app, 'POST', `orders/${o.orderId}/cancel`, { token: o.buyer.token });
    expect(CancelResult.parse(rest.json()).refunded).toBe((9582 - 2889) / 100);
    expect(await refunds(o.orderId)).toEqual({ rows: 2, back: 9582, taken_back: -(10333 - 1550) });
    expect(provider.ledger.get(o.payment_reference)).toMatchObject({ refundedCents: 9582 });
    const late = await cancelPiece(o.seller, o.pkg, o.piece(2001));
    expect(late.json().code).toBe('order_cancelled');
    expect(await wallet(o.seller.token)).toMatchObject({ total_credit: 0, pending: 0, available: 0 });
    await audit();
  });

  it('the same piece asked for at once, three times: one refund', async () => {
    const o = await bundleOrder();
    const answers = await Promise.all([0, 1, 2].map(() => cancelPiece(o.seller, o.pkg, o.piece(4999))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().code)).toEqual(['piece_refunded', 'piece_refunded']);
    expect(await refunds(o.orderId)).toEqual({ rows: 1, back: 4258, taken_back: -4249 });
    expect(provider.ledger.get(o.payment_reference)).toMatchObject({ refundedCents: 4258 });
    await audit();
  });

  it('the ledger audit catches a line refund off by a cent, a second take-back, or a refund beyond what was paid', async () => {
    const o = await bundleOrder();
    expect((await cancelPiece(o.seller, o.pkg, o.piece(4999))).statusCode).toBe(200);
    await audit();
    const problems = async () => (await auditLedger(ctx.db, ctx.config, ctx.app.carriers, clock.now())).mismatches.join('\n');
    await ctx.db.query('UPDATE payment_refunds SET amount_cents = amount_cents + 1 WHERE order_id = $1', [o.orderId]);
    expect(await problems()).toMatch(/line \d+ refunded 4259 and took back 4249, the rule gives 4258 and 4249/);
    await ctx.db.query('UPDATE payment_refunds SET amount_cents = amount_cents + 9582 WHERE order_id = $1', [o.orderId]);
    expect(await problems()).toMatch(new RegExp(`order ${o.number}: refunded 13841 of total 9582`));
    await ctx.db.query('UPDATE payment_refunds SET amount_cents = 4258 WHERE order_id = $1', [o.orderId]);
    await audit();
    // A take-back of the whole package while the order is not refunded.
    await ctx.db.query(
      `INSERT INTO wallet_entries (customer_id, type, amount_cents, refunded_package_id, created_at) VALUES ($1, 'sale_refund', -100, $2, $3)`,
      [o.seller.id, o.pkg, clock.now()],
    );
    expect(await problems()).toMatch(new RegExp(`package ${o.pkg}: taken back -4349`));
    await ctx.db.query('DELETE FROM wallet_entries WHERE refunded_package_id = $1 AND refunded_line_id IS NULL', [o.pkg]);
    await audit();
  });

  it('of two sellers’ order: the emptied package takes its shipping fee back and ships no more; the other ships, and a problem’s refund gives back only the rest', async () => {
    const [a, b, buyer] = [await shopper(ctx.app), await shopper(ctx.app), await shopper(ctx.app)];
    const rows = await listings(ctx.db, 2, { notSeller: buyer.id, skip: 30 + skip });
    skip += 2;
    await ctx.db.query('UPDATE listings SET seller_id = $1, price_cents = 2000 WHERE id = $2', [a.id, rows[0]!.id]);
    await ctx.db.query('UPDATE listings SET seller_id = $1, price_cents = 3000 WHERE id = $2', [b.id, rows[1]!.id]);
    await fillBag(ctx.db, buyer.id, [rows[0]!.id, rows[1]!.id]);
    const body = { delivery_option: 'home' };
    const quote = Quote.parse((await inject(ctx.app, 'POST', 'checkout/quote', { token: buyer.token, body })).json());
    // 5 000 + processing 70 + 250 + verification 300 + shipping 2 × 390 + delivery 250.
    expect(quote.total).toBe(66.5);
    const paid = PaymentResult.parse((await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(quote.total, body) })).json());
    const packages = (await ctx.db.query<{ id: number; seller_id: number }>('SELECT id, seller_id FROM order_packages WHERE order_id = $1', [paid.order_id])).rows;
    const pkgOf = (seller: Person) => packages.find((pkg) => pkg.seller_id === seller.id)!.id;
    // What the sales page is told: A may cancel pieces, not the sale (B's package is in the order too).
    const saleOf = async (seller: Person) => Sale.parse((await inject(ctx.app, 'GET', 'sales', { token: seller.token })).json().sales[0]);
    expect(await saleOf(a)).toMatchObject({ can_cancel: false, can_cancel_pieces: true, cancelled_at: null });
    // The whole order is not A's to cancel; the piece is: 2 000 + processing share 128 + 150 + A's shipping 390.
    expect((await inject(ctx.app, 'POST', `sales/${pkgOf(a)}/cancel`, { token: a.token })).json().code).toBe('order_other_sellers');
    const cancelled = PieceCancelResult.parse((await cancelPiece(a, pkgOf(a), rows[0]!.id)).json());
    expect(cancelled).toMatchObject({ refunded: 26.68, taken_back: 20, order_cancelled: false });
    // A's package, its one piece cancelled alone, shows as cancelled (not "to ship"); B's goes on.
    expect(await saleOf(a)).toMatchObject({ status: 'paid', cancelled_at: cancelled.cancelled_at, can_cancel_pieces: false, products: [{ refunded: { amount: 26.68 } }] });
    expect(await saleOf(b)).toMatchObject({ cancelled_at: null, can_cancel_pieces: true });
    expect((await inject(ctx.app, 'POST', `sales/${pkgOf(a)}/shipped`, { token: a.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(409);
    expect((await inject(ctx.app, 'POST', `sales/${pkgOf(b)}/shipped`, { token: b.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(200);
    expect(OrderDetail.parse((await inject(ctx.app, 'GET', `orders/${paid.order_id}`, { token: buyer.token })).json()).status).toBe('shipped');
    await audit();

    expect((await inject(ctx.app, 'POST', `orders/${paid.order_id}/problem`, { token: buyer.token, body: { description: 'Not as described' } })).statusCode).toBe(200);
    const resolved = await ctx.app.inject({ method: 'POST', url: `/api/operator/orders/${paid.order_id}/resolve`, headers: { 'x-operator-key': OPERATOR_KEY }, payload: { resolution: 'refund' } });
    expect(resolved.json()).toMatchObject({ resolution: 'refund', refunded: (6650 - 2668) / 100 });
    expect(await refunds(paid.order_id!)).toEqual({ rows: 2, back: 6650, taken_back: -5000 });
    expect(await wallet(a.token)).toMatchObject({ total_credit: 0, pending: 0, available: 0 });
    expect(await wallet(b.token)).toMatchObject({ total_credit: 0, pending: 0, available: 0 });
    await audit();
  });

  it('not once the package is shipped, nor by another seller, nor for a piece not in the package', async () => {
    const o = await bundleOrder();
    const stranger = await shopper(ctx.app);
    expect((await cancelPiece(stranger, o.pkg, o.piece(4999))).statusCode).toBe(404);
    const other = await bundleOrder(o.seller);
    expect((await cancelPiece(o.seller, o.pkg, other.piece(4999))).statusCode).toBe(404);
    expect((await inject(ctx.app, 'POST', `sales/${o.pkg}/shipped`, { token: o.seller.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(200);
    const late = await cancelPiece(o.seller, o.pkg, o.piece(4999));
    expect([late.statusCode, late.json().code]).toEqual([409, 'order_shipped']);
    expect(await refunds(o.orderId)).toEqual({ rows: 0, back: 0, taken_back: 0 });
    await audit();
  });
});
