import fc from 'fast-check';
import { loadConfig } from '../../config';
import { price } from '../checkout/pricing';
import { allocate, lineRefund, type RefundLine } from './line-refunds';

// The rule of a line refunded alone over random orders priced by the checkout's own
// pricing: shares add up exactly, every order of refunding the lines gives back the total to the
// cent, the sellers get back exactly their deposits, and no line gives back more than the buyer paid.

const fees = loadConfig({});

describe('allocate (largest remainder)', () => {
  it('splits to the cent, proportionally, ties to the earlier part', () => {
    expect(allocate(1550, [3333, 4999, 2001])).toEqual([500, 750, 300]);
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(0, [5, 7])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([4, 3]);
  });

  it('always adds up to the total, each part within a cent of its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 12 }), (total, weights) => {
        const parts = allocate(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.forEach((part, i) => expect(Math.abs(part - (total * weights[i]!) / sum)).toBeLessThan(1));
      }),
    );
  });
});

describe('lineRefund over random bundles', () => {
  const piece = fc.record({ price_cents: fc.integer({ min: 100, max: 300_000 }), seller_id: fc.integer({ min: 1, max: 3 }) });
  const tier = fc.integer({ min: 0, max: 30 });
  const code = fc.oneof(
    fc.constant(null),
    fc.record({ percent_off: fc.integer({ min: 1, max: 50 }), amount_off_cents: fc.constant(null), max_discount_cents: fc.option(fc.integer({ min: 100, max: 5000 }), { nil: null }) }),
    fc.record({ percent_off: fc.constant(null), amount_off_cents: fc.integer({ min: 100, max: 20_000 }) }),
  );

  it('refunding every line, in any order, gives back the total and each deposit exactly; no line gives back more than the order', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.tuple(tier, tier, tier), code, fc.boolean(), fc.integer(), (pieces, percents, discount, home, seed) => {
        const tiers = new Map([1, 2, 3].map((seller) => [seller, percents[seller - 1]! > 0 ? [{ min_pieces: 2, percent_off: percents[seller - 1]! }] : []]));
        const priced = price(pieces, home ? 'home' : 'pickup', discount, fees, tiers);
        const sellers = [...new Set(pieces.map((p) => p.seller_id))];
        const packages = sellers.map((seller) => ({ id: seller * 10, bundle_discount_cents: priced.bundles?.find((b) => b.seller_id === seller)?.discount ?? 0 }));
        const lines: RefundLine[] = pieces.map((p, i) => ({ id: i + 1, package_id: p.seller_id * 10, price_cents: p.price_cents }));
        const order = { processing_cents: priced.processing, verification_cents: priced.verification, shipping_cents: priced.shipping, delivery_cents: priced.delivery, discount_cents: priced.discount };
        // A shuffled order of refunds (deterministic from the seed).
        const sequence = [...lines].sort((a, b) => ((a.id * 7919 + seed) % 13) - ((b.id * 7919 + seed) % 13) || a.id - b.id);
        const refunded = new Set<number>();
        let buyer = 0;
        const seller = new Map<number, number>();
        for (const line of sequence) {
          const back = lineRefund(order, packages, lines, refunded, line.id);
          expect(back.buyerCents).toBeGreaterThan(0);
          expect(back.sellerCents).toBeGreaterThan(0);
          expect(back.sellerCents).toBeLessThanOrEqual(line.price_cents);
          buyer += back.buyerCents;
          expect(buyer).toBeLessThanOrEqual(priced.total);
          seller.set(line.package_id, (seller.get(line.package_id) ?? 0) + back.sellerCents);
          refunded.add(line.id);
          expect(back.orderEmptied).toBe(refunded.size === lines.length);
        }
        expect(buyer).toBe(priced.total);
        for (const pkg of packages) {
          const prices = lines.filter((line) => line.package_id === pkg.id).reduce((sum, line) => sum + line.price_cents, 0);
          expect(seller.get(pkg.id)).toBe(prices - pkg.bundle_discount_cents);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a line refunded already or not in the order', () => {
    const order = { processing_cents: 100, verification_cents: 150, shipping_cents: 390, delivery_cents: 0, discount_cents: 0 };
    const lines = [{ id: 1, package_id: 1, price_cents: 1000 }];
    expect(() => lineRefund(order, [{ id: 1, bundle_discount_cents: 0 }], lines, new Set([1]), 1)).toThrow(/refunded already/);
    expect(() => lineRefund(order, [{ id: 1, bundle_discount_cents: 0 }], lines, new Set(), 2)).toThrow(/not in the order/);
  });
});
