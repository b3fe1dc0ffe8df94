// Money rules both the API and the storefront apply (no zod here, so the browser bundle stays small).

/** The part of a bag line that decides what it costs. */
export interface PricedLine {
  price: number;
  valid_listing: boolean;
  valid_offer: boolean;
}

/** A line that can still be bought: its listing is for sale and its offer, if any, still holds. */
export function isBuyableLine(line: Pick<PricedLine, 'valid_listing' | 'valid_offer'>): boolean {
  return line.valid_listing && line.valid_offer;
}

/**
 * The bag total and checkout subtotal: the lines that can be bought (an unavailable listing or offer
 * is not charged), summed in cents so 0.10 + 0.20 is 0.30, in euros with 2 decimals.
 */
export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.filter(isBuyableLine).reduce((cents, line) => cents + Math.round(line.price * 100), 0) / 100;
}
