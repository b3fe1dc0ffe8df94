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

/** Refusals of the offer calls, as sentences the storefront shows (spec §8: a 422 message is a toast). */
export const OFFER_MESSAGES = {
  unknown: 'Offer not found',
  listingUnknown: 'This item does not exist.',
  listingUnavailable: 'This item has been sold or is no longer available.',
  ownListing: 'This is your own listing: you cannot make an offer on it.',
  alreadyOpen: 'You already have an open offer on this item.',
  notOpen: 'This offer can no longer be answered.',
  notWithdrawable: 'This offer can no longer be withdrawn.',
  sellerTimeout: 'The seller did not accept or reject the offer in time.',
  buyerTimeout: 'The buyer did not purchase in time.',
  sellerDeclined: 'The seller rejected the offer.',
  alreadyAccepted: 'This offer has already been accepted.',
  notAcceptedForBag: 'This offer cannot be used: it is not an accepted offer of yours for this item.',
  // Counter-offers (issue 29 item 2).
  alreadyCountered: 'You have already made a counter-offer on this offer.',
  notCounterable: 'This offer can no longer be countered.',
  counterNotOpen: 'This counter-offer can no longer be answered.',
  counterTimeout: 'The buyer did not answer the counter-offer in time.',
  buyerDeclined: 'The buyer declined the counter-offer.',
} as const;
