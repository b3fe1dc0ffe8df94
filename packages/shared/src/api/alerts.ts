import type { SavedSearch, SavedSearchCreate, SavedSearchList, SavedSearchUpdate, SimilarPieces } from '@preloved/contract';
import { guestCheckoutAtom, openLoginAtom, store, tokenAtom } from '../state/store';
import { api, HTTPError } from './client';

// Saved searches (the account's list and "Save this search") and a product's similar
// pieces. The pages show the saved searches' refusals themselves (by their `code`).
const own = { handlesErrors: true };

/** The refusal's stable code (`saved_search_limit`…), or null for anything else. */
export function refusalCode(error: unknown): string | null {
  if (!(error instanceof HTTPError)) return null;
  // ky 2 has read the body into `data` (the response's own body is consumed by then).
  const data = error.data as { code?: unknown } | null | undefined;
  return typeof data?.code === 'string' ? data.code : null;
}

/**
 * "Save this search": a visitor (or a guest at checkout) is asked to sign in first, and the search is
 * saved once they are (the login intent); answers null then.
 */
export async function saveSearch(json: SavedSearchCreate): Promise<SavedSearch | null> {
  if (!store.get(tokenAtom) || store.get(guestCheckoutAtom)) {
    store.set(openLoginAtom, { intent: { kind: 'saveSearch', search: json } });
    return null;
  }
  return api().post('customers/saved-searches', { json, context: own }).json<SavedSearch>();
}

export function getSavedSearches(signal?: AbortSignal): Promise<SavedSearchList> {
  return api().get('customers/saved-searches', { signal }).json<SavedSearchList>();
}

export function updateSavedSearch(id: number, json: SavedSearchUpdate): Promise<SavedSearch> {
  return api().patch(`customers/saved-searches/${id}`, { json, context: own }).json<SavedSearch>();
}

export async function deleteSavedSearch(id: number): Promise<void> {
  await api().delete(`customers/saved-searches/${id}`, { context: own });
}

/** A product's similar pieces; none when the call fails (the page stands without them). */
export async function getSimilarPieces(productId: number, variant?: number, signal?: AbortSignal): Promise<SimilarPieces['pieces']> {
  try {
    const answer = await api()
      .get(`products/${productId}/similar`, { searchParams: variant ? { variant } : {}, signal, context: own })
      .json<SimilarPieces>();
    return answer.pieces;
  } catch {
    return [];
  }
}
