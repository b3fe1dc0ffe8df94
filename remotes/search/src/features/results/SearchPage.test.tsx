import type { ListingsResponse } from '@preloved/contract';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { SearchPage, searchLoader } from './SearchPage';

const answer = (overrides: Partial<ListingsResponse> = {}): ListingsResponse => ({
  products_listings: [
    {
      product_id: 11,
      product_variant_id: 111,
      title: 'Linen wrap dress',
      photo: '/api/assets/photos/dress/ecru/1.svg',
      min_price: 25,
      max_price: 42.5,
      condition_id: 2,
      condition_ids: [2],
      Size: [{ O2Child: 'S' }, { O2Child: 'M' }],
      option1array: ['Black', 'Ecru'],
      listings_count: 3,
    },
  ],
  filters: {
    condition: { values: [{ id: 2, option: 'Like new' }, { id: 4, option: 'Good' }] },
    size: { values: [{ id: 'S', option: 'S' }, { id: 'M', option: 'M' }] },
    colour: { values: [{ id: 'ecru', option: 'Ecru', hex: '#e9dfc9' }] },
    price: { min: 25, max: 42.5 },
  },
  total: 1,
  page: 1,
  limit: 24,
  ...overrides,
});

describe('SearchPage (/search?q=)', () => {
  /** The query parameters of each search sent, in order. */
  let searches: Record<string, string>[];
  /** The search's answer from now on (a later handler is asked first). */
  const answerSearches = (reply: () => Response) =>
    server.use(
      http.get(api('/products/listings/all'), ({ request }) => {
        searches.push(Object.fromEntries(new URL(request.url).searchParams));
        return reply();
      }),
    );
  beforeEach(() => {
    resetStore();
    searches = [];
    answerSearches(() => HttpResponse.json(answer()));
  });

  const params = (index: number) => searches[index];
  const renderAt = (route: string) => renderWithProviders(<SearchPage />, { route, path: '/search', loader: searchLoader });

  it('searches the URL’s query and shows the result grid with its count', async () => {
    renderAt('/search?q=linen%20dress');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “linen dress”' })).toBeInTheDocument();
    expect(params(0)).toEqual({ id_brand: '1', limit: '24', q: 'linen dress', sort: 'relevance', page: '1' });
    const results = screen.getByRole('region', { name: 'Search results' });
    const dress = within(results).getByRole('heading', { name: 'Linen wrap dress' }).closest('article') as HTMLElement;
    expect(within(dress).getByText('€25.00 – €42.50')).toBeInTheDocument();
    expect(within(dress).getByText('Like new')).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
  });

  it('offers the answer’s conditions as a filter, keeps the query in the URL, and asks again', async () => {
    const { router } = renderAt('/search?q=dress');
    const good = await screen.findByRole('checkbox', { name: 'Good' });
    expect(screen.getByRole('checkbox', { name: 'Like new' })).toBeInTheDocument();
    await userEvent.click(good);
    expect(router.state.location.search).toBe('?q=dress&condition=4');
    await screen.findByRole('checkbox', { name: 'Good', checked: true });
    expect(searches.at(-1)).toMatchObject({ q: 'dress', condition: '4' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
    expect(router.state.location.search).toBe('?q=dress&condition=4&sort=price_desc');
  });

  it('pages with links that keep the query and the filters', async () => {
    answerSearches(() => HttpResponse.json(answer({ total: 100 })));
    renderAt('/search?q=dress&size=M');
    const next = await screen.findByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('href', '/search?q=dress&size=M&page=2');
  });

  it('says the spec’s sentence and suggests new arrivals when nothing is found', async () => {
    answerSearches(() => HttpResponse.json(answer({ products_listings: [], total: 0, filters: { condition: { values: [] }, size: { values: [] }, colour: { values: [] }, price: { min: 0, max: 0 } } })));
    renderAt('/search?q=zzqxv');
    expect(await screen.findByRole('heading', { name: "Sorry, we can't find any results for 'zzqxv'" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See new arrivals' })).toHaveAttribute('href', '/all?sort=newest');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('on a failed search shows an empty list and no message (spec §8)', async () => {
    answerSearches(() => HttpResponse.json({ message: 'Internal server error' }, { status: 500 }));
    renderAt('/search?q=dress');
    await screen.findByRole('heading', { level: 1, name: 'Results for “dress”' });
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByText(/Sorry|Internal/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks what the shopper is looking for when there is no query, without calling the API', async () => {
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => void sent.push(request.url));
    renderAt('/search?q=%20%20');
    expect(await screen.findByRole('heading', { name: 'What are you looking for?' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('searches a short word too ("bag"): the more-than-3 rule is the overlay’s', async () => {
    renderAt('/search?q=bag');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “bag”' })).toBeInTheDocument();
    expect(params(0)).toMatchObject({ q: 'bag' });
  });

  it('says which words it showed results for when it corrected a typo', async () => {
    answerSearches(() => HttpResponse.json(answer({ corrected_q: 'blazer preto' })));
    renderAt('/search?q=blazr%20preto');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “blazr preto”' })).toBeInTheDocument();
    expect(screen.getByText('Showing results for “blazer preto”')).toBeInTheDocument();
  });

  it('sorts by relevance by default, offers the other orders, and keeps relevance out of the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/search?q=linen');
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('relevance');
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual(['Relevance', 'Price: low to high', 'Price: high to low', 'Newest first']);
    expect(params(0)).toMatchObject({ q: 'linen', sort: 'relevance' });
    await user.selectOptions(sort, 'price_asc');
    await waitFor(() => expect(router.state.location.search).toBe('?q=linen&sort=price_asc'));
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ q: 'linen', sort: 'price_asc' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'relevance');
    await waitFor(() => expect(router.state.location.search).toBe('?q=linen'));
  });
});
