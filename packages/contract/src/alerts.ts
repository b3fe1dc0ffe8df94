import { z } from 'zod';
import { ApiError } from './common';
import { MAX_INPUT_LENGTH, SEARCH_MAX_LENGTH } from './constants';
import { Gender, PieceCard } from './listings';

// Issue 29 items 3–5: saved searches, price-drop alerts (the wishlist's `was_price`, in bag.ts) and
// similar pieces. Designed by us; Bearer token for the saved searches:
//   GET    /api/customers/saved-searches            → SavedSearchList
//   POST   /api/customers/saved-searches            SavedSearchCreate → SavedSearch (201)
//   PATCH  /api/customers/saved-searches/:id        SavedSearchUpdate → SavedSearch (rename, pause)
//   DELETE /api/customers/saved-searches/:id        → 204
//   GET    /api/products/:product_id/similar?variant=  → SimilarPieces (public)

/** How many searches one shopper may keep (each is looked at by the job and may mail once a day). */
export const MAX_SAVED_SEARCHES = 20;
/** The product page's "Similar pieces": at most this many. */
export const SIMILAR_PIECES_LIMIT = 8;

/** An error answer with a stable `code` (snake_case) a client may act on. */
export const ApiErrorWithCode = ApiError.extend({ code: z.string().optional() });
export type ApiErrorWithCode = z.infer<typeof ApiErrorWithCode>;


const text = (max: number) => z.string().trim().min(1).max(max, { error: 'too_long' });

/** A listing page's filters as the listings API reads them (packages/shared listing-filters). */
export const SavedSearchFilters = z.object({
  q: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  gender: Gender.optional(),
  category: z.array(z.number().int().positive().max(2147483647)).max(20).optional(),
  size: z.array(text(40)).max(20).optional(),
  colour: z.array(text(40)).max(20).optional(),
  condition: z.array(z.number().int().positive().max(999)).max(20).optional(),
  min_price: z.number().min(0).max(100000).optional(),
  max_price: z.number().min(0).max(100000).optional(),
});
export type SavedSearchFilters = z.infer<typeof SavedSearchFilters>;

/** A page of this store (a path with its query), never another site: it is a link in mails. */
export const StorePath = z
  .string()
  .max(600)
  .regex(/^\/(?!\/)[A-Za-z0-9/_-]*(\?[^\s#]*)?$/, { error: 'path must be a page of the store' });

export const SavedSearchCreate = z.object({
  name: text(MAX_INPUT_LENGTH),
  filters: SavedSearchFilters,
  path: StorePath,
});
export type SavedSearchCreate = z.input<typeof SavedSearchCreate>;

export const SavedSearchUpdate = z
  .object({ name: text(MAX_INPUT_LENGTH).optional(), paused: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.paused !== undefined, { error: 'name or paused is required' });
export type SavedSearchUpdate = z.input<typeof SavedSearchUpdate>;

export const SavedSearchParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export const SavedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: SavedSearchFilters,
  path: z.string(),
  paused: z.boolean(),
  /** New matching pieces not yet in a digest mail. */
  new_pieces: z.number().int(),
  /** ISO date-time. */
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

export const SavedSearchList = z.object({ searches: z.array(SavedSearch), max: z.number().int() });
export type SavedSearchList = z.infer<typeof SavedSearchList>;

export const SimilarQuery = z.object({ variant: z.coerce.number().int().positive().max(2147483647).optional() });

/** One similar piece: a listing of another product, linked to its product page. */
export const SimilarPiece = PieceCard.extend({
  size: z.string(),
  colour: z.object({ id: z.string(), option: z.string() }),
});
export type SimilarPiece = z.infer<typeof SimilarPiece>;

export const SimilarPieces = z.object({ pieces: z.array(SimilarPiece) });
export type SimilarPieces = z.infer<typeof SimilarPieces>;
