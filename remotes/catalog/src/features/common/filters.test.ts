import { filtersToParams, parseFilters } from './filters';

describe('listing URL filters', () => {
  it('reads every filter from the URL and writes it back the same', () => {
    const url = 'gender=women&size=M,L&colour=black&condition=1,3&min_price=10&max_price=80.5&sort=newest&page=3';
    const state = parseFilters(new URLSearchParams(url));
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
    expect(filtersToParams(state).toString()).toBe(new URLSearchParams(url).toString().replace(/%2C/g, '%2C'));
  });

  it('falls back to sane defaults for unknown values and absurd pages', () => {
    const state = parseFilters(new URLSearchParams('gender=cats&sort=random&page=999999&condition=x,-1,2&min_price=-5&max_price=abc'));
    expect(state).toEqual({ gender: undefined, size: [], colour: [], condition: [2], min_price: undefined, max_price: undefined, sort: 'price_asc', page: 1 });
    expect(filtersToParams(state).toString()).toBe('condition=2');
  });
});
