import type { ListingsResponse } from '@preloved/contract';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { ListingPage, listingLoader } from './ListingPage';

const answer = (overrides: Partial<ListingsResponse> = {}): ListingsResponse => ({
  products_listings: [
    {
      product_id: 11,
      product_variant_id: 111,
      title: 'Linen wrap dress',
      photo: '/api/assets/products/111.webp',
      min_price: 25,
      max_price: 42.5,
      condition_id: 2,
      condition_ids: [2],
      Size: [{ O2Child: 'S' }, { O2Child: 'M' }],
      option1array: ['Black', 'Ecru'],
      listings_count: 3,
    },
    {
      product_id: 12,
      product_variant_id: 121,
      title: 'Wool coat',
      photo: '/api/assets/products/121.webp',
      min_price: 90,
      max_price: 90,
      condition_id: 3,
      condition_ids: [3],
      Size: [{ O2Child: 'L' }],
      option1array: ['Camel'],
      listings_count: 1,
    },
  ],
  filters: {
    condition: { values: [{ id: 2, option: 'Like new' }, { id: 3, option: 'Very good' }] },
    size: { values: [{ id: 'S', option: 'S' }, { id: 'M', option: 'M' }, { id: 'L', option: 'L' }] },
    colour: { values: [{ id: 'black', option: 'Black', hex: '#111111' }] },
    price: { min: 25, max: 90 },
  },
  total: 2,
  page: 1,
  limit: 24,
  ...overrides,
});

describe('ListingPage', () => {
  let network: ReturnType<typeof stubFetch>;
  let response: ListingsResponse;
  beforeEach(() => {
    resetStore();
    response = answer();
    network = stubFetch((request) => (request.url.startsWith('/api/products/listings/all') ? { body: response } : undefined));
  });
  afterEach(() => network.restore());

  it('asks for women’s items and shows cards with condition, size range, colours and price range in euros', async () => {
    renderWithProviders(<ListingPage />, { route: '/women', path: '/women', loader: listingLoader('women') });
    const dress = (await screen.findByRole('heading', { name: 'Linen wrap dress' })).closest('article')!;
    expect(within(dress as HTMLElement).getByText('Like new')).toBeInTheDocument();
    expect(within(dress as HTMLElement).getByText('Sizes S–M')).toBeInTheDocument();
    expect(within(dress as HTMLElement).getByText('2 colours')).toBeInTheDocument();
    expect(within(dress as HTMLElement).getByText('€25.00 – €42.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wool coat' })).toHaveAttribute('href', '/product/12?variant=121');
    expect(screen.getByRole('heading', { level: 1, name: 'Women' })).toBeInTheDocument();
    const url = new URL(network.requests[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id_brand: '1', limit: '24', gender: 'women', sort: 'price_asc', page: '1' });
  });

  it('past the last page says there is no such page and links to the first, keeping the filters', async () => {
    response = answer({ products_listings: [], total: 30, page: 99 });
    renderWithProviders(<ListingPage />, { route: '/all?size=M&page=99', path: '/all', loader: listingLoader('all') });
    await screen.findByRole('heading', { name: 'There is no page 99' }, { timeout: 5000 });
    expect(screen.getByText('These items fit on 2 pages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/all?size=M');
    expect(screen.queryByRole('heading', { name: 'No results found' })).not.toBeInTheDocument();
  });

  it('asks for categories 7 and 11 on /accessories', async () => {
    renderWithProviders(<ListingPage />, { route: '/accessories', path: '/accessories', loader: listingLoader('accessories') });
    await screen.findByRole('heading', { level: 1, name: 'Accessories' });
    expect(new URL(network.requests[0]!.url, 'http://x').searchParams.get('category')).toBe('7,11');
  });

  it('puts a size filter in the URL and loads the filtered page', async () => {
    const { router } = renderWithProviders(<ListingPage />, { route: '/all', path: '/all', loader: listingLoader('all') });
    await screen.findByRole('heading', { name: 'Linen wrap dress' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'M' }));
    expect(router.state.location.search).toBe('?size=M');
    await screen.findByRole('checkbox', { name: 'M', checked: true });
    expect(new URL(network.requests.at(-1)!.url, 'http://x').searchParams.get('size')).toBe('M');
  });

  it('says "No results found" and suggests new arrivals when nothing matches', async () => {
    response = answer({ products_listings: [], total: 0 });
    renderWithProviders(<ListingPage />, { route: '/men?size=XXL', path: '/men', loader: listingLoader('men') });
    expect(await screen.findByRole('heading', { name: 'No results found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See new arrivals' })).toHaveAttribute('href', '/all?sort=newest');
  });

  it('offers page links that keep the filters', async () => {
    response = answer({ total: 100 });
    renderWithProviders(<ListingPage />, { route: '/all?size=M', path: '/all', loader: listingLoader('all') });
    const next = await screen.findByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('href', '/all?size=M&page=2');
  });
});
