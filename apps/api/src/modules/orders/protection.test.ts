import { OrderDetail, ProblemResult, ResolveResult, Wallet } from '@preloved/contract';
import { testPaymentProvider } from '../payments/test-provider';
import { mailedTestApp, type MailedTestApp, testClock } from '../../test/app';
import { inject, stepUp } from '../../test/checkout';
import { nextTrackingNumber, sale } from '../../test/wallet';
import { decodedBody } from '../../../../../tools/test-support/smtp';

// Funds are released by delivery, not by a click. A tracking number is its carrier's and
// used once; the buyer's "I have a problem" within the protection window holds the credit and tells
// the seller and support; an operator refunds or releases.

const OPERATOR_KEY = 'operator-key-for-tests-0123';
const SUPPORT = 'help@shop.test';
const clock = testClock();
const provider = testPaymentProvider();
let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ OPERATOR_KEY, SUPPORT_EMAIL: SUPPORT }, { clock, paymentProvider: provider }, (store) => ({ ctx, smtp } = store));
beforeEach(() => clock.set(new Date()));

const wallet = async (token: string) => Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token })).json());
const packageOf = async (orderId: number) => (await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [orderId])).rows[0]!.id;
const ship = async (s: Awaited<ReturnType<typeof sale>>, trackingNumber = nextTrackingNumber()) =>
  inject(ctx.app, 'POST', `sales/${await packageOf(s.orderId)}/shipped`, { token: s.seller.token, body: { tracking_number: trackingNumber } });
const resolve = (orderId: number, resolution: string, key: string | null = OPERATOR_KEY) =>
  ctx.app.inject({ method: 'POST', url: `/api/operator/orders/${orderId}/resolve`, headers: key ? { 'x-operator-key': key } : {}, payload: { resolution } });

describe('tracking numbers', () => {
  it('are used once: a number another package has is refused', async () => {
    const number = nextTrackingNumber();
    const first = await sale(ctx.app, ctx.db);
    expect((await ship(first, number)).statusCode).toBe(200);
    const second = await sale(ctx.app, ctx.db);
    const reused = await ship(second, number.toLowerCase());
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ fields: [{ field: 'tracking_number', key: 'tracking_number_used' }] });
    // Correcting one's own package to the same number is no reuse.
    expect((await ship(first, number)).statusCode).toBe(200);
  });
});

describe('the buyer hears of the shipping', () => {
  it('once, in the notifications feed: a corrected number is not news', async () => {
    const s = await sale(ctx.app, ctx.db);
    const shippedEntries = async () =>
      (await inject(ctx.app, 'GET', 'notifications/feed', { token: s.buyer.token })).json<{ notifications: { kind: string; reference: string; link: string }[] }>().notifications.filter((entry) => entry.kind === 'shipped');
    expect(await shippedEntries()).toEqual([]);
    expect((await ship(s)).statusCode).toBe(200);
    expect(await shippedEntries()).toEqual([expect.objectContaining({ reference: s.orderNumber, link: `/user/orders/${s.orderId}` })]);
    expect((await ship(s)).statusCode).toBe(200);
    expect(await shippedEntries()).toHaveLength(1);
  });
});

describe("the buyer's protection", () => {
  it('holds the credit when the buyer reports a problem, and mails the seller (in their language) and support', async () => {
    const s = await sale(ctx.app, ctx.db);
    await ctx.db.query("UPDATE customers SET language = 'pt' WHERE id = $1", [s.seller.id]);
    expect((await ship(s)).statusCode).toBe(200);
    expect((await inject(ctx.app, 'POST', `orders/${s.orderId}/problem`, { token: s.buyer.token, body: { description: ' ' } })).json()).toMatchObject({
      fields: [{ field: 'description', key: 'no_problem_description' }],
    });
    expect((await inject(ctx.app, 'POST', `orders/${s.orderId}/problem`, { token: s.seller.token, body: { description: 'x' } })).statusCode).toBe(404);
    const before = smtp.received.length;
    const reported = await inject(ctx.app, 'POST', `orders/${s.orderId}/problem`, { token: s.buyer.token, body: { description: 'The coat has a torn sleeve.' } });
    expect(reported.statusCode).toBe(200);
    expect(ProblemResult.parse(reported.json())).toMatchObject({ order_id: s.orderId, number: s.orderNumber });
    const toSeller = decodedBody((await smtp.mailTo(s.seller.email, before, /comunicou um problema/)).raw);
    expect(toSeller).toContain(`O comprador da encomenda ${s.orderNumber} comunicou um problema:`);
    expect(toSeller).toContain('The coat has a torn sleeve.');
    expect(toSeller).toContain('O dinheiro desta venda fica retido');
    expect(toSeller).not.toContain('reported a problem');
    const toSupport = decodedBody((await smtp.mailTo(SUPPORT, before, /A problem was reported/)).raw);
    expect(toSupport).toContain(`Buyer: ${s.buyer.email}.`);
    expect(toSupport).not.toContain('comunicou');
    const again = await inject(ctx.app, 'POST', `orders/${s.orderId}/problem`, { token: s.buyer.token, body: { description: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ fields: [{ field: 'description', key: 'problem_already_reported' }] });
    expect(OrderDetail.parse((await inject(ctx.app, 'GET', `orders/${s.orderId}`, { token: s.buyer.token })).json()).problem).toEqual({
      reported_at: ProblemResult.parse(reported.json()).reported_at,
      resolution: null,
      resolved_at: null,
    });

    // Long after the delivery and the window, the credit is still on hold.
    clock.advanceDays(30);
    const held = await wallet(s.seller.token);
    expect(held).toMatchObject({ pending: s.price / 100, available: 0 });
    expect(held.activity[0]).toMatchObject({ status: 'on_hold', available_from: null });
    await stepUp(ctx.app, s.seller.token);
    expect((await inject(ctx.app, 'POST', 'wallet/codes', { token: s.seller.token, body: { amount: 5 } })).json()).toMatchObject({ fields: [{ key: 'insufficient_credit' }] });
    // The seller cannot change the tracking number of a sale under review.
    expect((await ship(s)).statusCode).toBe(409);
  });

  it('is over once a credit of the order is released', async () => {
    const s = await sale(ctx.app, ctx.db);
    await ship(s);
    clock.advanceDays(10);
    expect((await wallet(s.seller.token)).available).toBe(s.price / 100);
    const late = await inject(ctx.app, 'POST', `orders/${s.orderId}/problem`, { token: s.buyer.token, body: { description: 'Too late' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ fields: [{ field: 'description', key: 'problem_window_closed' }] });
  });

  it("lets an operator refund the buyer: the card gets the total back and the seller's deposit is taken back", async () => {
    const s = await sale(ctx.app, ctx.db);
    await ship(s);
    await inject(ctx.app, 'POST', `orders/${s.orderId}/problem`, { token: s.buyer.token, body: { description: 'Never arrived' } });
    expect((await resolve(s.orderId, 'refund', null)).statusCode).toBe(401);
    expect((await resolve(s.orderId, 'refund', 'not-the-operator-key-at-all')).statusCode).toBe(401);
    expect((await resolve(s.orderId, 'keep')).statusCode).toBe(422);
    expect((await resolve(999999, 'refund')).statusCode).toBe(404);

    const mails = smtp.received.length;
    const refunded = await resolve(s.orderId, 'refund');
    expect(refunded.statusCode).toBe(200);
    for (const address of [s.buyer.email, s.seller.email]) {
      const mail = decodedBody((await smtp.mailTo(address, mails, /We have looked into the problem/)).raw);
      expect(mail).toMatch(/the buyer is refunded €\d+\.\d\d to their card/);
      expect(mail).not.toContain('Analisámos');
    }
    const { rows } = await ctx.db.query<{ total_cents: number; payment_reference: string }>('SELECT total_cents, payment_reference FROM orders WHERE id = $1', [s.orderId]);
    expect(ResolveResult.parse(refunded.json())).toMatchObject({ number: s.orderNumber, resolution: 'refund', refunded: rows[0]!.total_cents / 100 });
    expect(provider.ledger.get(rows[0]!.payment_reference)).toMatchObject({ state: 'refunded', refundedCents: rows[0]!.total_cents });
    const after = await wallet(s.seller.token);
    expect(after).toMatchObject({ total_credit: 0, pending: 0, available: 0 });
    expect(after.activity.map((row) => [row.type, row.status, row.amount])).toEqual([
      ['sale_refund', 'refunded', -s.price / 100],
      ['listing_sale_deposit', 'available', s.price / 100],
    ]);
    expect((await resolve(s.orderId, 'release')).statusCode).toBe(409);
  });

  it('lets an operator release the credit to the seller at once', async () => {
    const s = await sale(ctx.app, ctx.db);
    await ship(s);
    await inject(ctx.app, 'POST', `orders/${s.orderId}/problem`, { token: s.buyer.token, body: { description: 'Wrong size' } });
    expect((await wallet(s.seller.token)).available).toBe(0);
    expect(ResolveResult.parse((await resolve(s.orderId, 'release')).json())).toMatchObject({ resolution: 'release', refunded: null });
    expect(await wallet(s.seller.token)).toMatchObject({ pending: 0, available: s.price / 100 });
  });
});
