import { CURRENCY_SYMBOL_CODE, subtotalOf } from '@preloved/contract';
import type { BagLine, BagLines, CartAddRequest, CheckoutData, ListingOffer, ProductResponse, WishlistEntries } from '@preloved/contract';
import {
  addLocalLineAtom,
  bagOpenAtom,
  cartAtom,
  endGuestCheckoutAtom,
  guestCheckoutAtom,
  markAddedAtom,
  openLoginAtom,
  removeLocalLineAtom,
  setCartAtom,
  store,
  setWishlistAtom,
  tokenAtom,
  wishlistAtom,
} from '../state/store';
import { api } from './client';

// The bag and wishlist calls (spec §7) and what they do to the store (spec §4). A token means the
// bag lives on the server; without one it is the visitor's local bag, whole lines under the
// `shoppingCart` key so it renders with no call.

const signedIn = () => Boolean(store.get(tokenAtom));

/** GET /api/cart — the server bag; the store keeps it so the count and panel need no call. */
export async function refreshBag(signal?: AbortSignal): Promise<BagLines> {
  if (!signedIn()) return store.get(cartAtom);
  const lines = await api().get('cart', { signal }).json<BagLines>();
  store.set(setCartAtom, lines);
  return lines;
}

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

/**
 * Add to bag (spec §4): POST cart when signed in, the local bag otherwise; then the panel opens and
 * the "added" flag is up for 2 s. A refusal (sold, own listing: 422) rejects, and the API client's
 * error catalogue shows its message.
 */
export async function addToBag(line: BagLine): Promise<void> {
  if (signedIn()) {
    const json: CartAddRequest = { listing_id: line.listing_id, offer_id: line.offer_id };
    store.set(setCartAtom, await api().post('cart', { json }).json<BagLines>());
  } else if (!store.set(addLocalLineAtom, line)) {
    throw new BagFullError('The bag is full');
  }
  store.set(markAddedAtom);
}

/** Remove (spec §2 bag line): DELETE cart?shopping_bag_line_id= when signed in; the local bag otherwise. */
export async function removeFromBag(line: BagLine): Promise<BagLines> {
  if (signedIn()) {
    const lines = await api().delete('cart', { searchParams: { shopping_bag_line_id: line.id } }).json<BagLines>();
    store.set(setCartAtom, lines);
    return lines;
  }
  store.set(removeLocalLineAtom, line.listing_id);
  return store.get(cartAtom);
}

/** GET /api/checkout — the lines with the seller's FirstName and the subtotal. */
export function getCheckout(signal?: AbortSignal): Promise<CheckoutData> {
  return api().get('checkout', { signal }).json<CheckoutData>();
}

// "Go to checkout" fetches the checkout before navigating (spec §4); the page takes it from here
// instead of asking again.
let prefetched: CheckoutData | null = null;

/**
 * The checkout data of whoever is shopping: the server's for a signed-in customer, the local bag's
 * for a guest-checkout visitor (the same shape, summed the same way).
 */
export async function loadCheckout(signal?: AbortSignal): Promise<CheckoutData> {
  const handed = prefetched;
  prefetched = null;
  // Only the signed-in customer who just went to checkout may take it; anyone else reads afresh.
  if (handed && signedIn()) return handed;
  if (signedIn()) return getCheckout(signal);
  const lines = store.get(cartAtom);
  return {
    lines: lines.map((line) => ({ ...line, FirstName: line.customer_name })),
    subtotal: subtotalOf(lines),
    currency_symb_code: CURRENCY_SYMBOL_CODE,
  };
}

/**
 * Go to checkout (spec §4): not signed in opens sign-in; a guest-checkout user with a token loses
 * flag and token and signs in; otherwise the checkout is fetched, the bag closes and the caller
 * navigates to /checkout (it is told so by the answer).
 */
export async function goToCheckout(): Promise<{ next: 'login' } | { next: 'checkout'; checkout: CheckoutData }> {
  if (!signedIn()) {
    store.set(openLoginAtom, { forCheckout: true });
    return { next: 'login' };
  }
  if (store.get(guestCheckoutAtom)) {
    store.set(endGuestCheckoutAtom);
    store.set(openLoginAtom, { forCheckout: true });
    return { next: 'login' };
  }
  const checkout = await getCheckout();
  prefetched = checkout;
  store.set(bagOpenAtom, false);
  return { next: 'checkout', checkout };
}

/** GET /api/customers/wishlist — the saved pieces with their availability and price now. */
export function getWishlist(signal?: AbortSignal): Promise<WishlistEntries> {
  return api().get('customers/wishlist', { signal }).json<WishlistEntries>();
}

/**
 * The wishlist heart (spec §6): a signed-in, non-guest customer toggles the product child with PUT
 * customers/wishlist and the bag lines of that child follow; anyone else gets the login panel and
 * null.
 */
export async function toggleWishlist(childId: number): Promise<WishlistEntries | null> {
  if (!signedIn() || store.get(guestCheckoutAtom)) {
    store.set(openLoginAtom);
    return null;
  }
  const entries = await api().put('customers/wishlist', { json: { child_id: childId } }).json<WishlistEntries>();
  store.set(setWishlistAtom, entries.map((entry) => entry.product_child_id));
  return entries;
}

/** The saved product children of a signed-in customer, for the hearts; loaded once per session. */
export async function loadWishlistIds(): Promise<void> {
  if (!signedIn() || store.get(guestCheckoutAtom) || store.get(wishlistAtom) !== null) return;
  const entries = await getWishlist();
  store.set(setWishlistAtom, entries.map((entry) => entry.product_child_id));
}

