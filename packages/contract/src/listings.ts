import { z } from 'zod';
import { GENDERS, LISTING_SORTS, MAX_PAGE, MAX_PAGE_SIZE, SEARCH_MAX_LENGTH } from './constants';
import { BundleTier } from './bundles';
import { BrandId } from './common';
import { SellerRating } from './reviews';
import { TraderDetails } from './traders';

// The catalog's calls (spec §3 "Search result listing", §7 GET /api/products/listings/all), extended
// with the filters and paging the listing pages need. Money is euros with 2 decimals on the wire.

export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;

export const ListingSort = z.enum(LISTING_SORTS);
export type ListingSort = z.infer<typeof ListingSort>;


const idList = (name: string) =>
  z
    .string()
    .max(200)
    .regex(/^\d{1,9}(,\d{1,9})*$/, { error: `${name} must be a comma-separated list of ids` })
    .transform((value) => value.split(',').map(Number));

const wordList = (name: string) =>
  z
    .string()
    .max(200)
    .regex(/^[^,]{1,40}(,[^,]{1,40})*$/, { error: `${name} must be a comma-separated list` })
    .transform((value) => value.split(',').map((part) => part.trim()));

const euros = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).min(0, { error: `${name} must be 0 or more` }).max(100000);

/**
 * GET /api/products/listings/all — `limit=0` (the spec's own call) means "the default page size"
 * (DEFAULT_PAGE_SIZE); it never means "everything".
 */
export const ListingsQuery = z.object({
  id_brand: BrandId,
  q: z.string().max(SEARCH_MAX_LENGTH, { error: 'q must be at most 50 characters' }).optional(),
  limit: z.coerce.number().int().min(0).max(MAX_PAGE_SIZE, { error: `limit must be at most ${MAX_PAGE_SIZE}` }).default(0),
  page: z.coerce.number().int().min(1).max(MAX_PAGE, { error: `page must be between 1 and ${MAX_PAGE}` }).default(1),
  gender: Gender.optional(),
  category: idList('category').optional(),
  size: wordList('size').optional(),
  colour: wordList('colour').optional(),
  condition: idList('condition').optional(),
  min_price: euros('min_price').optional(),
  max_price: euros('max_price').optional(),
  /**
   * A search's results come by relevance unless told otherwise (a shopper who types "mala"
   * wants bags first, not the cheapest thing that mentions one); without words relevance is the
   * spec's order, min_price ascending, so browsing keeps it.
   */
  sort: ListingSort.default('relevance'),
});
export type ListingsQuery = z.input<typeof ListingsQuery>;

export const SizeEntry = z.object({ O2Child: z.string() });

/** One card: a product variant (a colour of a product) with its active listings' price range. */
export const ProductListing = z.object({
  product_id: z.number().int(),
  product_variant_id: z.number().int(),
  title: z.string(),
  photo: z.string(),
  min_price: z.number(),
  max_price: z.number(),
  /** The best condition among the card's pieces (lowest id is best). */
  condition_id: z.number().int(),
  /**
   * The conditions of the card's pieces, best first. A card's pieces are the variant's active
   * listings that match the shopper's filters, so condition, size and price describe the same pieces.
   */
  condition_ids: z.array(z.number().int()),
  /** Sizes of the card's pieces, smallest first. */
  Size: z.array(SizeEntry),
  /** Colours of the product that have active listings. */
  option1array: z.array(z.string()),
  /** The card's own colour (a card is one colour of a product): named on the card when the product has several. */
  colour: z.object({ id: z.string(), option: z.string() }).optional(),
  listings_count: z.number().int(),
  /** How many of the card's pieces the brand sells itself (Brand Direct, issue 48); absent: none. */
  brand_pieces: z.number().int().optional(),
});
export type ProductListing = z.infer<typeof ProductListing>;

/**
 * `count`: how many cards the shopper would see with this value chosen and their other filters kept
 * (0: the option leads nowhere and is shown disabled).
 */
const FacetCount = z.number().int().optional();
export const FilterValue = z.object({ id: z.union([z.number(), z.string()]), option: z.string(), count: FacetCount });
export type FilterValue = z.infer<typeof FilterValue>;

export const ListingFilters = z.object({
  condition: z.object({ values: z.array(z.object({ id: z.number().int(), option: z.string(), count: FacetCount })) }),
  size: z.object({ values: z.array(FilterValue) }),
  colour: z.object({ values: z.array(z.object({ id: z.string(), option: z.string(), hex: z.string(), count: FacetCount })) }),
  price: z.object({ min: z.number(), max: z.number() }),
});
export type ListingFilters = z.infer<typeof ListingFilters>;

export const ListingsResponse = z.object({
  products_listings: z.array(ProductListing),
  filters: ListingFilters,
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /**
   * Set when a word of `q` matched nothing and the search ran with the most similar known words
   * instead (typo tolerance): the words it used, for "Showing results for …".
   */
  corrected_q: z.string().optional(),
});
export type ListingsResponse = z.infer<typeof ListingsResponse>;

export const Condition = z.object({ id: z.number().int(), option: z.string(), description: z.string() });
export type Condition = z.infer<typeof Condition>;

/** A second-hand item for sale on the product page. */
export const ListingOffer = z.object({
  listing_id: z.number().int(),
  number: z.string(),
  product_child_id: z.number().int(),
  condition_id: z.number().int(),
  condition: z.string(),
  condition_description: z.string(),
  O2Child: z.string(),
  price: z.number(),
  comment: z.string(),
  photos: z.array(z.string()),
  date: z.string(),
  FirstName: z.string(),
  CustomerID: z.number().int(),
  verified: z.boolean(),
  /** The seller's rating. */
  seller_rating: SellerRating,
  /** The seller's trader details when they sell as a business (DSA Art. 31); null for a private person. */
  trader: TraderDetails.nullable().optional(),
  currency_symb_code: z.string(),
  /**
   * Smart pricing's next cut: when, and the price after it. Absent or null when the price will not
   * drop, or when the cut would stop at the seller's minimum (the minimum is never told).
   */
  next_price_drop: z.object({ date: z.string(), price: z.number() }).nullable().optional(),
  /**
   * Issue 26 (all-in prices upfront): the buyer fees of this piece bought alone (processing and
   * verification, "Buyer Protection", VAT included) and the price with them, euros, worked out by
   * the checkout's pricing on the server. Delivery is not in it (its price depends on the option).
   */
  buyer_protection: z.number().optional(),
  buyer_price: z.number().optional(),
  /** The seller's bundle discounts: "Buy 2+ from this seller: −10 %"; empty when none. */
  bundle_tiers: z.array(BundleTier).optional(),
  /** How fast the seller usually answers a question, in minutes (ANSWER_TIME in conversations.ts); null when they have answered too few. */
  answer_minutes: z.number().int().nullable().optional(),
});
export type ListingOffer = z.infer<typeof ListingOffer>;

export const ProductVariant = z.object({
  product_variant_id: z.number().int(),
  O1Child: z.string(),
  hex: z.string(),
  photo: z.string(),
  listings_count: z.number().int(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

export const ProductParams = z.object({
  product_id: z.coerce.number({ error: 'product_id must be a number' }).int().positive({ error: 'product_id must be a positive number' }).max(2147483647),
});
export const ProductQuery = z.object({
  id_brand: BrandId,
  variant: z.coerce.number({ error: 'variant must be a number' }).int().positive({ error: 'variant must be a positive number' }).max(2147483647).optional(),
  /** A listing the page must show even beyond the 12 cheapest of its size (a bag line's or a seller's link). */
  listing: z.coerce.number({ error: 'listing must be a number' }).int().positive({ error: 'listing must be a positive number' }).max(2147483647).optional(),
});

/** GET /api/products/{product_id}?variant={product_variant_id}&id_brand=1 */
export const ProductResponse = z.object({
  product: z.object({
    product_id: z.number().int(),
    title: z.string(),
    description: z.string(),
    gender: Gender,
    category_id: z.number().int(),
    category: z.string(),
    original_price: z.number(),
  }),
  variants: z.array(ProductVariant),
  variant: ProductVariant,
  /**
   * Active listings of the selected variant, cheapest first: at most 12 of each size (variant.listings_count
   * is the total), and the query's `listing` when it is one of them.
   */
  listings: z.array(ListingOffer),
  sizes: z.array(z.string()),
  /** Per size of the selected variant: how many pieces it has and the cheapest (all of them, not only those listed). */
  size_offers: z.array(z.object({ size: z.string(), listings_count: z.number().int(), min_price: z.number() })),
  /** What a piece costs to receive (the checkout's fee config, euros) and how long it takes. */
  delivery: z.object({
    shipping_per_package: z.number(),
    home_delivery: z.number(),
    pickup_point: z.number(),
    ships_within_business_days: z.number().int(),
    delivery_business_days: z.number().int(),
  }),
});
export type ProductResponse = z.infer<typeof ProductResponse>;

export const VendorParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive({ error: 'id must be a positive number' }).max(2147483647),
});
export const VendorQuery = z.object({ id_brand: BrandId });

/** One piece on sale as a card that opens its product page on that piece (a seller's page, similar pieces). */
export const PieceCard = z.object({
  listing_id: z.number().int(),
  product_id: z.number().int(),
  product_variant_id: z.number().int(),
  title: z.string(),
  photo: z.string(),
  price: z.number(),
  condition_id: z.number().int(),
});
export type PieceCard = z.infer<typeof PieceCard>;

export const VendorItem = PieceCard.extend({
  condition: z.string(),
  O2Child: z.string(),
  O1Child: z.string(),
});
export type VendorItem = z.infer<typeof VendorItem>;

/** GET /api/vendors/{id}?id_brand=1 — a seller's page. */
export const VendorResponse = z.object({
  CustomerID: z.number().int(),
  FirstName: z.string(),
  member_since: z.string(),
  verified: z.boolean(),
  /** The seller's rating; their reviews come from GET /api/vendors/{id}/reviews. */
  rating: SellerRating,
  /** The seller's trader details when they sell as a business (DSA Art. 31); null for a private person. */
  trader: TraderDetails.nullable().optional(),
  listings: z.array(VendorItem),
  /** The seller's bundle discounts; empty when none. */
  bundle_tiers: z.array(BundleTier).optional(),
  /** How fast the seller usually answers a question, in minutes (ANSWER_TIME in conversations.ts); null when they have answered too few. */
  answer_minutes: z.number().int().nullable().optional(),
});
export type VendorResponse = z.infer<typeof VendorResponse>;
