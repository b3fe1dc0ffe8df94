import { z } from 'zod';
import { BrandId } from './common';

// A seller's reputation. Buyers rate a delivered order once (POST /api/orders/:id/review);
// the rating counts for every seller who shipped a package of that order, and each of those sellers
// may answer it once.
//   GET  /api/vendors/:id/reviews?id_brand=1&page=&limit=  → SellerReviews (public, newest first)
//   POST /api/reviews/:id/reply                            ReviewReplyRequest → SellerReview (the seller, once)

/** Longest answer a seller may write (the same bound as a listing's comment and a buyer's review). */
export const REVIEW_REPLY_MAX_LENGTH = 500;
/** Reviews on one page of a seller's list (the API's default). */
export const SELLER_REVIEWS_PER_PAGE = 10;

/**
 * A seller's rating: the mean of their reviews' stars, rounded half up to one decimal (4.65 → 4.7),
 * and how many reviews it is made of. `average` is null while nobody has rated the seller.
 */
export const SellerRating = z.object({ average: z.number().nullable(), count: z.number().int() });
export type SellerRating = z.infer<typeof SellerRating>;

export const SellerReview = z.object({
  /** The reviewed order's id: what the seller's answer is sent to. */
  id: z.number().int(),
  rating: z.number().int(),
  /** The buyer's words; empty when they only gave stars (such reviews are listed too: they count). */
  comment: z.string(),
  /** ISO date-time of the review. */
  date: z.string(),
  /** Titles of this seller's pieces in the order. */
  pieces: z.array(z.string()),
  /** The seller's answer, once written. */
  reply: z.object({ text: z.string(), date: z.string() }).nullable(),
});
export type SellerReview = z.infer<typeof SellerReview>;

export const SellerReviewsQuery = z.object({
  id_brand: BrandId,
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be at least 1' }).max(500).default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(50).default(SELLER_REVIEWS_PER_PAGE),
});
export type SellerReviewsQuery = z.input<typeof SellerReviewsQuery>;

/** A seller's reviews, newest first, with the rating they make. */
export const SellerReviews = z.object({
  rating: SellerRating,
  reviews: z.array(SellerReview),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SellerReviews = z.infer<typeof SellerReviews>;

export const ReviewReplyParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive({ error: 'id must be a positive number' }).max(2147483647),
});

export const ReviewReplyRequest = z.object({
  reply: z
    .string({ error: 'no_reply' })
    .trim()
    .min(1, { error: 'no_reply' })
    .max(REVIEW_REPLY_MAX_LENGTH, { error: 'comment_too_long' }),
});
export type ReviewReplyRequest = z.input<typeof ReviewReplyRequest>;
