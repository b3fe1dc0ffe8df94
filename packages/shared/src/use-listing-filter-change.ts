import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ListingSort } from '@preloved/contract';
import { listingFiltersToParams, type ListingFiltersState } from './listing-filters';

/**
 * A listing page's filter or sort change (catalog and search): the new state goes to the URL, back to
 * page 1, without jumping to the top. `keep` holds the page's own parameters (search's `q`);
 * `defaultSort` is the page's order when the URL names none (left out of the URL).
 */
export function useListingFilterChange(filters: ListingFiltersState, keep?: Record<string, string>, defaultSort: ListingSort = 'price_asc') {
  const [, setSearchParams] = useSearchParams();
  const kept = keep ? new URLSearchParams(keep).toString() : '';
  return useCallback(
    (next: Partial<ListingFiltersState>) =>
      setSearchParams(listingFiltersToParams({ ...filters, page: 1, ...next }, new URLSearchParams(kept), defaultSort), { preventScrollReset: true }),
    [filters, kept, setSearchParams, defaultSort],
  );
}
