import type { AddressInput, DeliveryOption, PaymentResult } from '@preloved/contract';
import { isBuyableLine } from '@preloved/contract';
import { cartAtom, isSignedInAtom } from '@preloved/shared';
import { atom, useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';

/**
 * What the shopper chose on the delivery and review tabs, carried to the payment tab. Kept in the
 * shared jotai store and in the tab's sessionStorage (a reload, a dropped connection or an
 * error frame on a phone lost the delivery, address and pickup choice): leaving the checkout still
 * loses it (spec §4), closing the tab too. Not one of the spec's localStorage keys (§3), which are
 * shared by every tab and kept for good; the card is never stored.
 */
export interface CheckoutProgress {
  delivery_option: DeliveryOption | null;
  pickup_point_id: number | null;
  pickup_point_name: string | null;
  /** A saved address (signed-in customers) or a new one. */
  address_id: number | null;
  address: AddressInput | null;
  /** Signed-in customers with a new address: keep it in their address book when the order is placed. */
  save_address: boolean;
  /** Guests only. */
  email: string;
  discount_code: string | null;
  /** The code is a first-order one: a guest types the 6-digit code mailed to `email` to use it. */
  first_order_code: boolean;
  /** The total the review tab showed; the payment sends it back so a changed price is refused. */
  total: number | null;
  /** The last successful payment, for /payment-sucess. */
  result: PaymentResult | null;
}

export const EMPTY_PROGRESS: CheckoutProgress = {
  delivery_option: null,
  pickup_point_id: null,
  pickup_point_name: null,
  address_id: null,
  address: null,
  save_address: false,
  email: '',
  discount_code: null,
  first_order_code: false,
  total: null,
  result: null,
};

/**
 * sessionStorage keys: the progress, the delivery tab's form as typed (before "Continue"), and the
 * last order this tab placed (kept after leaving the checkout).
 */
export const PROGRESS_KEY = 'checkoutProgress';
export const DRAFT_KEY = 'checkoutDraft';
export const PLACED_KEY = 'checkoutPlaced';

const session = () => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (a privacy mode): in memory only
  }
};

function readSession<T>(key: string, fallback: T): T {
  try {
    const text = session()?.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function writeSession(key: string, value: unknown, empty: unknown): void {
  try {
    if (value === empty) session()?.removeItem(key);
    else session()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage keeps the value in memory only.
  }
}

/** An atom kept in the tab's sessionStorage, read when first used (the checkout is never server-rendered). */
function sessionAtom<T>(key: string, empty: T, stored: () => T) {
  const kept = atom<{ value: T } | null>(null);
  const current = (value: { value: T } | null) => (value ?? { value: stored() }).value;
  return atom(
    (get) => current(get(kept)),
    (get, set, update: T | ((current: T) => T)) => {
      const value = typeof update === 'function' ? (update as (current: T) => T)(current(get(kept))) : update;
      set(kept, { value });
      writeSession(key, value, empty);
    },
  );
}

export const checkoutProgressAtom = sessionAtom<CheckoutProgress>(PROGRESS_KEY, EMPTY_PROGRESS, () => ({
  ...EMPTY_PROGRESS,
  ...readSession<Partial<CheckoutProgress>>(PROGRESS_KEY, {}),
}));

/**
 * The order this tab placed last: Back to /payment after paying, or paying again, shows
 * it instead of an empty form; kept in sessionStorage after the checkout's progress is forgotten.
 */
export const lastPlacedAtom = sessionAtom<PaymentResult | null>(PLACED_KEY, null, () => readSession<PaymentResult | null>(PLACED_KEY, null));

/**
 * The delivery tab as the shopper left it: what was typed and chosen before "Continue",
 * so a reload or an error frame on a phone does not make them type the address again.
 */
export interface DeliveryDraft {
  option: DeliveryOption | null;
  pointId: number | null;
  chosenAddress: string;
  saveAddress: boolean;
  values: Record<string, string>;
}

export const readDraft = (): DeliveryDraft | null => readSession<DeliveryDraft | null>(DRAFT_KEY, null);
export const writeDraft = (draft: DeliveryDraft | null): void => writeSession(DRAFT_KEY, draft, null);

/** The checkout's own paths: an error frame shown on one of them has not left the checkout. */
const CHECKOUT_PATHS = ['/checkout', '/review', '/payment', '/payment-sucess'];
const inCheckout = () => typeof window !== 'undefined' && CHECKOUT_PATHS.includes(window.location.pathname.replace(/\/+$/, ''));

// The checkout pages on screen. Going from one tab to the next unmounts one and mounts the next in
// the same commit; when none is left a moment later, the shopper has left the checkout.
let pagesShown = 0;

/**
 * The progress, for a checkout page (the tabs and the payment result). Leaving them for any other
 * page forgets it (spec §4: leaving the checkout loses the progress); the route's error frame (a
 * page that could not load offline) replaces the tab on the same path, which keeps it for "Try again".
 */
export function useCheckoutProgress() {
  const [progress, setProgress] = useAtom(checkoutProgressAtom);
  useEffect(() => {
    pagesShown += 1;
    return () => {
      pagesShown -= 1;
      setTimeout(() => {
        if (pagesShown === 0 && !inCheckout()) {
          setProgress(EMPTY_PROGRESS);
          writeDraft(null);
        }
      }, 0);
    };
  }, [setProgress]);
  return [progress, setProgress] as const;
}

/**
 * A guest checks out the local bag's listing ids, only those that can still be bought (issue 25:
 * the others are shown apart); a signed-in customer the server bag.
 */
export function useGuestCart(): number[] | undefined {
  const signedIn = useAtomValue(isSignedInAtom);
  const lines = useAtomValue(cartAtom);
  return signedIn ? undefined : lines.filter(isBuyableLine).map((line) => line.listing_id);
}
