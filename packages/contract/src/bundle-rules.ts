// The bundle discount's arithmetic, without zod (bundles.ts holds the schemas): the
// API's checkout and the browser's bag panel (the panel showed the lines' sum while checkout
// took the bundle off) price a seller's package with the same rule, and the bag is on every page, so
// importing this must not bring the schema library into the first load (the JS budget).
import { isBuyableLine } from './money';

/** A seller's tier: a package of at least `min_pieces` of their pieces gets `percent_off` off them. */
export interface BundleTierRule {
  min_pieces: number;
  percent_off: number;
}

/** A package that reaches a tier of its seller: how many pieces, the percent, and the discount in cents. */
export interface PricedBundle {
  seller_id: number;
  pieces: number;
  percent: number;
  discount: number;
}

/** The percent a package of `pieces` pieces gets from these tiers: the best tier it reaches, 0 when none. */
export function bundlePercent(tiers: readonly BundleTierRule[], pieces: number): number {
  return tiers.reduce((best, tier) => (pieces >= tier.min_pieces && tier.percent_off > best ? tier.percent_off : best), 0);
}

/**
 * The bundle discount of each package (one per seller): the best tier of its seller that its number
 * of pieces reaches, a whole percent of its pieces' prices, rounded to the cent. `tiersOf` answers a
 * seller's tiers (none: no discount). Packages in the order their sellers first appear.
 */
export function bundleDiscounts(pieces: readonly { price_cents: number; seller_id: number }[], tiersOf: (sellerId: number) => readonly BundleTierRule[]): PricedBundle[] {
  const bySeller = new Map<number, { pieces: number; cents: number }>();
  for (const piece of pieces) {
    const seen = bySeller.get(piece.seller_id) ?? { pieces: 0, cents: 0 };
    bySeller.set(piece.seller_id, { pieces: seen.pieces + 1, cents: seen.cents + piece.price_cents });
  }
  const lines: PricedBundle[] = [];
  for (const [sellerId, bag] of bySeller) {
    const percent = bundlePercent(tiersOf(sellerId), bag.pieces);
    if (percent > 0) lines.push({ seller_id: sellerId, pieces: bag.pieces, percent, discount: Math.round((bag.cents * percent) / 100) });
  }
  return lines;
}

/** What a bag line needs for its package's discount (the spec's names). */
export interface BundledLine {
  CustomerID: number;
  price: number;
  valid_listing: boolean;
  valid_offer: boolean;
  bundle_tiers?: readonly BundleTierRule[];
}

/** A bag's bundle discounts, as checkout takes them: its buyable lines, one package per seller. */
export function bagBundles(lines: readonly BundledLine[]): PricedBundle[] {
  const buyable = lines.filter(isBuyableLine);
  const tiers = new Map(buyable.map((line) => [line.CustomerID, line.bundle_tiers ?? []]));
  return bundleDiscounts(
    buyable.map((line) => ({ price_cents: Math.round(line.price * 100), seller_id: line.CustomerID })),
    (sellerId) => tiers.get(sellerId) ?? [],
  );
}
