// Refunds of part of an order: what one line gives back, with no database in it, so the
// service, the ledger audit and a property test run the same rule.
//
// THE RULE. A line refunded alone (its seller cannot ship it) gives back to the buyer's card:
//   its price
//   − its share of its package's bundle discount (the seller's discount, shared by price)
//   − its share of the order's discount code (shared by what each line cost after the bundle discount)
//   + its share of Buyer Protection (processing: by price; verification: per piece, equal shares)
//   + its package's shipping fee, when it is the last line of its package refunded
//   + the order's delivery fee, when it is the last line of the order refunded.
// Every share is a largest-remainder split of the order's own stored cents (ties to the earlier
// line), so the shares of a fee line add up to that line exactly: refunding every line one by one,
// in any order, gives back the order's total to the cent, as a whole-order refund does.
// The seller's credit taken back for the line is its price less its bundle-discount share: the
// package's deposit (its prices less its bundle discount) is taken back exactly by its lines.
//
// The bundle discount of the lines kept is NOT worked out again against the buyer (3 pieces at 15 %,
// one refunded: the 2 kept keep 15 %, even if 2 pieces earn 10 %). The line goes back because the
// seller cannot ship it, not by the buyer's choice (the buyer cannot cancel a line alone, so cannot
// buy 3 for the tier and return 1); charging the buyer more afterwards would need a new card charge
// the buyer never agreed to; and the seller, who set the tier and failed the piece, keeps paying it.

export interface RefundOrder {
  processing_cents: number;
  verification_cents: number;
  shipping_cents: number;
  delivery_cents: number;
  discount_cents: number;
}
export interface RefundPackage {
  id: number;
  bundle_discount_cents: number;
}
export interface RefundLine {
  id: number;
  package_id: number;
  price_cents: number;
}

/**
 * Splits `total` cents into parts proportional to `weights` that add up to `total` exactly: each
 * part rounded down, the cents left go one each to the largest remainders (ties: the earlier).
 * Zero weights everywhere: equal shares.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const w = sum > 0 ? weights : weights.map(() => 1);
  const whole = sum > 0 ? sum : weights.length;
  const parts = w.map((weight) => Math.floor((total * weight) / whole));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = w.map((weight, index) => ({ index, remainder: (total * weight) % whole })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

export interface LineShares {
  /** The line's price less its bundle-discount share: what the seller's credit gives back. */
  seller: number;
  /** What the buyer gets back for the line before the shipping and delivery fees. */
  buyer: number;
}

/** Each line's fixed shares (by line id), from the order's stored rows; lines in id order. */
export function lineShares(order: RefundOrder, packages: readonly RefundPackage[], lines: readonly RefundLine[]): Map<number, LineShares> {
  const sorted = [...lines].sort((a, b) => a.id - b.id);
  const bundle = new Map<number, number>();
  for (const pkg of packages) {
    const own = sorted.filter((line) => line.package_id === pkg.id);
    allocate(pkg.bundle_discount_cents, own.map((line) => line.price_cents)).forEach((share, i) => bundle.set(own[i]!.id, share));
  }
  const afterBundle = sorted.map((line) => line.price_cents - (bundle.get(line.id) ?? 0));
  const code = allocate(order.discount_cents, afterBundle);
  const processing = allocate(order.processing_cents, sorted.map((line) => line.price_cents));
  const verification = allocate(order.verification_cents, sorted.map(() => 1));
  const shares = new Map<number, LineShares>();
  sorted.forEach((line, i) => {
    shares.set(line.id, { seller: afterBundle[i]!, buyer: afterBundle[i]! - code[i]! + processing[i]! + verification[i]! });
  });
  return shares;
}

export interface LineRefund {
  /** To the buyer's card. */
  buyerCents: number;
  /** Taken back from the seller's credit. */
  sellerCents: number;
  /** The shipping fee share and the delivery fee in buyerCents (0 unless it was the last). */
  shippingCents: number;
  deliveryCents: number;
  /** The last line of its package / of the order. */
  packageEmptied: boolean;
  orderEmptied: boolean;
}

/** What refunding `lineId` gives back when the lines `refunded` went back before it. */
export function lineRefund(
  order: RefundOrder,
  packages: readonly RefundPackage[],
  lines: readonly RefundLine[],
  refunded: ReadonlySet<number>,
  lineId: number,
): LineRefund {
  const line = lines.find((candidate) => candidate.id === lineId);
  if (!line) throw new Error(`line ${lineId} is not in the order`);
  if (refunded.has(lineId)) throw new Error(`line ${lineId} is refunded already`);
  const share = lineShares(order, packages, lines).get(lineId)!;
  const kept = lines.filter((candidate) => candidate.id !== lineId && !refunded.has(candidate.id));
  const packageEmptied = !kept.some((candidate) => candidate.package_id === line.package_id);
  const orderEmptied = kept.length === 0;
  const sortedPackages = [...packages].sort((a, b) => a.id - b.id);
  const shipping = allocate(order.shipping_cents, sortedPackages.map(() => 1));
  const shippingCents = packageEmptied ? shipping[sortedPackages.findIndex((pkg) => pkg.id === line.package_id)]! : 0;
  const deliveryCents = orderEmptied ? order.delivery_cents : 0;
  return { buyerCents: share.buyer + shippingCents + deliveryCents, sellerCents: share.seller, shippingCents, deliveryCents, packageEmptied, orderEmptied };
}
