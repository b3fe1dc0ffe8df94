import type { BagLine } from './bag';
import type { BundleTierRule } from './bundle-rules';
import { CURRENCY_SYMBOL_CODE } from './constants';

// Apart from bag.ts on purpose: bag.ts builds zod schemas when it loads, and the browser's store
// (loaded on every page) builds lines; importing the builder from there put zod's 25 KB on `/`.

/** The piece a bag line shows, by plain names (the line's own names are the spec's). Price in euros. */
export interface BagPiece {
  listingId: number;
  productId: number;
  variantId: number;
  childId: number;
  title: string;
  photo: string;
  sellerName: string;
  sellerId: number;
  colour: string;
  size: string;
  condition: string;
  price: number;
  currency?: string;
  /** The seller's bundle tiers; none when not known. */
  bundleTiers?: readonly BundleTierRule[];
}

/** The line's state in a bag; a visitor's new line has none of it (id 0, no offer, valid, not wishlisted). */
export interface BagLineState {
  id?: number;
  offerId?: number | null;
  validListing?: boolean;
  validOffer?: boolean;
  offerExpire?: string | null;
  offerPrice?: number | null;
  wishlisted?: boolean;
  priceAdded?: number | null;
}

/**
 * The one builder of a bag line (the API's and the browser's were written apart): the
 * server's bag and a visitor's priced bag (apps/api bag-repository), and the line a visitor's bag
 * keeps from the product page (packages/shared api/bag.ts), all go through it.
 */
export function bagLine(piece: BagPiece, state: BagLineState = {}): BagLine {
  return {
    id: state.id ?? 0,
    listing_id: piece.listingId,
    offer_id: state.offerId ?? null,
    valid_listing: state.validListing ?? true,
    valid_offer: state.validOffer ?? true,
    offer_expire: state.offerExpire ?? null,
    offer_price: state.offerPrice ?? null,
    product_brand_id: piece.productId,
    variant_id: piece.variantId,
    product_child_id: piece.childId,
    title: piece.title,
    photo: piece.photo,
    customer_name: piece.sellerName,
    CustomerID: piece.sellerId,
    options: { O1Child: piece.colour, O2Child: piece.size },
    condition_description: piece.condition,
    price: piece.price,
    currency_symb_code: piece.currency || CURRENCY_SYMBOL_CODE,
    wishlisted: state.wishlisted ?? false,
    price_added: state.priceAdded ?? null,
    bundle_tiers: piece.bundleTiers ? [...piece.bundleTiers] : [],
  };
}
