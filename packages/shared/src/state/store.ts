import { BAG_ADDED_MS, bagBundles, isBuyableLine, MAX_CART_IDS, subtotalOf, type BagLine, type SavedSearchCreate } from '@preloved/contract';
import { atom, createStore, type WritableAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { isServerRendered } from '../ssr';
import { STORAGE_KEYS } from './storage-keys';
import { parseStoredBag, serializeBag } from './stored-bag';

// One store for the shell, every remote and code outside React (the API client). Base atoms are
// private to this file; the package exports derived read atoms and write-only action atoms.
export const store = createStore();

export type { BagLine };

export interface UserData {
  customer: { FirstName: string; LastName: string; [field: string]: unknown };
  [field: string]: unknown;
}

const storage = <T,>() =>
  createJSONStorage<T>(() => (typeof localStorage === 'undefined' ? (undefined as unknown as Storage) : localStorage));
// getOnInit: read localStorage when the atom is first used, so the first render is already right —
// except on a page the server rendered (and on the server itself): that page hydrates with nobody's
// data, exactly as the server sent it, and restorePersistedAtom reads the browser's right after
// (DESIGN §10: personal parts render after hydration and never enter shared HTML).
const readOnInit = typeof document !== 'undefined' && !isServerRendered();
/**
 * Whether the visitor's storage may be read yet. Not on a server-rendered page until
 * restorePersistedAtom: jotai's atomWithStorage also reads the storage when an atom is first
 * subscribed (its onMount), so the header's bag count, hydrated first, put the visitor's bag in the
 * store while the page region was still to hydrate, and a product page already in the bag hydrated
 * "In your bag" over the server's "Add to bag" (a mismatch: React threw the region's HTML away).
 */
let storageOpen = readOnInit;
type SyncStorage<T> = ReturnType<typeof storage<T>>;
/** `kept` as the atoms see it: its initial value (the server's view) until the storage is open. */
const gated = <T,>(kept: SyncStorage<T>): SyncStorage<T> => ({
  getItem: (key, initial) => (storageOpen ? kept.getItem(key, initial) : initial),
  setItem: (key, value) => kept.setItem(key, value),
  removeItem: (key) => kept.removeItem(key),
  subscribe: (key, callback, initial) =>
    kept.subscribe?.(key, (value) => {
      if (storageOpen) callback(value);
    }, initial) ?? (() => undefined),
});
const persistedAtoms: { atom: WritableAtom<unknown, [unknown], void>; key: string; initial: unknown; storage: SyncStorage<unknown> }[] = [];
const persisted = <T,>(key: string, initial: T, kept: SyncStorage<T> = storage<T>()) => {
  const created = atomWithStorage<T>(key, initial, gated(kept), { getOnInit: readOnInit });
  persistedAtoms.push({ atom: created as unknown as WritableAtom<unknown, [unknown], void>, key, initial, storage: kept as SyncStorage<unknown> });
  return created;
};

/** After hydrating a server-rendered page: the visitor's own token, bag, user and choices. */
export const restorePersistedAtom = atom(null, (_get, set) => {
  storageOpen = true;
  for (const entry of persistedAtoms) set(entry.atom, entry.storage.getItem(entry.key, entry.initial));
});

const local = () => (typeof localStorage === 'undefined' ? null : localStorage);
/**
 * The bag's own storage (stored-bag.ts): ids, added prices and paint, not whole lines. A bag in an
 * older or broken form is read as far as it goes and written back cleaned at once, so every tab
 * and the main shop's widget read the same bag.
 */
const bagStorage: SyncStorage<BagLine[]> = {
  getItem(key) {
    const raw = local()?.getItem(key) ?? null;
    const lines = parseStoredBag(raw);
    if (raw !== null) {
      const clean = serializeBag(lines);
      if (clean !== raw) local()?.setItem(key, clean);
    }
    return lines;
  },
  setItem: (key, lines) => local()?.setItem(key, serializeBag(lines)),
  removeItem: (key) => local()?.removeItem(key),
  subscribe(key, callback) {
    if (typeof window === 'undefined') return () => undefined;
    // Another tab (or the main shop's widget) changed the bag: this one follows at once.
    const listener = (event: StorageEvent) => {
      if (event.storageArea === local() && event.key === key) callback(parseStoredBag(event.newValue));
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  },
};

const tokenBase = persisted<string | null>(STORAGE_KEYS.accessToken, null);
const notificationsCountBase = persisted<number>(STORAGE_KEYS.notificationsCount, 0);
const userDataBase = persisted<UserData | null>(STORAGE_KEYS.userData, null);
const cartBase = persisted<BagLine[]>(STORAGE_KEYS.shoppingCart, [], bagStorage);
const guestCheckoutBase = persisted<boolean>(STORAGE_KEYS.checkoutGuest, false);

/** Persisted choices the product pages own; plain read/write atoms. */
export const selectedSizeAtom = persisted<string | null>(STORAGE_KEYS.selectedSize, null);
export const selectedListingAtom = persisted<number | null>(STORAGE_KEYS.selectedListing, null);
export const selectedStoreAtom = persisted<number | null>(STORAGE_KEYS.selectedStore, null);

export const tokenAtom = atom((get) => get(tokenBase));
export const notificationsCountAtom = atom((get) => get(notificationsCountBase));
/** The count's parts by the API's names (`offers`, `feed`, `messages`), in memory: read again at every session start. */
const notificationPartsBase = atom<Readonly<Record<string, number>>>({});
export const notificationPartsAtom = atom((get) => get(notificationPartsBase));
export const userDataAtom = atom((get) => get(userDataBase));
export const cartAtom = atom((get) => get(cartBase));
export const guestCheckoutAtom = atom((get) => get(guestCheckoutBase));
/** The lines that can still be bought: what the header and the main shop's widget count. */
export const cartQuantityAtom = atom((get) => get(cartBase).filter(isBuyableLine).length);
/** The lines that can no longer be bought (sold, archived, an offer that lapsed): shown apart. */
export const cartUnavailableCountAtom = atom((get) => get(cartBase).length - get(cartQuantityAtom));
/** Each package's bundle discount (as checkout takes it), from the lines' seller tiers. */
export const cartBundlesAtom = atom((get) => bagBundles(get(cartBase)));
/**
 * The bag total in euros (spec §2): the lines that can be bought, summed in cents, less each
 * package's bundle discount (taxes, fees and delivery are added at checkout).
 */
export const cartTotalAtom = atom((get) => (Math.round(subtotalOf(get(cartBase)) * 100) - get(cartBundlesAtom).reduce((cents, bundle) => cents + bundle.discount, 0)) / 100);

// The signed-in customer's saved product children (spec §6), for the hearts; null until loaded.
// Server data, not persisted: it is read again in each session.
const wishlistBase = atom<number[] | null>(null);
export const wishlistAtom = atom((get) => get(wishlistBase));
export const setWishlistAtom = atom(null, (get, set, childIds: number[] | null) => {
  set(wishlistBase, childIds);
  const saved = new Set(childIds ?? []);
  // A bag line's heart is its child's: "wishlisted" follows the list (spec §3, set locally).
  const lines = get(cartBase);
  if (lines.some((line) => line.wishlisted !== saved.has(line.product_child_id))) {
    set(cartBase, lines.map((line) => ({ ...line, wishlisted: saved.has(line.product_child_id) })));
  }
});
/** Signed in for the account button and the wishlist: a token, and not a guest-checkout user (spec §6). */
export const isSignedInAtom = atom((get) => Boolean(get(tokenBase)) && !get(guestCheckoutBase));

// UI state shared by the shell and the remotes.
export type LoginPanelMode = 'closed' | 'signin' | 'register' | 'forgot' | 'forgot-sent';
/** `email` prefills the forms' e-mail (a guest's order e-mail when they create the account that claims it). */
export const loginPanelAtom = atom<{ mode: LoginPanelMode; forCheckout: boolean; email?: string }>({
  mode: 'closed',
  forCheckout: false,
});
export const bagOpenAtom = atom(false);
const bagAddedBase = atom(0);
/** "Added" flag: true for 2 s after an item goes into the bag (spec §4), drives the badge animation. */
export const bagAddedAtom = atom((get) => get(bagAddedBase) > 0);

/**
 * Add to bag (spec §4): the panel opens and the "added" flag stays up for BAG_ADDED_MS after the
 * latest addition (a second add within the 2 s extends it rather than cutting it short).
 */
export const markAddedAtom = atom(null, (get, set) => {
  const generation = get(bagAddedBase) + 1;
  set(bagAddedBase, generation);
  set(bagOpenAtom, true);
  setTimeout(() => {
    if (store.get(bagAddedBase) === generation) store.set(bagAddedBase, 0);
  }, BAG_ADDED_MS);
});

/** A visitor's bag: each listing once, at most MAX_CART_IDS lines; priced again by the API (api/bag.ts). */
export const addLocalLineAtom = atom(null, (get, set, line: BagLine): boolean => {
  const lines = get(cartBase);
  if (lines.some((held) => held.listing_id === line.listing_id)) return true;
  if (lines.length >= MAX_CART_IDS) return false;
  // The price it goes in at: a later price is told against it ("was €X", or that it rose).
  set(cartBase, [...lines, { ...line, price_added: line.price_added ?? line.price }]);
  return true;
});
export const removeLocalLineAtom = atom(null, (get, set, listingId: number) =>
  set(cartBase, get(cartBase).filter((line) => line.listing_id !== listingId)),
);

/** The guest-checkout user who goes to checkout again signs in first (spec §4): flag and token go. */
export const endGuestCheckoutAtom = atom(null, (_get, set) => {
  set(guestCheckoutBase, false);
  set(tokenBase, null);
});

export const setCartAtom = atom(null, (_get, set, lines: BagLine[]) => set(cartBase, lines));
export const setNotificationsCountAtom = atom(null, (_get, set, count: number, parts: Readonly<Record<string, number>> = {}) => {
  set(notificationsCountBase, count);
  set(notificationPartsBase, parts);
});
/** The messages of the shopper's threads not read yet: the header's count beside the bag. */
export const unreadMessagesAtom = atom((get) => get(notificationPartsBase).messages ?? 0);
export const setUserDataAtom = atom(null, (_get, set, data: UserData | null) => set(userDataBase, data));
export const setGuestCheckoutAtom = atom(null, (_get, set, guest: boolean) => set(guestCheckoutBase, guest));

export interface SessionStart {
  token: string;
  cart: BagLine[];
  notifications: number;
  userData?: UserData | null;
}

/** Login or sign-up success (spec §4): guest flag cleared; token, bag, notifications, user data stored. */
export const startSessionAtom = atom(null, (_get, set, session: SessionStart) => {
  set(guestCheckoutBase, false);
  set(wishlistBase, null);
  set(tokenBase, session.token);
  set(cartBase, session.cart);
  set(notificationsCountBase, session.notifications);
  if (session.userData !== undefined) set(userDataBase, session.userData);
  set(loginPanelAtom, { mode: 'closed', forCheckout: false });
});

/** Logout and 401 (spec §4, §8): token, notifications, bag and user data are cleared. */
export const clearSessionAtom = atom(null, (_get, set) => {
  set(tokenBase, null);
  set(notificationsCountBase, 0);
  set(notificationPartsBase, {});
  set(cartBase, []);
  set(userDataBase, null);
  set(wishlistBase, null);
});

// Counts the openings of the login panel: the panel keys its forms on it, so every opening starts
// with empty fields even when the panel was already open (spec §4).
const loginPanelOpeningsBase = atom(0);
export const loginPanelOpeningsAtom = atom((get) => get(loginPanelOpeningsBase));

/**
 * What a visitor was doing when sign-in was asked for, so it goes on once they
 * are signed in or registered: the offer dialog opens again with the amount, the piece is saved,
 * the selling form or checkout opens. In memory: sign-in happens in a panel over the same page.
 */
export type LoginIntent =
  | { kind: 'offer'; listingId: number; amount: string }
  | { kind: 'ask'; listingId: number }
  | { kind: 'wishlist'; childId: number }
  | { kind: 'sell' }
  | { kind: 'checkout' }
  | { kind: 'saveSearch'; search: SavedSearchCreate };
const loginIntentBase = atom<LoginIntent | null>(null);
/** The pending intent; whoever carries it on sets it back to null. */
export const loginIntentAtom = atom(
  (get) => get(loginIntentBase),
  (_get, set, intent: LoginIntent | null) => set(loginIntentBase, intent),
);

/** Opening the login panel clears its fields and sets sign-in mode (spec §4); "go to checkout" is its intent. */
export const openLoginAtom = atom(null, (_get, set, options?: { forCheckout?: boolean; intent?: LoginIntent }) => {
  set(loginIntentBase, options?.intent ?? (options?.forCheckout ? { kind: 'checkout' } : null));
  set(loginPanelOpeningsBase, (count) => count + 1);
  set(loginPanelAtom, { mode: 'signin', forCheckout: options?.forCheckout ?? false });
});

/** Continue as guest (spec §4): both panels close and the guest flag is set; the caller goes to /checkout. */
export const continueAsGuestAtom = atom(null, (_get, set) => {
  // The guest goes to checkout now: a later sign-up (to claim the order) must not send them there again.
  set(loginIntentBase, null);
  set(loginPanelAtom, { mode: 'closed', forCheckout: false });
  set(bagOpenAtom, false);
  set(guestCheckoutBase, true);
});

// The search overlay (spec §2, §4): opened by typing more than 3 characters in the header's search
// box, or by the mobile header's search button. What opened it decides where focus goes: into the
// overlay for the button, nowhere (it stays in the box) for typing.
export type SearchOverlayOpener = 'typing' | 'button';
const searchOverlayBase = atom<{ open: boolean; via: SearchOverlayOpener }>({ open: false, via: 'typing' });
/** Whether the search overlay is open, and what opened it. */
export const searchOverlayAtom = atom((get) => get(searchOverlayBase));
export const openSearchAtom = atom(null, (_get, set, via: SearchOverlayOpener = 'button') => set(searchOverlayBase, { open: true, via }));
export const closeSearchAtom = atom(null, (_get, set) => set(searchOverlayBase, (state) => ({ ...state, open: false })));
