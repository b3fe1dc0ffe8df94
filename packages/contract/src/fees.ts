// The buyer's fee lines (spec §9), worked out once for the checkout's price, the product page's all-in
// price, a seller's "buyer pays" and the tests' fixtures: with two copies they disagreed as soon as a
// pickup point's delivery cost something. Integer cents; no zod here (the browser's first load).

/** The fee settings, cents (the processing share in percent): the API's FEE_* configuration. */
export interface FeeRates {
  /** Processing: a fixed part plus a share of the pieces' prices (buyer protection and card costs). */
  processing_fixed_cents: number;
  processing_percent: number;
  /** Per piece: the brand checks each one. */
  verification_cents: number;
  /** Per package: a seller's pieces travel together. */
  shipping_cents: number;
  /** The delivery option's cost. */
  home_delivery_cents: number;
  pickup_delivery_cents: number;
}

/** The API's defaults (its FEE_* settings default to these; the README gives the reasons). */
export const DEFAULT_FEE_RATES: FeeRates = {
  processing_fixed_cents: 70,
  processing_percent: 5,
  verification_cents: 150,
  shipping_cents: 390,
  home_delivery_cents: 250,
  pickup_delivery_cents: 0,
};

export type FeeDeliveryOption = 'home' | 'pickup';

export interface BuyerFees {
  subtotal: number;
  processing: number;
  verification: number;
  shipping: number;
  delivery: number;
  /** One per seller. */
  packages: number;
}

/** The fee lines of pieces (cents, with their sellers) sent to `option`, before any discount. */
export function buyerFees(pieces: readonly { price_cents: number; seller_id: number }[], option: FeeDeliveryOption, rates: FeeRates): BuyerFees {
  const subtotal = pieces.reduce((sum, piece) => sum + piece.price_cents, 0);
  const packages = new Set(pieces.map((piece) => piece.seller_id)).size;
  return {
    subtotal,
    processing: rates.processing_fixed_cents + Math.round((subtotal * rates.processing_percent) / 100),
    verification: rates.verification_cents * pieces.length,
    shipping: rates.shipping_cents * packages,
    delivery: option === 'home' ? rates.home_delivery_cents : rates.pickup_delivery_cents,
    packages,
  };
}

/** One piece bought alone, sent to a pickup point (the cheapest way). */
const alone = (priceCents: number, rates: FeeRates) => buyerFees([{ price_cents: priceCents, seller_id: 0 }], 'pickup', rates);

/**
 * The buyer fees of one piece bought alone (processing + verification: "Buyer Protection"), cents:
 * what the product page adds to a piece's price beside every price.
 */
export function buyerProtectionCents(priceCents: number, rates: FeeRates): number {
  const fees = alone(priceCents, rates);
  return fees.processing + fees.verification;
}

/**
 * The fees a seller's pages need (GET /seller/terms' `fees`): a piece bought alone and sent to a pickup
 * point, so its `shipping_cents` is the package's shipping and the pickup point's delivery together.
 */
export interface SellingFees {
  processing_fixed_cents: number;
  processing_percent: number;
  verification_cents: number;
  shipping_cents: number;
}

export function sellingFeesOf(rates: FeeRates): SellingFees {
  const { processing_fixed_cents, processing_percent, verification_cents } = rates;
  return { processing_fixed_cents, processing_percent, verification_cents, shipping_cents: rates.shipping_cents + rates.pickup_delivery_cents };
}

/**
 * "You receive" and "buyer pays" for a price, cents: the seller receives the price in full; the buyer
 * pays what the checkout charges for that one piece sent to a pickup point.
 */
export function sellingAmounts(priceCents: number, fees: SellingFees): { youReceiveCents: number; buyerPaysCents: number } {
  const lines = alone(priceCents, { ...fees, home_delivery_cents: 0, pickup_delivery_cents: 0 });
  return { youReceiveCents: priceCents, buyerPaysCents: priceCents + lines.processing + lines.verification + lines.shipping };
}
