import type { ListingsResponse } from '@preloved/contract';
import { toSearchParams, type ListingParams } from './catalog';
import { api } from './client';

/** The overlay shows up to 12 results, then a "View more" link to /search (our decision: the spec is silent). */
export const SEARCH_OVERLAY_LIMIT = 12;

export type SearchParams = ListingParams & { q: string };

/**
 * GET /api/products/listings/all?limit=0&q={text}&id_brand=1 (spec §7), with a Bearer token when
 * signed in. A failed search only empties the results and shows nothing (spec §8), so the caller
 * handles every error: no toast, no redirect.
 */
export function searchListings(params: SearchParams, signal?: AbortSignal): Promise<ListingsResponse> {
  return api()
    .get('products/listings/all', { searchParams: toSearchParams(params), signal, context: { handlesErrors: true } })
    .json<ListingsResponse>();
}
