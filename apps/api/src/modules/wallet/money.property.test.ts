import fc from 'fast-check';
import { PaymentResult } from '@preloved/contract';
import { testApp, testClock } from '../../test/app';
import { fillBag, inject, key, listings, payment, proveEmail, shopper, stepUp } from '../../test/checkout';
import { IBAN, nextTrackingNumber, giveTaxData } from '../../test/wallet';
import { auditLedger, formatAudit } from './ledger-audit';

// Random sequences of what moves money in the store (orders with and without codes,
// shipping, receipts, problems refunded or released, transfers, wallet codes, days passing), with the
// ledger audit run after every step: whatever the order of events, every cent stays accounted for.

const OPERATOR_KEY = 'operator-key-for-property-test';
const clock = testClock();
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  // A new IBAN's 48-hour hold is payout-safety.test.ts's: here transfers go to it at once.
  ctx = await testApp({ OPERATOR_KEY, IBAN_HOLD_HOURS: '0' }, { clock });
});
afterAll(() => ctx.close());

type Op =
  | { kind: 'order'; price: number; code: 'WELCOME10' | 'PRELOVED5' | null; buyer: 0 | 1 | 'guest'; seller: 0 | 1 }
  | { kind: 'ship'; pick: number }
  | { kind: 'received' | 'problem'; pick: number }
  | { kind: 'resolve'; pick: number; resolution: 'refund' | 'release' }
  | { kind: 'transfer' | 'code'; seller: 0 | 1; share: number }
  | { kind: 'time'; hours: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      price: fc.integer({ min: 500, max: 500_000 }),
      code: fc.constantFrom('WELCOME10' as const, 'PRELOVED5' as const, null),
      buyer: fc.constantFrom(0 as const, 1 as const, 'guest' as const),
      seller: fc.constantFrom(0 as const, 1 as const),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('ship' as const), pick: fc.nat(20) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constantFrom('received' as const, 'problem' as const), pick: fc.nat(20) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('resolve' as const), pick: fc.nat(20), resolution: fc.constantFrom('refund' as const, 'release' as const) }), weight: 1 },
  // A share (in %) of the seller's available credit: mostly within it, sometimes above.
  { arbitrary: fc.record({ kind: fc.constantFrom('transfer' as const, 'code' as const), seller: fc.constantFrom(0 as const, 1 as const), share: fc.integer({ min: 1, max: 200 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 200 }) }), weight: 3 },
);

let skip = 0;
let guests = 0;

it('keeps every cent accounted for after each step of random histories', async () => {
  await fc.assert(
    // The clock only moves on, across runs too: time never runs backwards in a store.
    fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 24 }), async (ops) => {
      const sellers = [await shopper(ctx.app), await shopper(ctx.app)];
      const buyers = [await shopper(ctx.app), await shopper(ctx.app)];
      for (const seller of sellers) {
        await proveEmail(ctx.db, seller.id);
        await stepUp(ctx.app, seller.token);
        await inject(ctx.app, 'PUT', 'customers/payout', { token: seller.token, body: { method: 'wallet', iban: IBAN } });
        // Orders of up to €5 000 pass the DAC7 threshold: the sellers' tax data is in, so only the wallet's own rules refuse money out (modules/tax).
        await giveTaxData(ctx.app, seller.token);
      }
      const orders: { id: number; seller: (typeof sellers)[number]; buyerToken: string | null; packageId: number; shipped: boolean }[] = [];
      // Shipping picks among unshipped orders and the buyer's steps among shipped ones, so histories reach releases.
      const pick = (n: number, shipped?: boolean) => {
        const among = shipped === undefined ? orders : orders.filter((order) => order.shipped === shipped);
        return among[n % Math.max(among.length, 1)];
      };
      for (const step of ops) {
        if (step.kind === 'order') {
          const seller = sellers[step.seller]!;
          const [piece] = await listings(ctx.db, 1, { skip: skip++ % 150 });
          if (!piece) continue;
          await ctx.db.query('UPDATE listings SET seller_id = $1, price_cents = $2 WHERE id = $3', [seller.id, step.price, piece.id]);
          const buyer = step.buyer === 'guest' ? null : buyers[step.buyer]!;
          const body = { delivery_option: 'pickup', pickup_point_id: 1, ...(step.code ? { discount_code: step.code } : {}), ...(buyer ? {} : { cart: [piece.id] }) };
          if (buyer) await fillBag(ctx.db, buyer.id, [piece.id]);
          const quote = await inject(ctx.app, 'POST', 'checkout/quote', { token: buyer?.token, body });
          if (quote.statusCode === 200) {
            const email = buyer ? {} : { email: `guest${guests++ % 3}@example.com` };
            const paid = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer?.token, idempotencyKey: key(), body: payment(quote.json<{ total: number }>().total, { ...body, ...email }) });
            expect([200, 422]).toContain(paid.statusCode);
            if (paid.statusCode === 200) {
              const order = PaymentResult.parse(paid.json());
              const pkg = await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [order.order_id]);
              orders.push({ id: order.order_id!, seller, buyerToken: buyer?.token ?? null, packageId: pkg.rows[0]!.id, shipped: false });
            }
          } else expect(quote.statusCode).toBe(422);
          if (buyer) await ctx.db.query('DELETE FROM bag_lines WHERE customer_id = $1', [buyer.id]);
        } else if (step.kind === 'ship') {
          const order = pick(step.pick, false);
          if (order) {
            const answer = await inject(ctx.app, 'POST', `sales/${order.packageId}/shipped`, { token: order.seller.token, body: { tracking_number: nextTrackingNumber() } });
            expect([200, 409]).toContain(answer.statusCode);
            order.shipped = true;
          }
        } else if (step.kind === 'received' || step.kind === 'problem') {
          const order = pick(step.pick, step.kind === 'received' ? true : undefined);
          if (order?.buyerToken) {
            const answer = await inject(ctx.app, 'POST', `orders/${order.id}/${step.kind}`, { token: order.buyerToken, body: step.kind === 'problem' ? { description: 'Not as described' } : undefined });
            expect([200, 409]).toContain(answer.statusCode);
          }
        } else if (step.kind === 'resolve') {
          const order = pick(step.pick);
          if (order) {
            const answer = await ctx.app.inject({ method: 'POST', url: `/api/operator/orders/${order.id}/resolve`, headers: { 'x-operator-key': OPERATOR_KEY }, payload: { resolution: step.resolution } });
            expect([200, 409]).toContain(answer.statusCode);
          }
        } else if (step.kind === 'transfer' || step.kind === 'code') {
          const seller = sellers[step.seller]!;
          const available = (await inject(ctx.app, 'GET', 'wallet', { token: seller.token })).json<{ available: number }>().available;
          const amount = Math.max(500, Math.min(100_000, Math.round((available * step.share) / 100) * 100)) / 100;
          await stepUp(ctx.app, seller.token);
          const answer = await inject(ctx.app, 'POST', step.kind === 'transfer' ? 'wallet/transfers' : 'wallet/codes', { token: seller.token, body: { amount } });
          expect([200, 422]).toContain(answer.statusCode);
        } else if (step.kind === 'time') {
          clock.advance(step.hours * 3600 * 1000);
        }
        const report = await auditLedger(ctx.db, ctx.config, ctx.app.carriers, clock.now());
        if (!report.ok) throw new Error(`after ${JSON.stringify(step)}:\n${formatAudit(report, ctx.db.engine)}`);
      }
    }),
    { numRuns: 12 },
  );
  // 12 random histories with an audit after each step: 30 s alone on PGlite, near the default 60 s on
  // PostgreSQL on a loaded machine (and the two engines' runs share the CI's two cores).
}, 240_000);

it('finds a mismatch: a deposit written above its sale, and a withdrawal before the credit was released', async () => {
  const seller = await shopper(ctx.app);
  const buyer = await shopper(ctx.app);
  const [piece] = await listings(ctx.db, 1, { skip: 170 });
  await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
  await fillBag(ctx.db, buyer.id, [piece!.id]);
  const quote = await inject(ctx.app, 'POST', 'checkout/quote', { token: buyer.token, body: { delivery_option: 'home' } });
  const paid = PaymentResult.parse((await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(quote.json<{ total: number }>().total) })).json());
  expect((await auditLedger(ctx.db, ctx.config, ctx.app.carriers, clock.now())).ok).toBe(true);
  // What the wash trade did, written straight into the ledger: credit more than the sale, spend it unreleased.
  await ctx.db.query(
    `UPDATE wallet_entries SET amount_cents = amount_cents + 100 WHERE package_id = (SELECT id FROM order_packages WHERE order_id = $1)`,
    [paid.order_id],
  );
  await ctx.db.query(`INSERT INTO wallet_entries (customer_id, type, amount_cents, reference, created_at) VALUES ($1, 'bank_transfer', -500, 'BT-TEST', $2)`, [seller.id, clock.now()]);
  const report = await auditLedger(ctx.db, ctx.config, ctx.app.carriers, clock.now());
  expect(report.ok).toBe(false);
  expect(report.mismatches).toEqual(
    expect.arrayContaining([expect.stringMatching(/^package \d+ of order PO-\d+: 1 deposits of \d+, its pieces \d+$/), expect.stringMatching(/bank_transfer BT-TEST .* took €5\.00, €0\.00 was available/)]),
  );
  await ctx.db.query(`DELETE FROM wallet_entries WHERE reference = 'BT-TEST'`);
  await ctx.db.query(`UPDATE wallet_entries SET amount_cents = amount_cents - 100 WHERE package_id = (SELECT id FROM order_packages WHERE order_id = $1)`, [paid.order_id]);
});
