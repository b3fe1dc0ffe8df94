import type { AddressInput, DeliveryOption, PaymentResult } from '@preloved/contract';
import { isBuyableLine } from '@preloved/contract';
import { cartAtom, isSignedInAtom } from '@preloved/shared';
import { atom, useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';

/**
 * What the shopper chose on the delivery and review tabs, carried to the payment tab. Kept in the
 * shared jotai store (in memory, not persisted): leaving the checkout loses it (spec §4), and so
 * does a reload, which is what "progress is lost" asks for.
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
  /** The code is a first-order one (issue 41): a guest types the 6-digit code mailed to `email` to use it. */
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

export const checkoutProgressAtom = atom<CheckoutProgress>(EMPTY_PROGRESS);

// The checkout pages on screen. Going from one tab to the next unmounts one and mounts the next in
// the same commit; when none is left a moment later, the shopper has left the checkout.
let pagesShown = 0;

/**
 * The progress, for a checkout page (the tabs and the payment result). Leaving them for any other
 * page forgets it (spec §4: leaving the checkout loses the progress).
 */
export function useCheckoutProgress() {
  const [progress, setProgress] = useAtom(checkoutProgressAtom);
  useEffect(() => {
    pagesShown += 1;
    return () => {
      pagesShown -= 1;
      setTimeout(() => {
        if (pagesShown === 0) setProgress(EMPTY_PROGRESS);
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
