import type { SellerListing, SellerProductChoice, SellingTerms } from '@preloved/contract';
import { getPayoutPreference, getSellerListing, getSellerProductOfChild, getSellingTerms, HTTPError } from '@preloved/shared';
import { hasSession, type LoaderFunctionArgs, redirect } from '@preloved/shared/router';
import { RESELL_PARAM, resellReference } from '../../lib/resell-link';

export interface SubmitData {
  terms: SellingTerms;
  listing: SellerListing | null;
  /** The address named a listing that does not exist or is another seller's (a 404). */
  missing?: boolean;
  /**
   * Resell from the main shop: the piece named by `?resell=<product child id>`, looked up
   * in the catalogue (null: the catalogue has no such piece). Absent when the address names none.
   */
  resell?: SellerProductChoice | null;
}

const notFoundAsNull = <T,>(error: unknown): T | null => {
  if (error instanceof HTTPError && error.response.status === 404) return null;
  throw error;
};

export async function submitItemLoader({ request, params }: LoaderFunctionArgs): Promise<SubmitData | null> {
  if (!hasSession()) return null;
  const id = params.listingId ? Number(params.listingId) : null;
  // Only the reference is taken from the address (the main shop's "Resell this"): the rest is the catalogue's.
  const asked = new URL(request.url).searchParams.get(RESELL_PARAM);
  const reference = id === null && asked !== null ? resellReference(asked) : null;
  if (id === null) {
    // The Sell button leads here; a customer who has not chosen how to be paid goes to onboarding first
    // (and comes back to the same piece).
    const payout = await getPayoutPreference(request.signal);
    if (!payout.onboarded) throw redirect(reference !== null ? `/user/onboarding?${RESELL_PARAM}=${reference}` : '/user/onboarding');
  }
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const [terms, listing, resell] = await Promise.all([
    getSellingTerms(request.signal),
    id !== null && valid ? getSellerListing(id, request.signal).catch(notFoundAsNull<SellerListing>) : Promise.resolve(null),
    reference !== null ? getSellerProductOfChild(reference, request.signal).catch(notFoundAsNull<SellerProductChoice>) : Promise.resolve(undefined),
  ]);
  return {
    terms,
    listing,
    missing: id !== null && !listing,
    ...(id === null && asked !== null ? { resell: resell ?? null } : {}),
  };
}

