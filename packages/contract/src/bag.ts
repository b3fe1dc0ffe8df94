import { z } from 'zod';

// The bag (spec §3 "Bag line", §7 cart and checkout calls) and the wishlist (spec §6, §7
// customers/wishlist). The identity calls answer the bag after sign-in too.

/** The two option values a line shows: colour (O1Child) and size (O2Child). */
export const BagLineOptions = z.object({ O1Child: z.string(), O2Child: z.string() });
export type BagLineOptions = z.infer<typeof BagLineOptions>;

/** One line of a signed-in customer's bag. Prices are euros with 2 decimals. */
export const BagLine = z.object({
  /** The shopping bag line id (DELETE cart?shopping_bag_line_id=). */
  id: z.number().int(),
  listing_id: z.number().int(),
  offer_id: z.number().int().nullable(),
  /** false when the listing was sold or archived since it was added: "Product unavailable". */
  valid_listing: z.boolean(),
  /** false when the line's offer is no longer usable: "Offer unavailable"; true without an offer. */
  valid_offer: z.boolean(),
  /** ISO date-time the line's accepted offer expires; null without an offer. */
  offer_expire: z.string().nullable(),
  /**
   * The accepted offer's own price (euros); null without an offer. An accepted offer is a ceiling
   *: when the listing's price fell below it, `price` is the listing's and lower than this.
   */
  offer_price: z.number().nullable().optional(),
  /** The brand's product id (the product page's id). */
  product_brand_id: z.number().int(),
  variant_id: z.number().int(),
  product_child_id: z.number().int(),
  title: z.string(),
  photo: z.string(),
  /** The seller's name as shown on the line. */
  customer_name: z.string(),
  /** The seller's customer id. */
  CustomerID: z.number().int(),
  options: BagLineOptions,
  condition_description: z.string(),
  price: z.number(),
  currency_symb_code: z.string(),
  /** Whether the line's product child (its size) is in the customer's wishlist; visitors keep it locally. */
  wishlisted: z.boolean(),
  /**
   * The line's price when it went into the bag (euros), so a price that fell or rose since can be
   * told; null when not known (lines added before it was kept). A visitor's bag keeps its own.
   */
  price_added: z.number().nullable().optional(),
  /**
   * The seller's bundle tiers, so the bag takes a package's bundle discount off as checkout
   * does; empty when the seller has none.
   */
  bundle_tiers: z.array(z.object({ min_pieces: z.number().int(), percent_off: z.number().int() })).optional(),
});
export type BagLine = z.infer<typeof BagLine>;

/** Listing ids of a guest's local bag, sent at sign-in to be merged into the server bag (spec §4). */
export const MAX_CART_IDS = 100;
export const CartIds = z
  .array(z.number({ error: 'cart must be a list of listing ids' }).int().positive().max(2147483647), {
    error: 'cart must be a list of listing ids',
  })
  .max(MAX_CART_IDS, { error: `cart can hold at most ${MAX_CART_IDS} listing ids` });
export type CartIds = z.infer<typeof CartIds>;

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .positive({ error: `${name} must be a positive number` })
    .max(2147483647, { error: `${name} is too large` });

/** The bag as GET/POST/DELETE cart answer it: its lines, in the order they were added. */
export const BagLines = z.array(BagLine);
export type BagLines = z.infer<typeof BagLines>;

/**
 * POST /api/cart. `offer_id` names one of the caller's accepted offers (the line then carries the
 * offer's price); without one the listing's price applies.
 */
export const CartAddRequest = z.object({
  listing_id: id('listing_id'),
  offer_id: id('offer_id').nullable().optional(),
});
export type CartAddRequest = z.infer<typeof CartAddRequest>;

/** One line of a visitor's bag to price: its listing, and the offer it was added with, if any. */
export const BagPriceItem = z.object({
  listing_id: id('listing_id'),
  offer_id: id('offer_id').nullable().optional(),
});
export type BagPriceItem = z.infer<typeof BagPriceItem>;

/**
 * POST /api/cart/price: a bag kept by the browser (a visitor's, a guest checkout's), priced as GET
 * cart prices the server bag. At most MAX_CART_IDS lines, what a bag may hold.
 */
export const BagPriceRequest = z.object({
  lines: z
    .array(BagPriceItem, { error: 'lines must be a list of bag lines' })
    .max(MAX_CART_IDS, { error: `lines can hold at most ${MAX_CART_IDS} items, the most a bag holds` }),
});
export type BagPriceRequest = z.infer<typeof BagPriceRequest>;

/** DELETE /api/cart?shopping_bag_line_id={id} */
export const CartDeleteQuery = z.object({ shopping_bag_line_id: id('shopping_bag_line_id') });
export type CartDeleteQuery = z.infer<typeof CartDeleteQuery>;

/** A checkout line: a bag line with the seller's first name (spec §3 "Checkout data"). */
export const CheckoutLine = BagLine.extend({ FirstName: z.string() });
export type CheckoutLine = z.infer<typeof CheckoutLine>;

/**
 * GET /api/checkout. `subtotal` is the sum of the prices of the lines that can be bought (an
 * unavailable listing or offer is not charged), in euros with 2 decimals.
 */
export const CheckoutData = z.object({
  lines: z.array(CheckoutLine),
  subtotal: z.number(),
  currency_symb_code: z.string(),
});
export type CheckoutData = z.infer<typeof CheckoutData>;

/** PUT /api/customers/wishlist: adds the product child (a variant in one size), or removes it when saved. */
export const WishlistToggleRequest = z.object({ child_id: id('child_id') });
export type WishlistToggleRequest = z.infer<typeof WishlistToggleRequest>;

/** A saved piece with its availability and price now: the cheapest active listing of that child. */
export const WishlistEntry = z.object({
  product_child_id: z.number().int(),
  product_brand_id: z.number().int(),
  variant_id: z.number().int(),
  title: z.string(),
  photo: z.string(),
  options: BagLineOptions,
  /** Active listings of this child; 0 when every one is sold or archived. */
  available: z.number().int(),
  /** The cheapest active listing's price in euros; null when none is available. */
  price: z.number().nullable(),
  /** The cheapest price before it last fell ("was €X"); null unless the price is below it now. */
  was_price: z.number().nullable().optional(),
  currency_symb_code: z.string(),
});
export type WishlistEntry = z.infer<typeof WishlistEntry>;

/** The wishlist, newest first (PUT and GET customers/wishlist). */
export const WishlistEntries = z.array(WishlistEntry);
export type WishlistEntries = z.infer<typeof WishlistEntries>;

