// Money rules both the API and the storefront apply (no zod here, so the browser bundle stays small).

/** The part of a bag line that decides what it costs. */
export interface PricedLine {
  price: number;
  valid_listing: boolean;
  valid_offer: boolean;
}

/**
 * The bag total and checkout subtotal: the lines that can be bought (an unavailable listing or offer
 * is not charged), summed in cents so 0.10 + 0.20 is 0.30, in euros with 2 decimals.
 */
export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.filter((line) => line.valid_listing && line.valid_offer).reduce((cents, line) => cents + Math.round(line.price * 100), 0) / 100;
}
