import { z } from 'zod';

// The bag (spec §3 "Bag line"). The identity calls answer the bag after sign-in; the bag calls
// (GET/POST/DELETE cart) extend this file.

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
  /** Kept locally by the client (spec §3); the server answers false until the wishlist work fills it. */
  wishlisted: z.boolean(),
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
