import { z } from 'zod';

// Offers (spec §2 /user/offers and the offer countdown, §3 "Offer", §4 offer states and timeout
// reasons, §5 offer price bounds, §6 the seller accepts or declines). Designed by us; every call
// needs a Bearer token:
//   POST /api/offers                   MakeOfferRequest → Offer (the buyer offers on a listing)
//   GET  /api/offers                   → OfferLists (made and received, newest first)
//   POST /api/offers/:id/accept        → Offer (the seller)
//   POST /api/offers/:id/decline       → Offer (the seller)
//   POST /api/offers/:id/withdraw      → Offer (the buyer)
//   POST /api/offers/:id/counter       CounterOfferRequest → Offer (the seller: one counter-price)
//   POST /api/offers/:id/accept-counter  → Offer (the buyer accepts the counter-price)
//   POST /api/offers/:id/decline-counter → Offer (the buyer declines it)
//   GET  /api/notifications/count      → NotificationsCount (the unread entries of the notifications feed)
// Someone else's offer answers 404, exactly like an unknown id. Refusals are 422 with a sentence.
// The plain rules (bounds, default windows, refusal sentences) live in offer-rules.ts, without zod.

/** `countered`: the seller answered with a counter-price; the buyer accepts or declines it. */
export const OFFER_STATUSES = ['active', 'countered', 'accepted', 'declined', 'expired', 'archived'] as const;
export const OfferStatus = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatus>;

/**
 * Why an offer is over. The spec's three timeout reasons: `seller_timeout` (the seller did not accept
 * or reject in time), `buyer_timeout` (the buyer did not purchase in time), `seller_declined` (the
 * seller rejected); and ours for an archived offer: the buyer withdrew it, bought it, or the piece
 * was sold to someone else or taken off sale; and of a counter-offer: the buyer declined it
 * (`buyer_declined`) or did not answer it in time (`counter_timeout`).
 */
export const OFFER_REASONS = ['seller_timeout', 'buyer_timeout', 'seller_declined', 'withdrawn', 'purchased', 'listing_unavailable', 'buyer_declined', 'counter_timeout'] as const;
export const OfferReason = z.enum(OFFER_REASONS);
export type OfferReason = z.infer<typeof OfferReason>;

const offerPrice = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'no_offer_price' : 'invalid_offer_price') })
  .positive({ error: 'invalid_offer_price' })
  .max(100_000, { error: 'invalid_offer_price' })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: 'invalid_offer_price' });

export const MakeOfferRequest = z.object({
  listing_id: z.number({ error: 'listing_id must be a number' }).int().positive().max(2147483647),
  /** Euros with at most 2 decimals, within the listing's bounds. */
  price: offerPrice,
});
export type MakeOfferRequest = z.input<typeof MakeOfferRequest>;

/** The seller's one counter-price, euros: above the offer and below the listing's price. */
export const CounterOfferRequest = z.object({ price: offerPrice });
export type CounterOfferRequest = z.input<typeof CounterOfferRequest>;

export const OfferParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2147483647) });
export type OfferParams = z.input<typeof OfferParams>;

export const Offer = z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  /** For the product link: /product/{product_brand_id}?variant={variant_id}&listing={listing_id}. */
  product_brand_id: z.number().int(),
  variant_id: z.number().int(),
  title: z.string(),
  photo: z.string(),
  options: z.object({ O1Child: z.string(), O2Child: z.string() }),
  /** The offer's price, euros (an accepted counter-offer's price once the buyer accepted it). */
  price: z.number(),
  /** What the buyer offered, euros (= price unless a counter-offer was accepted). */
  offered_price: z.number(),
  /** The seller's counter-price, euros; null when the seller made none. */
  counter_price: z.number().nullable(),
  /** The listing's price now, euros. */
  listing_price: z.number(),
  currency_symb_code: z.string(),
  /** The seller's first name ("Listed by"). */
  listed_by: z.string(),
  /** The seller's country (ISO code of their default address; PT when they have none). */
  country: z.string(),
  /** The buyer's first name (the seller sees who offered). */
  buyer: z.string(),
  /** Whether the caller made the offer (buyer) or received it (seller). */
  role: z.enum(['buyer', 'seller']),
  status: OfferStatus,
  reason: OfferReason.nullable(),
  /** ISO date-time the offer was made. */
  created_at: z.string(),
  /** ISO date-time the current window ends: the seller's answer (active), the buyer's answer to a counter (countered) or the buyer's purchase (accepted); null otherwise. */
  expires_at: z.string().nullable(),
  /** Whether the accepted offer is in the buyer's bag. */
  in_bag: z.boolean(),
});
export type Offer = z.infer<typeof Offer>;

/**
 * Each list answers a page of 100: `page` (1-based) pages both. Received offers exclude withdrawn ones,
 * and the live ones (waiting for the seller's answer or the buyer's purchase) come first, so a flood of
 * old offers never hides one the seller must answer. `*_total` count every row of each list.
 */
export const OfferLists = z.object({
  made: z.array(Offer),
  received: z.array(Offer),
  made_total: z.number().int(),
  received_total: z.number().int(),
  page: z.number().int(),
});

/** GET /api/offers?page=2 */
export const OfferListQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(10_000).default(1),
  /** Only the offers on this listing (the piece's page shows the buyer's pending one). */
  listing_id: z.coerce.number({ error: 'listing_id must be a number' }).int().min(1).max(2147483647).optional(),
});
export type OfferLists = z.infer<typeof OfferLists>;

/**
 * GET /api/notifications/count: spec `Notifications`, the unread entries of the notifications feed
 * (the badge counts exactly what the feed lists).
 */
export const NotificationsCount = z.object({
  Notifications: z.number().int(),
  /** `feed`: every unread entry (= Notifications); `offers`: the unread offer entries among them (the user menu's Offers); `messages`: the unread messages of the caller's threads (not in the feed). */
  parts: z.record(z.string(), z.number().int()),
});
export type NotificationsCount = z.infer<typeof NotificationsCount>;
