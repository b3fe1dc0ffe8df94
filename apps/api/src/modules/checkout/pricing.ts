import { buyerFees, bundleDiscounts, type BundleTier, type FeeRates, type PricedBundle } from '@preloved/contract';
import type { Config } from '../../config';

// The checkout's price in integer cents: the fee lines are the contract's (`buyerFees`, which the
// storefront's pages use too), the discounts are worked out here; the settings are the config's FEE_*.

export type FeeConfig = Pick<
  Config,
  | 'FEE_PROCESSING_FIXED_CENTS'
  | 'FEE_PROCESSING_PERCENT'
  | 'FEE_VERIFICATION_CENTS_PER_PIECE'
  | 'FEE_SHIPPING_CENTS_PER_PACKAGE'
  | 'FEE_DELIVERY_HOME_CENTS'
  | 'FEE_DELIVERY_PICKUP_CENTS'
> &
  Partial<Pick<Config, 'VERIFICATION_MODE'>>;

/**
 * The FEE_* settings as the contract's fee rates. A fee must buy what it names: with
 * VERIFICATION_MODE=none nobody checks a piece, so the verification fee is nothing, wherever it is shown
 * (the checkout, a product's Buyer Protection, a seller's "buyer pays").
 */
export function feeRates(config: FeeConfig): FeeRates {
  return {
    processing_fixed_cents: config.FEE_PROCESSING_FIXED_CENTS,
    processing_percent: config.FEE_PROCESSING_PERCENT,
    verification_cents: config.VERIFICATION_MODE === 'none' ? 0 : config.FEE_VERIFICATION_CENTS_PER_PIECE,
    shipping_cents: config.FEE_SHIPPING_CENTS_PER_PACKAGE,
    home_delivery_cents: config.FEE_DELIVERY_HOME_CENTS,
    pickup_delivery_cents: config.FEE_DELIVERY_PICKUP_CENTS,
  };
}

export interface Discount {
  percent_off: number | null;
  amount_off_cents: number | null;
  /** The most the code takes off, whatever the subtotal (WELCOME10: €15). */
  max_discount_cents?: number | null;
}

/** One package's bundle discount: the seller, its pieces, the tier's percent and the cents it takes off. */
export interface Priced {
  subtotal: number;
  processing: number;
  verification: number;
  shipping: number;
  delivery: number;
  discount: number;
  /** The sum of `bundles`' discounts (the sellers pay them: their deposits are the pieces less it). */
  bundle_discount: number;
  total: number;
  packages: number;
  /** The packages that reach a tier of their seller's bundle discount; absent in attempts kept from before. */
  bundles?: PricedBundle[];
}

/** Each seller's bundle tiers, by seller id (a seller without tiers is absent). */
export type SellerTiers = ReadonlyMap<number, readonly BundleTier[]>;

/** The discount on a subtotal: a percentage of it, or a fixed amount, never above the subtotal or the code's cap. */
export function discountCents(subtotal: number, discount: Discount | null): number {
  if (!discount) return 0;
  const off = discount.percent_off !== null ? Math.round((subtotal * discount.percent_off) / 100) : Math.min(subtotal, discount.amount_off_cents ?? 0);
  return Math.min(off, discount.max_discount_cents ?? Infinity);
}

/**
 * Prices pieces (cents, with their sellers): the fee lines and the total, all in cents. The pieces
 * of one seller are one package: one shipping fee each, and the seller's bundle discount when the
 * package reaches one of their tiers (`tiers`). A discount code applies to what the pieces cost
 * after the bundle discounts, so the two together never take more than the pieces' prices.
 */
export function price(
  pieces: { price_cents: number; seller_id: number }[],
  deliveryOption: 'home' | 'pickup',
  discount: Discount | null,
  fees: FeeConfig,
  tiers: SellerTiers = new Map(),
): Priced {
  const { subtotal, processing, verification, shipping, delivery, packages } = buyerFees(pieces, deliveryOption, feeRates(fees));
  const bundles = bundleDiscounts(pieces, (sellerId) => tiers.get(sellerId) ?? []);
  const bundle = bundles.reduce((sum, line) => sum + line.discount, 0);
  // The money invariant: a code is the marketplace's money while the seller is credited
  // the pieces' price (less their own bundle discount), so a shopper buying their own piece through
  // a second account nets `discount − (processing + verification + shipping + delivery)`. A code
  // therefore never takes off more than those buyer fees: such a round trip nets ≤ €0 at any price.
  // WELCOME10 on €150 with pickup: 10 % is €15 but the fees are €13.60 (0.70 + 7.50 + 1.50 + 3.90),
  // so €13.60 off, the card pays €150.00, the seller is credited €150.00.
  const off = Math.min(discountCents(subtotal - bundle, discount), processing + verification + shipping + delivery);
  return {
    subtotal,
    processing,
    verification,
    shipping,
    delivery,
    discount: off,
    bundle_discount: bundle,
    total: subtotal + processing + verification + shipping + delivery - off - bundle,
    packages,
    bundles,
  };
}

/** What each delivery option costs for these pieces: the sellers' shipping plus the option's delivery, cents. */
export function deliveryPrices(pieces: { price_cents: number; seller_id: number }[], fees: FeeConfig): Record<'home' | 'pickup', number> {
  const of = (option: 'home' | 'pickup') => {
    const priced = price(pieces, option, null, fees);
    return priced.shipping + priced.delivery;
  };
  return { home: of('home'), pickup: of('pickup') };
}
