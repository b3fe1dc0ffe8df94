// The offer rules a page needs in the browser, without zod (offers.ts holds the schemas): importing
// them must not bring the schema library into the product page's first load (the JS budget).

/** The API's settings default to these (DESIGN.md §7; its config reads them here); the pages show these bounds. */
export const OFFER_MIN_PERCENT = 50;
export const OFFER_MAX_PERCENT = 99;
export const OFFER_ANSWER_HOURS = 48;
export const OFFER_BUY_HOURS = 24;

/** The lowest and highest offer in cents for a listing price in cents (min rounded up, max down): the API's check. */
export function offerBoundsCents(listingCents: number, minPercent = OFFER_MIN_PERCENT, maxPercent = OFFER_MAX_PERCENT): { min: number; max: number } {
  return { min: Math.ceil((listingCents * minPercent) / 100), max: Math.floor((listingCents * maxPercent) / 100) };
}

/** The same bounds in euros for a listing price in euros: the product page's offer form. */
export function offerBounds(listingPrice: number, minPercent = OFFER_MIN_PERCENT, maxPercent = OFFER_MAX_PERCENT): { min: number; max: number } {
  const { min, max } = offerBoundsCents(Math.round(listingPrice * 100), minPercent, maxPercent);
  return { min: min / 100, max: max / 100 };
}

/**
 * The seller's counter-price in cents: strictly above the offer and below the listing's price, so the
 * lowest is a cent above one and the highest a cent below the other (none when they are a cent apart).
 */
export function counterBoundsCents(offerCents: number, listingCents: number): { min: number; max: number } {
  return { min: offerCents + 1, max: listingCents - 1 };
}

/** The same bounds in euros: the offers page's counter form. */
export function counterBounds(offerPrice: number, listingPrice: number): { min: number; max: number } {
  const { min, max } = counterBoundsCents(Math.round(offerPrice * 100), Math.round(listingPrice * 100));
  return { min: min / 100, max: max / 100 };
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
