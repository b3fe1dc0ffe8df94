// The offer rules a page needs in the browser, without zod (offers.ts holds the schemas): importing
// them must not bring the schema library into the product page's first load (the JS budget).

/** Defaults of the API's settings (DESIGN.md §7); the API is the authority, the page shows these bounds. */
export const OFFER_MIN_PERCENT = 50;
export const OFFER_MAX_PERCENT = 99;
export const OFFER_ANSWER_HOURS = 48;
export const OFFER_BUY_HOURS = 24;

/** The lowest and highest offer in euros for a listing price in euros (whole cents, min rounded up, max down). */
export function offerBounds(listingPrice: number, minPercent = OFFER_MIN_PERCENT, maxPercent = OFFER_MAX_PERCENT): { min: number; max: number } {
  const cents = Math.round(listingPrice * 100);
  return { min: Math.ceil((cents * minPercent) / 100) / 100, max: Math.floor((cents * maxPercent) / 100) / 100 };
}

/**
 * What a piece bought through an accepted offer costs: the offer's price, or the listing's
 * price when it has fallen below it since (smart pricing's cuts, the seller) — never more than anyone
 * else pays. Euros in, euros out, compared in whole cents. The API prices in SQL by the same rule
 * (`offerLinePriceSql` in its offers repository).
 */
export function offerPayPrice(offerPrice: number, listingPrice: number): number {
  return Math.min(Math.round(offerPrice * 100), Math.round(listingPrice * 100)) / 100;
}
