import { activeFilterCount, listingFiltersToParams, parseListingFilters } from './listing-filters';

describe('listing URL filters', () => {
  it('reads every filter from the URL and writes it back the same', () => {
    const url = 'gender=women&size=M,L&colour=black&condition=1,3&min_price=10&max_price=80.5&sort=newest&page=3';
    const state = parseListingFilters(new URLSearchParams(url));
    expect(state).toEqual({
      gender: 'women',
      size: ['M', 'L'],
      colour: ['black'],
      condition: [1, 3],
      min_price: 10,
      max_price: 80.5,
      sort: 'newest',
      page: 3,
    });
    expect(listingFiltersToParams(state).toString()).toBe(new URLSearchParams(url).toString());
  });

  it('falls back to sane defaults for unknown values and absurd pages', () => {
    const state = parseListingFilters(new URLSearchParams('gender=cats&sort=random&page=999999&condition=x,-1,2&min_price=-5&max_price=abc'));
    expect(state).toEqual({ gender: undefined, size: [], colour: [], condition: [2], min_price: undefined, max_price: undefined, sort: 'price_asc', page: 1 });
    expect(listingFiltersToParams(state).toString()).toBe('condition=2');
  });

  it('keeps the other parameters of the URL (the search query) and replaces stale filters', () => {
    const state = parseListingFilters(new URLSearchParams('size=S&page=2'));
    const params = listingFiltersToParams({ ...state, page: 1 }, new URLSearchParams('q=linen dress&size=XL&sort=newest'));
    expect(params.toString()).toBe('q=linen+dress&size=S');
  });

  it('counts the set filters, a price range once', () => {
    expect(activeFilterCount(parseListingFilters(new URLSearchParams('size=S,M&colour=black&min_price=5&max_price=50&sort=newest')))).toBe(4);
    expect(activeFilterCount(parseListingFilters(new URLSearchParams('gender=men&page=2')))).toBe(0);
  });
});
