import fc from 'fast-check';
import { loadConfig } from '../../config';
import { DELIVERY_OPTIONS } from '@preloved/contract';
import { price, type Discount, type FeeConfig, type SellerTiers } from './pricing';

// The money invariant: a discount code is the marketplace's money and the seller is
// credited the pieces' price less their own bundle discount (wallet.depositSales), so a shopper
// buying their own piece through a second account nets that credit minus what the card paid. Whatever
// the price, the delivery option and the code, that must never be above €0.

// With the hub's verification fee, the largest fees a code may take back (VERIFICATION_MODE=none charges none).
const fees = loadConfig({ VERIFICATION_MODE: 'hub' });

/** What a self-dealing shopper nets on one order, cents: the seller's credit minus the card's charge. */
const selfDealingNet = (pieces: { price_cents: number; seller_id: number }[], option: 'home' | 'pickup', code: Discount | null, config: FeeConfig = fees, tiers?: SellerTiers) => {
  const priced = price(pieces, option, code, config, tiers);
  return priced.subtotal - priced.bundle_discount - priced.total;
};

/** The codes seeded (010_checkout.sql, 017_discount_code_rules.sql) and the shapes a code can take. */
const CODES: Record<string, Discount> = {
  WELCOME10: { percent_off: 10, amount_off_cents: null, max_discount_cents: 1500 },
  PRELOVED5: { percent_off: null, amount_off_cents: 500, max_discount_cents: null },
  SUMMER2025: { percent_off: 15, amount_off_cents: null, max_discount_cents: null },
  'percent 1': { percent_off: 1, amount_off_cents: null },
  'percent 50, capped at €40': { percent_off: 50, amount_off_cents: null, max_discount_cents: 4000 },
  'percent 100': { percent_off: 100, amount_off_cents: null },
  '€0.01 off': { percent_off: null, amount_off_cents: 1 },
  '€20 off': { percent_off: null, amount_off_cents: 2000 },
  '€5 000 off, capped at €100': { percent_off: null, amount_off_cents: 500_000, max_discount_cents: 10_000 },
};

/** Every listing price from €5 to €5 000: each whole euro and the cents beside it (x.01 and x.99). */
function* listingPrices(): Generator<number> {
  for (let euro = 5; euro <= 5000; euro++) {
    yield euro * 100;
    if (euro < 5000) yield euro * 100 + 1;
    if (euro > 5) yield euro * 100 - 1;
  }
}

describe('the money invariant: buying your own piece with a code never pays', () => {
  it.each(Object.entries(CODES))('%s: every listing price €5…€5 000 and every delivery option nets ≤ €0', (_name, code) => {
    let worst = -Infinity;
    for (const cents of listingPrices()) {
      for (const option of DELIVERY_OPTIONS) {
        const net = selfDealingNet([{ price_cents: cents, seller_id: 1 }], option, code);
        if (net > 0) throw new Error(`${cents} cents, ${option}: nets +${net} cents`);
        worst = Math.max(worst, net);
      }
    }
    // The cap bites exactly: somewhere the code is worth every cent of the buyer fees, no more.
    if (code.percent_off === 100 || (code.amount_off_cents ?? 0) >= 2000) expect(worst).toBe(0);
  });

  it('WELCOME10 on €150 with pickup: €13.60 off (the buyer fees), the card pays what the seller is credited', () => {
    const priced = price([{ price_cents: 15_000, seller_id: 1 }], 'pickup', CODES.WELCOME10!, fees);
    expect(priced).toMatchObject({ processing: 820, verification: 150, shipping: 390, delivery: 0, discount: 1360, total: 15_000 });
    // Below the fees the code keeps its whole 10 %: €100 with pickup is €10 off.
    expect(price([{ price_cents: 10_000, seller_id: 1 }], 'pickup', CODES.WELCOME10!, fees).discount).toBe(1000);
  });

  it('holds for bags of several pieces and sellers, bundle tiers, any code shape and any fee configuration', () => {
    const piece = fc.record({ price_cents: fc.integer({ min: 500, max: 500_000 }), seller_id: fc.integer({ min: 1, max: 3 }) });
    const code: fc.Arbitrary<Discount> = fc.oneof(
      fc.record({ percent_off: fc.integer({ min: 1, max: 100 }), amount_off_cents: fc.constant(null), max_discount_cents: fc.option(fc.integer({ min: 1, max: 100_000 })) }),
      fc.record({ percent_off: fc.constant(null), amount_off_cents: fc.integer({ min: 1, max: 1_000_000 }), max_discount_cents: fc.option(fc.integer({ min: 1, max: 100_000 })) }),
    );
    const cents = fc.integer({ min: 0, max: 100_000 });
    const config: fc.Arbitrary<FeeConfig> = fc.record({
      FEE_PROCESSING_FIXED_CENTS: cents,
      FEE_PROCESSING_PERCENT: fc.integer({ min: 0, max: 100 }),
      FEE_VERIFICATION_CENTS_PER_PIECE: cents,
      FEE_SHIPPING_CENTS_PER_PACKAGE: cents,
      FEE_DELIVERY_HOME_CENTS: cents,
      FEE_DELIVERY_PICKUP_CENTS: cents,
    });
    const tier = fc.record({ min_pieces: fc.integer({ min: 2, max: 10 }), percent_off: fc.integer({ min: 1, max: 30 }) });
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.constantFrom(...DELIVERY_OPTIONS), code, config, fc.array(tier, { maxLength: 3 }), (pieces, option, discount, feeConfig, tiers) => {
        const sorted = [...tiers].sort((a, b) => a.min_pieces - b.min_pieces);
        expect(selfDealingNet(pieces, option, discount, feeConfig, new Map([[1, sorted]]))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });
});
