import { GENDERS, LISTING_SORTS, MAX_PAGE, type Gender, type ListingSort } from '@preloved/contract';

// The filters and paging of a listing page as its URL holds them (the catalog's listings and the
// search results use the same model), so any page can be shared, bookmarked or reloaded.

export interface ListingFiltersState {
  gender?: Gender;
  size: string[];
  colour: string[];
  condition: number[];
  min_price?: number;
  max_price?: number;
  sort: ListingSort;
  page: number;
}

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && part.length <= 40)
    .slice(0, 20);

const price = (value: string | null) => {
  if (value === null || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= 100000 ? number : undefined;
};

/**
 * Reads the state from a URL leniently: a bad value is dropped, never an error. `defaultSort`: the
 * page's order when the URL names none (a search's is relevance, a catalogue page's min price).
 */
export function parseListingFilters(params: URLSearchParams, defaultSort: ListingSort = 'price_asc'): ListingFiltersState {
  const sort = params.get('sort');
  const gender = params.get('gender');
  const page = Number(params.get('page'));
  return {
    gender: (GENDERS as readonly string[]).includes(gender ?? '') ? (gender as Gender) : undefined,
    size: list(params.get('size')),
    colour: list(params.get('colour')),
    condition: list(params.get('condition'))
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0 && id < 1000),
    min_price: price(params.get('min_price')),
    max_price: price(params.get('max_price')),
    sort: (LISTING_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListingSort) : defaultSort,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The URL parameters of a state; defaults are left out so URLs stay short. */
export function listingFiltersToParams(state: ListingFiltersState, params = new URLSearchParams(), defaultSort: ListingSort = 'price_asc'): URLSearchParams {
  for (const key of ['gender', 'size', 'colour', 'condition', 'min_price', 'max_price', 'sort', 'page']) params.delete(key);
  if (state.gender) params.set('gender', state.gender);
  if (state.size.length) params.set('size', state.size.join(','));
  if (state.colour.length) params.set('colour', state.colour.join(','));
  if (state.condition.length) params.set('condition', state.condition.join(','));
  if (state.min_price !== undefined) params.set('min_price', String(state.min_price));
  if (state.max_price !== undefined) params.set('max_price', String(state.max_price));
  if (state.sort !== defaultSort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** How many filters the shopper has set (a price range counts once). */
export function activeFilterCount(state: ListingFiltersState): number {
  return state.size.length + state.colour.length + state.condition.length + (state.min_price !== undefined || state.max_price !== undefined ? 1 : 0);
}
