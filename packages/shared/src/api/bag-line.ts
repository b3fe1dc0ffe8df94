import { CURRENCY_SYMBOL_CODE } from '@preloved/contract';
import type { BagLine, ListingOffer, ProductResponse } from '@preloved/contract';

// What pages need synchronously to put a listing into the bag; the bag calls themselves (bag.ts) load
// on first use, so the home page carries none of them.

/**
 * A bag line for a listing of the product page, as a visitor's local bag keeps it (spec §3). The
 * server builds the same line for a signed-in customer.
 */
export function bagLineFromListing(product: ProductResponse, listing: ListingOffer): BagLine {
  return {
    id: 0,
    listing_id: listing.listing_id,
    offer_id: null,
    valid_listing: true,
    valid_offer: true,
    offer_expire: null,
    product_brand_id: product.product.product_id,
    variant_id: product.variant.product_variant_id,
    product_child_id: listing.product_child_id,
    title: product.product.title,
    photo: listing.photos[0] ?? product.variant.photo,
    customer_name: listing.FirstName,
    CustomerID: listing.CustomerID,
    options: { O1Child: product.variant.O1Child, O2Child: listing.O2Child },
    condition_description: listing.condition_description,
    price: listing.price,
    currency_symb_code: listing.currency_symb_code || CURRENCY_SYMBOL_CODE,
    wishlisted: false,
  };
}

/** Thrown when a visitor's local bag is full (it is merged at sign-in, which takes MAX_CART_IDS ids). */
export class BagFullError extends Error {}
