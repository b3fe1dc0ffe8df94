import { GENDERS, LISTING_SORTS, MAX_PAGE, type Gender, type ListingSort } from '@preloved/contract';

/** What a listing page's URL holds: shareable, and parsed leniently (bad values are dropped). */
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

export function parseFilters(params: URLSearchParams): ListingFiltersState {
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
    sort: (LISTING_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListingSort) : 'price_asc',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The URL of a filter state; defaults are left out so URLs stay short. */
export function filtersToParams(state: ListingFiltersState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.gender) params.set('gender', state.gender);
  if (state.size.length) params.set('size', state.size.join(','));
  if (state.colour.length) params.set('colour', state.colour.join(','));
  if (state.condition.length) params.set('condition', state.condition.join(','));
  if (state.min_price !== undefined) params.set('min_price', String(state.min_price));
  if (state.max_price !== undefined) params.set('max_price', String(state.max_price));
  if (state.sort !== 'price_asc') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
