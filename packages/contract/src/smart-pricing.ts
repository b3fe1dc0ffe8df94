// Listing prices the seller side and the shop agree on (spec §4, §5, §9; DESIGN §7). No zod here, so
// the browser can use it without the schemas.

/** Listing price bounds in cents (DESIGN §7: 5 €–5000 €); the minimum price lies in the same bounds. */
export const LISTING_MIN_PRICE_CENTS = 500;
export const LISTING_MAX_PRICE_CENTS = 500_000;
/** 2 to 4 photos per listing (spec §5). */
export const LISTING_MIN_PHOTOS = 2;
export const LISTING_MAX_PHOTOS = 4;
/** A comment's length; longer than the 50 of other inputs because it describes the piece. */
export const LISTING_COMMENT_MAX_LENGTH = 500;
/** Smart pricing (spec §9): a 10 % cut every 7 days, the first 7 days after listing, never below the minimum. */
export const SMART_PRICING_CUT_PERCENT = 10;
export const SMART_PRICING_PERIOD_DAYS = 7;
/** The largest photo file the API takes (before it resizes it). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

const PERIOD_MS = SMART_PRICING_PERIOD_DAYS * 86_400_000;
const KEEP = 1 - SMART_PRICING_CUT_PERCENT / 100;

/** What smart pricing needs to know of a listing: the price set at `anchor` and the floor. */
export interface PriceSchedule {
  /** The price (cents) the schedule starts from: the seller's price, or the price frozen when smart pricing was turned on again. */
  baseCents: number;
  minCents: number;
  smartPricing: boolean;
  /** When the schedule started: the listing date, or when smart pricing was last turned on or the price changed. */
  anchor: Date;
}

/** Whole periods from the anchor to `at` (0 before the first cut). */
function periods(schedule: PriceSchedule, at: Date): number {
  return Math.max(0, Math.floor((at.getTime() - schedule.anchor.getTime()) / PERIOD_MS));
}

/**
 * The price at `at`, in cents: the base cut by 10 % of the current price at every 7th day after the
 * anchor (compounded: base × 0.9ⁿ, rounded to the cent), never below the minimum. The SQL function
 * `listing_price_at` (migration 012) computes the same; a test holds them together.
 */
export function priceAt(schedule: PriceSchedule, at: Date): number {
  if (!schedule.smartPricing) return schedule.baseCents;
  const cut = Math.round(schedule.baseCents * KEEP ** periods(schedule, at));
  return Math.min(schedule.baseCents, Math.max(schedule.minCents, cut));
}

/** When the price drops next, or null (smart pricing off, or already at the minimum). */
export function nextDropAt(schedule: PriceSchedule, at: Date): Date | null {
  if (!schedule.smartPricing || priceAt(schedule, at) <= schedule.minCents) return null;
  return new Date(schedule.anchor.getTime() + (periods(schedule, at) + 1) * PERIOD_MS);
}

/**
 * What a buyer is told of the next drop: its date and the price after it, only when the whole 10 % cut
 * stays above the floor. A drop that would stop at the minimum is not announced, so the product page
 * never gives the seller's minimum away.
 */
export function publicNextDrop(schedule: PriceSchedule, at: Date): { date: Date; priceCents: number } | null {
  const date = nextDropAt(schedule, at);
  if (!date) return null;
  const next = Math.round(schedule.baseCents * KEEP ** (periods(schedule, at) + 1));
  return next >= schedule.minCents ? { date, priceCents: next } : null;
}

/** The price the store suggests for a piece: a share of the original price by condition, within the bounds. */
const SUGGESTED_SHARE: Record<number, number> = { 1: 0.7, 2: 0.6, 3: 0.5, 4: 0.4, 5: 0.3 };
export function suggestedPriceCents(originalCents: number, conditionId: number): number {
  const share = SUGGESTED_SHARE[conditionId] ?? 0.5;
  const cents = Math.round((originalCents * share) / 100) * 100;
  return Math.min(LISTING_MAX_PRICE_CENTS, Math.max(LISTING_MIN_PRICE_CENTS, cents));
}
