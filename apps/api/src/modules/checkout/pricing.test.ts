import { buyerProtectionCents, bundleDiscounts } from '@preloved/contract';
import { loadConfig } from '../../config';
import { euros } from '../../core/money';
import { deliveryPrices, discountCents, feeRates, price } from './pricing';

// The store that checks pieces at its hub charges the verification fee (VERIFICATION_MODE=none charges none).
const fees = loadConfig({ VERIFICATION_MODE: 'hub' });
const piece = (price_cents: number, seller_id: number) => ({ price_cents, seller_id });

describe('checkout pricing', () => {
  it('charges processing (fixed + 5 %), verification per piece, shipping per seller and home delivery by default', () => {
    const priced = price([piece(2000, 1), piece(3000, 1), piece(1000, 2)], 'home', null, fees);
    expect(priced).toEqual({
      subtotal: 6000,
      processing: 70 + 300,
      verification: 3 * 150,
      shipping: 2 * 390,
      delivery: 250,
      discount: 0,
      bundle_discount: 0,
      total: 6000 + 370 + 450 + 780 + 250,
      packages: 2,
      bundles: [],
    });
  });

  it('delivers to a pickup point for free and takes discounts off the subtotal only', () => {
    const priced = price([piece(4999, 1)], 'pickup', { percent_off: 10, amount_off_cents: null }, fees);
    expect(priced.delivery).toBe(0);
    expect(priced.discount).toBe(500);
    expect(priced.total).toBe(4999 + 70 + 250 + 150 + 390 - 500);
  });

  it('never gives a fixed discount above the subtotal', () => {
    expect(discountCents(300, { percent_off: null, amount_off_cents: 500 })).toBe(300);
    expect(discountCents(300, null)).toBe(0);
  });

  it("never takes off more than the code's cap (WELCOME10: 10 %, at most €15)", () => {
    expect(discountCents(500_000, { percent_off: 10, amount_off_cents: null, max_discount_cents: 1500 })).toBe(1500);
    expect(discountCents(10_000, { percent_off: 10, amount_off_cents: null, max_discount_cents: 1500 })).toBe(1000);
  });

  it('follows the configuration', () => {
    const free = loadConfig({ FEE_PROCESSING_FIXED_CENTS: '0', FEE_PROCESSING_PERCENT: '0', FEE_VERIFICATION_CENTS_PER_PIECE: '0', FEE_SHIPPING_CENTS_PER_PACKAGE: '0', FEE_DELIVERY_HOME_CENTS: '0' });
    expect(price([piece(1234, 1)], 'home', null, free).total).toBe(1234);
  });

  it('writes cents as euros with 2 decimals', () => {
    expect(euros(1999)).toBe(19.99);
    expect(euros(5)).toBe(0.05);
  });

  it("a piece's Buyer Protection (the product page's all-in price) is the one-piece order's processing and verification", () => {
    // The issue's €19 T-shirt: €0.70 + €0.95 processing, €1.50 verification.
    expect(buyerProtectionCents(1900, feeRates(fees))).toBe(70 + 95 + 150);
    for (const cents of [500, 1999, 4999, 123_456]) {
      const one = price([piece(cents, 9)], 'home', null, fees);
      expect(cents + buyerProtectionCents(cents, feeRates(fees))).toBe(one.total - one.shipping - one.delivery);
    }
  });

  it("each delivery option's price is the packages' shipping plus the option's delivery", () => {
    const pieces = [piece(2000, 1), piece(3000, 2)];
    expect(deliveryPrices(pieces, fees)).toEqual({ home: 2 * 390 + 250, pickup: 2 * 390 });
    for (const option of ['home', 'pickup'] as const) {
      const priced = price(pieces, option, null, fees);
      expect(priced.subtotal + priced.processing + priced.verification + deliveryPrices(pieces, fees)[option]).toBe(priced.total);
    }
  });
});

describe('bundles', () => {
  const tiers = new Map([[1, [{ min_pieces: 2, percent_off: 5 }, { min_pieces: 3, percent_off: 10 }, { min_pieces: 5, percent_off: 15 }]]]);

  it("one seller's pieces are one package: one shipping fee, and the best tier the package reaches off its pieces", () => {
    const priced = price([piece(2000, 1), piece(3000, 1), piece(1000, 1)], 'home', null, fees, tiers);
    expect(priced.packages).toBe(1);
    expect(priced.shipping).toBe(390);
    expect(priced.bundles).toEqual([{ seller_id: 1, pieces: 3, percent: 10, discount: 600 }]);
    expect(priced.total).toBe(6000 + priced.processing + priced.verification + 390 + 250 - 600);
  });

  it("a package below every tier, or of a seller without tiers, gets no bundle line", () => {
    expect(bundleDiscounts([piece(2000, 1), piece(3000, 2), piece(3000, 2)], (sellerId) => tiers.get(sellerId) ?? [])).toEqual([]);
    expect(price([piece(2000, 1)], 'home', null, fees, tiers).bundle_discount).toBe(0);
  });

  it('each package is discounted on its own and rounded to the cent; a code applies to what is left', () => {
    const both = new Map([...tiers, [2, [{ min_pieces: 2, percent_off: 30 }]]]);
    const priced = price([piece(3333, 1), piece(4999, 1), piece(1001, 2), piece(999, 2)], 'pickup', { percent_off: 10, amount_off_cents: null }, fees, both);
    expect(priced.bundles).toEqual([
      { seller_id: 1, pieces: 2, percent: 5, discount: 417 },
      { seller_id: 2, pieces: 2, percent: 30, discount: 600 },
    ]);
    expect(priced.bundle_discount).toBe(1017);
    expect(priced.discount).toBe(Math.round((10_332 - 1017) / 10));
    // A fixed code as large as the pieces takes off at most the buyer fees: the total
    // never falls below what the seller is credited (the pieces less their bundle discount).
    const all = price([piece(1000, 2), piece(1000, 2)], 'pickup', { percent_off: null, amount_off_cents: 5000 }, fees, both);
    expect(all.discount).toBe(all.processing + all.verification + all.shipping);
    expect(all.total).toBe(2000 - all.bundle_discount);
  });
});
