import fc from 'fast-check';
import { Wallet } from '@preloved/contract';
import { inject, proveEmail, shopper, stepUp } from '../../test/checkout';
import { testAppForFile, type TestApp, testClock } from '../../test/app';
import { deliver, IBAN, sale } from '../../test/wallet';
import { balances, transferSplit } from './ledger';

// The ledger's invariants over random histories of sales (confirmed, only shipped, or not shipped),
// bank transfers and discount codes (valid and invalid amounts) and the passing of time, on the real
// API and database: the credit is the sum of the rows, never negative, total = pending + available,
// a withdrawal is accepted exactly when it is within its bounds and the available credit, and takes
// exactly its amount, to the cent.

const clock = testClock();
let ctx: TestApp;
// A new IBAN's 48-hour hold is payout-safety.test.ts's: here transfers go to it at once.
testAppForFile({ IBAN_HOLD_HOURS: '0' }, { clock }, (started) => (ctx = started));

const cents = (euros: number) => Math.round(euros * 100);

type Op =
  | { kind: 'sale'; price: number; then: 'nothing' | 'shipped' | 'received' }
  | { kind: 'transfer' | 'code'; amount: number }
  | { kind: 'time'; days: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), price: fc.integer({ min: 500, max: 60_000 }), then: fc.constantFrom('nothing' as const, 'shipped' as const, 'received' as const) }),
  fc.record({ kind: fc.constantFrom('transfer' as const, 'code' as const), amount: fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: -100, max: 600_000 })) }),
  fc.record({ kind: fc.constant('time' as const), days: fc.integer({ min: 1, max: 12 }) }),
);

describe('the ledger', () => {
  it('keeps its invariants over random sequences of sales, transfers, codes and days passing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 7 }), async (ops) => {
        clock.set(new Date());
        const seller = await shopper(ctx.app);
        await proveEmail(ctx.db, seller.id);
        await stepUp(ctx.app, seller.token);
        await inject(ctx.app, 'PUT', 'customers/payout', { token: seller.token, body: { method: 'wallet', iban: IBAN } });
        let expectedTotal = 0;
        for (const step of ops) {
          const before = Wallet.parse((await inject(ctx.app, 'GET', 'wallet?limit=60', { token: seller.token })).json());
          if (step.kind === 'sale') {
            const s = await sale(ctx.app, ctx.db, { seller, price: step.price });
            if (step.then !== 'nothing') await deliver(ctx.app, s, { received: step.then === 'received' });
            expectedTotal += step.price;
          } else if (step.kind === 'time') {
            clock.advanceDays(step.days);
          } else {
            const bounds = step.kind === 'transfer' ? [1000, 500_000] : [500, 100_000];
            await stepUp(ctx.app, seller.token);
            const response = await inject(ctx.app, 'POST', step.kind === 'transfer' ? 'wallet/transfers' : 'wallet/codes', { token: seller.token, body: { amount: step.amount / 100 } });
            const fits = step.amount >= bounds[0]! && step.amount <= bounds[1]! && step.amount <= cents(before.available);
            expect(response.statusCode).toBe(fits ? 200 : 422);
            if (fits) {
              expectedTotal -= step.amount;
              const after = Wallet.parse(step.kind === 'transfer' ? response.json() : response.json().wallet);
              const taken = after.activity.slice(0, after.count - before.count).reduce((sum, row) => sum + cents(row.amount), 0);
              expect(taken).toBe(-step.amount);
              if (step.kind === 'transfer') {
                const { paid, fee } = transferSplit(step.amount, 97);
                expect(after.activity.find((row) => row.type === 'bank_transfer')!.amount).toBe(-paid / 100);
                if (fee) expect(after.activity.find((row) => row.type === 'transaction_fee')!.amount).toBe(-fee / 100);
              }
            }
          }
          const wallet = Wallet.parse((await inject(ctx.app, 'GET', 'wallet?limit=60', { token: seller.token })).json());
          const { rows } = await ctx.db.query<{ sum: number | null }>('SELECT sum(amount_cents)::int AS sum FROM wallet_entries WHERE customer_id = $1', [seller.id]);
          expect(cents(wallet.total_credit)).toBe(expectedTotal);
          expect(rows[0]!.sum ?? 0).toBe(expectedTotal);
          expect(wallet.activity.reduce((sum, row) => sum + cents(row.amount), 0)).toBe(expectedTotal);
          expect(cents(wallet.pending) + cents(wallet.available)).toBe(expectedTotal);
          expect(wallet.available).toBeGreaterThanOrEqual(0);
          expect(wallet.pending).toBeGreaterThanOrEqual(0);
          // Time only ever frees credit: what was available stays available unless it was spent.
          if (step.kind === 'sale' || step.kind === 'time') expect(wallet.available).toBeGreaterThanOrEqual(before.available);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('splits balances so that total = pending + available for any rows and any moment', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount_cents: fc.integer({ min: 1, max: 1_000_000 }), deposit: fc.boolean(), at: fc.option(fc.integer({ min: 0, max: 1e6 })) })),
        fc.integer({ min: 0, max: 1e6 }),
        (rows, now) => {
          const ledger = rows.map((row) => ({
            amount_cents: row.deposit ? row.amount_cents : -row.amount_cents,
            deposit: row.deposit,
            available_from: row.deposit && row.at !== null ? new Date(row.at) : row.deposit ? null : undefined,
          }));
          const result = balances(ledger, new Date(now));
          expect(result.pending + result.available).toBe(result.total);
          expect(result.pending).toBeGreaterThanOrEqual(0);
          expect(balances(ledger, new Date(now + 1)).pending).toBeLessThanOrEqual(result.pending);
        },
      ),
    );
  });

  it('splits a bank transfer into what is paid and the fee, adding up to the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 100 }), (amount, percent) => {
        const { paid, fee } = transferSplit(amount, percent);
        expect(paid + fee).toBe(amount);
        expect(paid).toBeGreaterThanOrEqual(0);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(paid) && Number.isInteger(fee)).toBe(true);
      }),
    );
  });
});
