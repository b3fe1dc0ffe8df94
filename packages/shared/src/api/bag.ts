import { bagLine, CURRENCY_SYMBOL_CODE, subtotalOf } from '@preloved/contract';
import type { BagLine, BagLines, BagPriceRequest, CartAddRequest, CheckoutData, ListingOffer, ProductResponse, WishlistEntries } from '@preloved/contract';
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
import { fetchCached, FRESH_MS, invalidateCached, setCached, type CacheKey } from '../state/data-cache';

// The bag and wishlist calls (spec §7) and what they do to the store (spec §4). A token means the
// bag lives on the server; without one it is the visitor's local bag under the `shoppingCart` key:
// ids, the price each was added at and what paints a line (state/stored-bag.ts). Whether a line can
// be bought and its price always come from the API, read again at the moments issue 25 lists.

const signedIn = () => Boolean(store.get(tokenAtom));

/**
 * The visitor's bag as the API prices it now (POST cart/price). Lines added while the call was out
 * stay; a line the answer left out (a listing that no longer exists) goes.
 */
async function priceLocalBag(): Promise<BagLines> {
  const sent = store.get(cartAtom);
  if (sent.length === 0) return sent;
  const json: BagPriceRequest = { lines: sent.map((line) => ({ listing_id: line.listing_id, offer_id: line.offer_id })) };
  const answer = await api().post('cart/price', { json }).json<BagLines>();
  const priced = new Map(answer.map((line) => [line.listing_id, line]));
  const asked = new Set(sent.map((line) => line.listing_id));
  const lines = store.get(cartAtom).flatMap((held) => {
    const line = priced.get(held.listing_id);
    if (line) return [{ ...line, id: held.id, price_added: held.price_added ?? null, wishlisted: held.wishlisted }];
    return asked.has(held.listing_id) ? [] : [held];
  });
  store.set(setCartAtom, lines);
  return lines;
}

/** The signed-in customer's POST cart on its way, while its piece is shown in the bag ahead of the answer. */
let adding: Promise<BagLines> | null = null;

/** What the bag is (whose, which lines): the key of its answers in the data cache. */
const bagKey = () => `${store.get(tokenAtom) ?? ''}|${store.get(cartAtom).map((line) => `${line.listing_id}:${line.offer_id ?? ''}`).join(',')}`;
const bagEntry = (bag = bagKey()): CacheKey => ['bag', bag];

// A signed-in customer's bag as the API answered an addition (POST cart answers the whole bag): the
// panel that opens on that answer shows it and does not read it again (one tap, one
// request). Once, for the opening the addition causes (its remote may take seconds to load on a slow
// phone), and only while the bag is the one answered: any other moment reads afresh.
const ANSWER_KEPT_MS = 30_000;
let answered: string | null = null;

/** The server's answer to a change is the bag: the store keeps it as it is (and the data cache, for the opening panel). */
function keepAnswer(lines: BagLines, { forOpening }: { forOpening: boolean }): BagLines {
  store.set(setCartAtom, lines);
  setCached(bagEntry(), lines);
  answered = forOpening ? bagKey() : null;
  return lines;
}

/**
 * The bag read again: GET cart for a signed-in customer (the store keeps it so the count and panel
 * need no call), the visitor's ids priced by POST cart/price otherwise. A sold piece then says
 * "Product unavailable", a price that changed shows its new value. The moments a shopper looks (the
 * panel opens, the tab comes back, a 409) ask now; several at once share one call, as long as it is
 * about the same bag (same shopper, same lines). `freshMs` takes the bag's answer of that
 * long ago instead (the checkout's tabs, right after the panel priced it).
 */
export function refreshBag(_signal?: AbortSignal, { freshMs = 0 }: { freshMs?: number } = {}): Promise<BagLines> {
  // An addition on its way answers with the whole bag: the panel it opened waits for that answer
  // instead of reading a bag that may not hold the piece yet.
  if (adding) return adding.then(() => store.get(cartAtom)).catch(() => store.get(cartAtom));
  const bag = bagKey();
  const opening = answered === bag;
  answered = null;
  return fetchCached<BagLines>(
    bagEntry(bag),
    () =>
      signedIn()
        ? api()
            .get('cart')
            .json<BagLines>()
            .then((lines) => {
              store.set(setCartAtom, lines);
              // The server's bag was read because it may have changed: so may the checkout's view of it.
              invalidateCached(['checkout']);
              return lines;
            })
        : priceLocalBag(),
    { freshMs: opening ? ANSWER_KEPT_MS : freshMs },
  );
}

/**
 * Reads the bag again whenever the page becomes visible after being hidden (the shopper
 * comes back to the tab); answers the function that stops it.
 */
export function refreshBagWhenVisible(): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const listener = () => {
    if (document.visibilityState === 'visible' && store.get(cartAtom).length > 0) refreshBag().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/**
 * A bag line for a listing of the product page, as a visitor's local bag keeps it (spec §3), until
 * the API prices it (POST cart/price, when the panel opens). A signed-in customer's line is the
 * server's: `addToBag` sends only the ids and shows the bag the API answers.
 */
export function bagLineFromListing(product: ProductResponse, listing: ListingOffer): BagLine {
  return bagLine(
    {
      listingId: listing.listing_id,
      productId: product.product.product_id,
      variantId: product.variant.product_variant_id,
      childId: listing.product_child_id,
      title: product.product.title,
      photo: listing.photos[0] ?? product.variant.photo,
      sellerName: listing.FirstName,
      sellerId: listing.CustomerID,
      colour: product.variant.O1Child,
      size: listing.O2Child,
      condition: listing.condition_description,
      price: listing.price,
      currency: listing.currency_symb_code,
    },
    { priceAdded: listing.price },
  );
}

/** Thrown when a visitor's local bag is full (it is merged at sign-in, which takes MAX_CART_IDS ids). */
export class BagFullError extends Error {}

/**
 * Add to bag (spec §4): POST cart when signed in, the local bag otherwise; the panel opens at once
 * with the piece and the "added" flag is up for 2 s. Signed in, that one request is all: its answer
 * is the whole bag, which replaces what was shown, and the panel shows it without reading it again.
 * A refusal (sold, own listing: 422) takes the piece out again and rejects, and the API client's
 * error catalogue shows its message.
 */
export async function addToBag(line: BagLine): Promise<void> {
  if (!signedIn()) {
    if (!store.set(addLocalLineAtom, line)) throw new BagFullError('The bag is full');
    store.set(markAddedAtom);
    return;
  }
  // The piece is in the bag and the panel open at once (650 ms on a phone waited for the
  // API); the API's answer, the whole bag, then replaces what was shown, and a refusal takes the
  // piece out again (the API client's catalogue says why).
  const wasOpen = store.get(bagOpenAtom);
  const shown = { ...line, id: 0, price_added: line.price_added ?? line.price };
  store.set(setCartAtom, [...store.get(cartAtom).filter((held) => held.listing_id !== line.listing_id), shown]);
  store.set(markAddedAtom);
  const json: CartAddRequest = { listing_id: line.listing_id, offer_id: line.offer_id };
  const request = api().post('cart', { json }).json<BagLines>();
  adding = request;
  try {
    // The panel this addition opened shows the answer and does not read the bag again.
    keepAnswer(await request, { forOpening: !wasOpen });
  } catch (error) {
    const left = store.get(cartAtom).filter((held) => held !== shown);
    store.set(setCartAtom, left);
    if (left.length === 0) store.set(bagOpenAtom, false);
    throw error;
  } finally {
    if (adding === request) adding = null;
  }
}

/** Remove (spec §2 bag line): DELETE cart?shopping_bag_line_id= when signed in; the local bag otherwise. */
export async function removeFromBag(line: BagLine): Promise<BagLines> {
  if (signedIn()) {
    return keepAnswer(await api().delete('cart', { searchParams: { shopping_bag_line_id: line.id } }).json<BagLines>(), { forOpening: false });
  }
  store.set(removeLocalLineAtom, line.listing_id);
  return store.get(cartAtom);
}

/** GET /api/checkout — the lines with the seller's FirstName and the subtotal. */
export function getCheckout(signal?: AbortSignal): Promise<CheckoutData> {
  return api().get('checkout', { signal }).json<CheckoutData>();
}

/** The checkout's data of this bag in the data cache. */
const checkoutEntry = (): CacheKey => ['checkout', bagKey()];
// "Go to checkout" fetches the checkout before navigating (spec §4): the page's first tab takes that
// answer instead of asking again. Only that tab: a signed-in customer's other tabs read the server's
// bag afresh (an offline tab shows the route's error frame rather than a bag that may be gone).
let handed: string | null = null;

/**
 * The checkout data of whoever is shopping: the server's for a signed-in customer, the local bag's
 * for a guest-checkout visitor, priced by the API first (the same shape, summed the same way). The
 * store's bag follows, so the header and the panel agree with the page. A guest's tabs take the
 * bag's pricing of the last FRESH_MS (the bag panel's, the tab before) instead of asking again; a
 * changed bag is another question. A signed-in customer's first tab takes "Go to checkout"'s read.
 */
export async function loadCheckout(_signal?: AbortSignal): Promise<CheckoutData> {
  if (signedIn()) {
    const fresh = handed === bagKey();
    handed = null;
    const checkout = await fetchCached(checkoutEntry(), () => getCheckout(), { freshMs: fresh ? FRESH_MS : 0 });
    store.set(
      setCartAtom,
      checkout.lines.map(({ FirstName: _firstName, ...line }) => line),
    );
    return checkout;
  }
  // Unreachable API: the page still opens with the bag as last known; the payment re-checks it.
  await refreshBag(undefined, { freshMs: FRESH_MS }).catch(() => undefined);
  const lines = store.get(cartAtom);
  return {
    lines: lines.map((line) => ({ ...line, FirstName: line.customer_name })),
    subtotal: subtotalOf(lines),
    currency_symb_code: CURRENCY_SYMBOL_CODE,
  };
}

/**
 * Go to checkout (spec §4): not signed in opens sign-in; a guest-checkout user with a token loses
 * flag and token and signs in; otherwise the checkout is fetched (the page takes it from the data
 * cache instead of asking again), the bag closes and the caller navigates to /checkout (it is told
 * so by the answer).
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
  const checkout = await fetchCached(checkoutEntry(), () => getCheckout(), { freshMs: 0 });
  handed = bagKey();
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
    store.set(openLoginAtom, { intent: { kind: 'wishlist', childId } });
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
  // A heart toggled while this was on its way answered with the list after the toggle: newer, kept (a
  // tap replayed right after the visitor's restore was undone by this answer, asked for before it).
  if (store.get(wishlistAtom) !== null) return;
  store.set(setWishlistAtom, entries.map((entry) => entry.product_child_id));
}

