import { DEFAULT_FEE_RATES, buyerFees, buyerProtectionCents, sellingAmounts, sellingFeesOf, type FeeRates } from './fees';

const piece = (price_cents: number, seller_id = 1) => ({ price_cents, seller_id });

describe('the buyer’s fee lines', () => {
  it('are processing (fixed + a share), verification per piece, shipping per seller and the option’s delivery', () => {
    expect(buyerFees([piece(2000), piece(3000), piece(1000, 2)], 'home', DEFAULT_FEE_RATES)).toEqual({
      subtotal: 6000,
      processing: 70 + 300,
      verification: 3 * 150,
      shipping: 2 * 390,
      delivery: 250,
      packages: 2,
    });
  });

  it('give a piece’s Buyer Protection as its processing and verification', () => {
    expect(buyerProtectionCents(1900, DEFAULT_FEE_RATES)).toBe(70 + 95 + 150);
  });

  it('make the seller’s “buyer pays” what the checkout charges for that piece sent to a pickup point, whatever the pickup point costs', () => {
    for (const pickup of [0, 199]) {
      const rates: FeeRates = { ...DEFAULT_FEE_RATES, pickup_delivery_cents: pickup };
      const checkout = buyerFees([piece(10_000)], 'pickup', rates);
      const { youReceiveCents, buyerPaysCents } = sellingAmounts(10_000, sellingFeesOf(rates));
      expect(youReceiveCents).toBe(10_000);
      expect(buyerPaysCents).toBe(10_000 + checkout.processing + checkout.verification + checkout.shipping + checkout.delivery);
    }
    // 100 + 0.70 + 5.00 processing + 1.50 verification + 3.90 shipping + 1.99 to the pickup point.
    expect(sellingAmounts(10_000, sellingFeesOf({ ...DEFAULT_FEE_RATES, pickup_delivery_cents: 199 })).buyerPaysCents).toBe(11_309);
  });
});
