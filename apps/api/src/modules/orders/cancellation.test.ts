import { CancelResult, OrderDetail, OrderList, SaleList, Wallet } from '@preloved/contract';
import { auditLedger, formatAudit } from '../wallet/ledger-audit';
import { testPaymentProvider } from '../payments/test-provider';
import { mailedTestApp, type MailedTestApp, testClock } from '../../test/app';
import { inject, shopper } from '../../test/checkout';
import { nextTrackingNumber, sale } from '../../test/wallet';
import { decodedBody } from '../../../../../tools/test-support/smtp';

// An order cancelled before shipping (by its buyer, its seller, or the ship-by
// deadline) is refunded through the payment provider and each seller's pending credit taken back,
// in the ledger, once. (The Stripe adapter's refund: routes/webhooks/stripe.test.ts.)

const OPERATOR_KEY = 'operator-key-for-tests-0123';
const clock = testClock();
const provider = testPaymentProvider();
let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ OPERATOR_KEY }, { clock, paymentProvider: provider }, (store) => ({ ctx, smtp } = store));
beforeEach(() => clock.set(new Date()));

const wallet = async (token: string) => Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token })).json());
const packageOf = async (orderId: number) => (await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [orderId])).rows[0]!.id;
const refundRows = async (orderId: number) =>
  (
    await ctx.db.query<{ payments: number; paid_back: number; sale_refunds: number; taken_back: number }>(
      `SELECT (SELECT count(*)::int FROM payment_refunds WHERE order_id = $1) AS payments,
              (SELECT coalesce(sum(amount_cents), 0)::int FROM payment_refunds WHERE order_id = $1) AS paid_back,
              (SELECT count(*)::int FROM wallet_entries e JOIN order_packages k ON k.id = e.refunded_package_id WHERE k.order_id = $1) AS sale_refunds,
              (SELECT coalesce(sum(e.amount_cents), 0)::int FROM wallet_entries e JOIN order_packages k ON k.id = e.refunded_package_id WHERE k.order_id = $1) AS taken_back`,
      [orderId],
    )
  ).rows[0]!;
const orderTotal = async (orderId: number) => (await ctx.db.query<{ total_cents: number; payment_reference: string }>('SELECT total_cents, payment_reference FROM orders WHERE id = $1', [orderId])).rows[0]!;
const audit = async () => {
  const report = await auditLedger(ctx.db, ctx.config, ctx.app.carriers, clock.now());
  if (!report.ok) throw new Error(formatAudit(report, 'test'));
  return report;
};

describe('the test provider stays the default', () => {
  it('the payment page shows the card form, and the Content Security Policy lets no Stripe in', async () => {
    const options = await inject(ctx.app, 'GET', 'checkout/payment-options');
    expect(options.json()).toEqual({ provider: 'test', publishable_key: null });
    expect(String(options.headers['content-security-policy'])).not.toContain('stripe.com');
  });
});

describe('cancelling an order before it ships', () => {
  it('by the buyer: the whole total refunded through the provider and the seller’s pending credit taken back, once; both told, each in their language', async () => {
    const s = await sale(ctx.app, ctx.db);
    // The seller reads the store in Portuguese; the buyer paid in English.
    await ctx.db.query("UPDATE customers SET language = 'pt' WHERE id = $1", [s.seller.id]);
    expect(await wallet(s.seller.token)).toMatchObject({ total_credit: s.price / 100, pending: s.price / 100, available: 0 });
    const { total_cents, payment_reference } = await orderTotal(s.orderId);
    const before = smtp.received.length;
    const cancelled = await inject(ctx.app, 'POST', `orders/${s.orderId}/cancel`, { token: s.buyer.token });
    expect(cancelled.statusCode).toBe(200);
    expect(CancelResult.parse(cancelled.json())).toMatchObject({ number: s.orderNumber, cancelled_by: 'buyer', refunded: total_cents / 100 });
    expect(provider.ledger.get(payment_reference)).toMatchObject({ state: 'refunded', refundedCents: total_cents });
    expect(await wallet(s.seller.token)).toMatchObject({ total_credit: 0, pending: 0, available: 0 });
    // Again, by the buyer or the seller: refused, and nothing more is refunded or taken back.
    const again = await inject(ctx.app, 'POST', `orders/${s.orderId}/cancel`, { token: s.buyer.token });
    const bySeller = await inject(ctx.app, 'POST', `sales/${await packageOf(s.orderId)}/cancel`, { token: s.seller.token });
    expect([again.statusCode, bySeller.statusCode]).toEqual([409, 409]);
    expect(await refundRows(s.orderId)).toEqual({ payments: 1, paid_back: total_cents, sale_refunds: 1, taken_back: -s.price });
    await audit();
    const toBuyer = decodedBody((await smtp.mailTo(s.buyer.email, before, new RegExp(`Order ${s.orderNumber} is cancelled`))).raw);
    const toSeller = decodedBody((await smtp.mailTo(s.seller.email, before, new RegExp(`A encomenda ${s.orderNumber} foi cancelada`))).raw);
    expect(toBuyer).toContain(`Order ${s.orderNumber} was cancelled at the buyer’s request.`);
    expect(toBuyer).toContain(`The buyer is refunded €${(total_cents / 100).toFixed(2)} to the original payment method`);
    expect(toBuyer).not.toContain('encomenda');
    expect(toSeller).toContain(`A encomenda ${s.orderNumber} foi cancelada a pedido do comprador.`);
    expect(toSeller.replace(/\s/g, ' ')).toContain(`O comprador é reembolsado de ${(total_cents / 100).toFixed(2).replace('.', ',')} €`);
    expect(toSeller).not.toContain('Order ');
  });

  it('the buyer and the seller at the same moment: one cancellation, one refund', async () => {
    const s = await sale(ctx.app, ctx.db);
    const pkg = await packageOf(s.orderId);
    const answers = await Promise.all([
      inject(ctx.app, 'POST', `orders/${s.orderId}/cancel`, { token: s.buyer.token }),
      inject(ctx.app, 'POST', `sales/${pkg}/cancel`, { token: s.seller.token }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await refundRows(s.orderId)).payments).toBe(1);
    await audit();
  });

  it('by the seller of its one package; not once it is shipped, nor by anyone else', async () => {
    const s = await sale(ctx.app, ctx.db);
    const pkg = await packageOf(s.orderId);
    const stranger = await shopper(ctx.app);
    expect((await inject(ctx.app, 'POST', `orders/${s.orderId}/cancel`, { token: stranger.token })).statusCode).toBe(404);
    expect((await inject(ctx.app, 'POST', `sales/${pkg}/cancel`, { token: stranger.token })).statusCode).toBe(404);
    const cancelled = await inject(ctx.app, 'POST', `sales/${pkg}/cancel`, { token: s.seller.token });
    expect(cancelled.json()).toMatchObject({ cancelled_by: 'seller' });
    // A cancelled order's package cannot be shipped after.
    const ship = await inject(ctx.app, 'POST', `sales/${pkg}/shipped`, { token: s.seller.token, body: { tracking_number: nextTrackingNumber() } });
    expect(ship.statusCode).toBe(409);

    const shipped = await sale(ctx.app, ctx.db);
    const shippedPkg = await packageOf(shipped.orderId);
    expect((await inject(ctx.app, 'POST', `sales/${shippedPkg}/shipped`, { token: shipped.seller.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(200);
    const late = await inject(ctx.app, 'POST', `orders/${shipped.orderId}/cancel`, { token: shipped.buyer.token });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('order_shipped');
    expect(await refundRows(shipped.orderId)).toEqual({ payments: 0, paid_back: 0, sale_refunds: 0, taken_back: 0 });
    await audit();
  });

  it('the order and the sale say whether they may still be cancelled, and once cancelled say so with what went back (what the pages show)', async () => {
    const s = await sale(ctx.app, ctx.db);
    const pkg = await packageOf(s.orderId);
    const order = async () => OrderDetail.parse((await inject(ctx.app, 'GET', `orders/${s.orderId}`, { token: s.buyer.token })).json());
    const listed = async () => OrderList.parse((await inject(ctx.app, 'GET', 'orders', { token: s.buyer.token })).json()).orders.find((row) => row.id === s.orderId)!;
    const theSale = async () => SaleList.parse((await inject(ctx.app, 'GET', 'sales', { token: s.seller.token })).json()).sales.find((row) => row.id === pkg)!;
    expect(await order()).toMatchObject({ can_cancel: true, cancelled: null });
    expect(await theSale()).toMatchObject({ can_cancel: true, can_cancel_pieces: true, cancelled_at: null });
    const { total_cents } = await orderTotal(s.orderId);
    const cancelled = CancelResult.parse((await inject(ctx.app, 'POST', `orders/${s.orderId}/cancel`, { token: s.buyer.token })).json());
    const expected = { by: 'buyer', date: cancelled.cancelled_at, refunded: total_cents / 100 };
    expect(await order()).toMatchObject({ can_cancel: false, cancelled: expected });
    expect((await listed()).cancelled).toEqual(expected);
    expect(await theSale()).toMatchObject({ can_cancel: false, can_cancel_pieces: false, cancelled_at: cancelled.cancelled_at });

    // Shipped: neither may cancel any more.
    const shipped = await sale(ctx.app, ctx.db);
    const shippedPkg = await packageOf(shipped.orderId);
    expect((await inject(ctx.app, 'POST', `sales/${shippedPkg}/shipped`, { token: shipped.seller.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(200);
    expect(OrderDetail.parse((await inject(ctx.app, 'GET', `orders/${shipped.orderId}`, { token: shipped.buyer.token })).json())).toMatchObject({ can_cancel: false, cancelled: null });
    const shippedSale = SaleList.parse((await inject(ctx.app, 'GET', 'sales', { token: shipped.seller.token })).json()).sales.find((row) => row.id === shippedPkg)!;
    expect(shippedSale).toMatchObject({ can_cancel: false, can_cancel_pieces: false, cancelled_at: null });
  });

  it('by the ship-by deadline: an order not shipped by its date is cancelled and refunded, once; a shipped one is not', async () => {
    const overdue = await sale(ctx.app, ctx.db);
    const shipped = await sale(ctx.app, ctx.db);
    expect((await inject(ctx.app, 'POST', `sales/${await packageOf(shipped.orderId)}/shipped`, { token: shipped.seller.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(200);
    const sweep = () => ctx.app.inject({ method: 'POST', url: '/api/operator/orders/cancel-overdue', headers: { 'x-operator-key': OPERATOR_KEY } });
    expect((await sweep()).json<{ cancelled: string[] }>().cancelled).not.toContain(overdue.orderNumber);
    clock.advanceDays(14);
    const first = (await sweep()).json<{ cancelled: string[] }>().cancelled;
    expect(first).toContain(overdue.orderNumber);
    expect(first).not.toContain(shipped.orderNumber);
    expect((await sweep()).json<{ cancelled: string[] }>().cancelled).not.toContain(overdue.orderNumber);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/operator/orders/cancel-overdue' })).statusCode).toBe(401);
    const { total_cents } = await orderTotal(overdue.orderId);
    expect(await refundRows(overdue.orderId)).toEqual({ payments: 1, paid_back: total_cents, sale_refunds: 1, taken_back: -overdue.price });
    const { rows } = await ctx.db.query('SELECT cancelled_by FROM orders WHERE id = $1', [overdue.orderId]);
    expect(rows).toEqual([{ cancelled_by: 'ship_by' }]);
    expect(await wallet(overdue.seller.token)).toMatchObject({ total_credit: 0, pending: 0, available: 0 });
    await audit();
  });
});
