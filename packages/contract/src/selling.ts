import { z } from 'zod';
import {
  LISTING_COMMENT_MAX_LENGTH,
  LISTING_MAX_PHOTOS,
  LISTING_MAX_PRICE_CENTS,
  LISTING_MIN_PHOTOS,
  LISTING_MIN_PRICE_CENTS,
} from './smart-pricing';

// The seller's side of listings (spec §2 /user/submit-item-2hand, /user/listings; §3 listing fields;
// §4 status and smart pricing; §5 bounds; §6 seller actions). Designed by us (DESIGN §5), Bearer token:
//   GET  /api/seller/terms                     → SellingTerms (price bounds and the buyer's fees)
//   GET  /api/seller/products?q=               → SellerProductList (the brand's catalogue, by name)
//   GET  /api/seller/products/child/:childId   → SellerProductChoice (one colour and size: resell from the main shop)
//   POST /api/seller/photos  (image bytes)     → UploadedPhoto
//   POST /api/seller/listings  ListingInput    → SellerListing (active at once)
//   GET  /api/seller/listings?status=&page=    → SellerListingList
//   GET  /api/seller/listings/:id              → SellerListing
//   PUT  /api/seller/listings/:id  ListingInput → SellerListing (not once sold)
//   PUT  /api/seller/listings/:id/pricing  ListingPricingInput → SellerListing
//   PUT  /api/seller/listings/:id/price    ListingPriceInput   → SellerListing (from My listings)
//   PUT  /api/seller/listings/:id/status   ListingStatusInput  → SellerListing
// Another seller's listing answers 404 on every route, as one that does not exist.

/** Euros with at most 2 decimals within the listing price bounds; `missing` and `outside` are message keys. */
const listingEuros = (missing: string, outside: string) =>
  z
    .number({ error: missing })
    .refine((value) => Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: outside })
    .refine((value) => Math.round(value * 100) >= LISTING_MIN_PRICE_CENTS && Math.round(value * 100) <= LISTING_MAX_PRICE_CENTS, { error: outside });

/** A photo the API stored (POST /api/seller/photos answers its url). */
export const PhotoUrl = z.string().regex(/^\/api\/photos\/[a-f0-9]{32}\.webp$/, { error: 'invalid_photo' });
/**
 * A listing's photo: one the API stored, or a seeded listing's placeholder drawing (a seeded
 * listing could not be saved from the editor until every placeholder was replaced). The API accepts a
 * placeholder only where the listing already has it.
 */
export const ListingPhotoUrl = z.string().regex(/^(\/api\/photos\/[a-f0-9]{32}\.webp|\/api\/assets\/photos\/[a-z0-9-]{1,40}\/[a-z0-9-]{1,40}\/[a-z0-9-]{1,40}\.svg)$/, { error: 'invalid_photo' });

export const ListingInput = z
  .object({
    product_child_id: z.number({ error: 'no_size' }).int({ error: 'no_size' }).positive({ error: 'no_size' }).max(2147483647, { error: 'no_size' }),
    condition_id: z.number({ error: 'no_condition' }).int({ error: 'no_condition' }).min(1, { error: 'no_condition' }).max(5, { error: 'no_condition' }),
    comment: z.string().trim().max(LISTING_COMMENT_MAX_LENGTH, { error: 'comment_too_long' }).default(''),
    photos: z
      .array(ListingPhotoUrl, { error: 'photos_count' })
      .min(LISTING_MIN_PHOTOS, { error: 'photos_count' })
      .max(LISTING_MAX_PHOTOS, { error: 'photos_count' })
      // The same photo twice is one photo: it does not make up the count.
      .refine((photos) => new Set(photos).size === photos.length, { error: 'photos_repeated' }),
    price: listingEuros('no_price', 'price_out_of_bounds'),
    min_price: listingEuros('no_min_price', 'min_price_out_of_bounds'),
    smart_pricing: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.min_price > value.price) ctx.addIssue({ code: 'custom', path: ['min_price'], message: 'min_price_above_price' });
  });
export type ListingInput = z.input<typeof ListingInput>;

export const ListingPricingInput = z.object({
  min_price: listingEuros('no_min_price', 'min_price_out_of_bounds'),
  smart_pricing: z.boolean(),
});
export type ListingPricingInput = z.input<typeof ListingPricingInput>;

/** The price alone, changed from My listings without the editor; its bounds are the listing's. */
export const ListingPriceInput = z.object({ price: listingEuros('no_price', 'price_out_of_bounds') });
export type ListingPriceInput = z.input<typeof ListingPriceInput>;

/** in_review, changes_requested and rejected: the brand's moderation (the back office) has the listing; shoppers never see it. */
export const LISTING_STATUSES = ['active', 'archived', 'sold', 'in_review', 'changes_requested', 'rejected'] as const;
export const ListingStatus = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof ListingStatus>;
/** A seller archives or reactivates; a sale marks a listing sold. */
export const ListingStatusInput = z.object({ status: z.enum(['active', 'archived'], { error: 'invalid_status' }) });
export type ListingStatusInput = z.input<typeof ListingStatusInput>;

export const LISTING_FILTERS = ['all', 'active', 'archived'] as const;
export const SellerListingsQuery = z.object({
  status: z.enum(LISTING_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(500).default(1),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});
export type SellerListingsQuery = z.input<typeof SellerListingsQuery>;

export const SellerListingParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2147483647) });

/** Every field of spec §3's listing (seller side). Money in euros; dates ISO 8601. */
export const SellerListing = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  sold_date: z.string().nullable(),
  /** The buyer's name once sold. */
  customer: z.string().nullable(),
  product_id: z.number().int(),
  product_variant_id: z.number().int(),
  product_child_id: z.number().int(),
  product: z.string(),
  colour: z.string(),
  size: z.string(),
  condition_id: z.number().int(),
  condition: z.string(),
  comment: z.string(),
  photos: z.array(z.string()),
  /** The current price (after smart pricing's cuts so far). */
  price: z.number(),
  you_receive: z.number(),
  buyer_pays: z.number(),
  original_price: z.number(),
  suggested_price: z.number(),
  smart_pricing: z.boolean(),
  min_price: z.number(),
  /** When smart pricing cuts the price next; null when it is off or at the minimum. */
  next_update_date: z.string().nullable(),
  status: ListingStatus,
  /** The sale's package, for "Resend label e-mail" (POST /api/sales/:package_id/label). */
  package_id: z.number().int().nullable(),
});
export type SellerListing = z.infer<typeof SellerListing>;

export const SellerListingCard = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  product: z.string(),
  photo: z.string(),
  colour: z.string(),
  size: z.string(),
  price: z.number(),
  status: ListingStatus,
});
export type SellerListingCard = z.infer<typeof SellerListingCard>;

export const SellerListingList = z.object({
  listings: z.array(SellerListingCard),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SellerListingList = z.infer<typeof SellerListingList>;

export const SellerProductsQuery = z.object({ q: z.string().trim().max(50).default('') });
export const SellerProduct = z.object({
  product_id: z.number().int(),
  title: z.string(),
  original_price: z.number(),
  photo: z.string(),
  variants: z.array(
    z.object({
      product_variant_id: z.number().int(),
      colour: z.string(),
      hex: z.string(),
      sizes: z.array(z.object({ product_child_id: z.number().int(), size: z.string() })),
    }),
  ),
});
export type SellerProduct = z.infer<typeof SellerProduct>;
export const SellerProductList = z.object({ products: z.array(SellerProduct) });
export type SellerProductList = z.infer<typeof SellerProductList>;

/**
 * Resell from the main shop: the main shop names a piece it sold by its catalogue reference
 * (the product child: one colour in one size) and nothing else; the selling flow looks the rest up.
 */
export const SellerProductChildParams = z.object({ childId: z.coerce.number({ error: 'childId must be a number' }).int().positive().max(2147483647) });
export const SellerProductChoice = z.object({
  product: SellerProduct,
  product_variant_id: z.number().int(),
  product_child_id: z.number().int(),
});
export type SellerProductChoice = z.infer<typeof SellerProductChoice>;

export const SellingTerms = z.object({
  min_price: z.number(),
  max_price: z.number(),
  min_photos: z.number().int(),
  max_photos: z.number().int(),
  max_photo_bytes: z.number().int(),
  /** The conditions a piece can be listed in, best first. */
  conditions: z.array(z.object({ id: z.number().int(), option: z.string(), description: z.string() })),
  fees: z.object({
    processing_fixed_cents: z.number().int(),
    processing_percent: z.number(),
    verification_cents: z.number().int(),
    shipping_cents: z.number().int(),
  }),
});
export type SellingTerms = z.infer<typeof SellingTerms>;

export const UploadedPhoto = z.object({
  /** The product-page size (1000 × 1250 at most); the listing keeps this one. */
  url: PhotoUrl,
  /** The card size (400 × 500 at most): the same name with `-card`. */
  card_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedPhoto = z.infer<typeof UploadedPhoto>;
