import type { ListingOffer, ProductResponse } from '@preloved/contract';
import { bagAddedAtom, bagOpenAtom, cartAtom, selectedListingAtom, selectedSizeAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@preloved/shared';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { ProductPage, productLoader } from './ProductPage';

const listing = (id: number, size: string, price: number): ListingOffer => ({
  listing_id: id,
  number: `L${id}`,
  product_child_id: 100 + id,
  condition_id: 2,
  condition: 'Like new',
  condition_description: 'Worn once.',
  O2Child: size,
  price,
  comment: '',
  photos: [`/api/assets/photos/coat/camel/${id}.svg`, `/api/assets/photos/coat/camel/${id}b.svg`],
  date: '2026-10-01T00:00:00Z',
  FirstName: 'Rui',
  CustomerID: 50,
  verified: false,
  seller_rating: { average: 4.7, count: 12 },
  currency_symb_code: 'EUR',
});

const variant = { product_variant_id: 30, O1Child: 'Camel', hex: '#c19a6b', photo: '/api/assets/photos/coat/camel/1.svg', listings_count: 2 };
const product: ProductResponse = {
  product: { product_id: 3, title: 'Wool coat', description: 'A warm coat.', gender: 'women', category_id: 6, category: 'Clothing', original_price: 200 },
  variants: [variant],
  variant,
  listings: [listing(1, 'M', 80), listing(2, 'L', 95)],
  sizes: ['M', 'L'],
  size_offers: [
    { size: 'M', listings_count: 1, min_price: 80 },
    { size: 'L', listings_count: 1, min_price: 95 },
  ],
  delivery: { shipping_per_package: 3.9, home_delivery: 2.5, pickup_point: 0, ships_within_business_days: 5, delivery_business_days: 2 },
};

describe('product page: add to bag (spec §4)', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    act(() => {
      store.set(bagOpenAtom, false);
      store.set(selectedSizeAtom, null);
      store.set(selectedListingAtom, null);
    });
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/products/3')) return { body: product };
      if (request.url.startsWith('/api/brands/details')) return { body: { customerID: 1, '2hand_size_guide': '/faqs#sizes' } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = (route: string) => renderWithProviders(<ProductPage />, { route, path: '/product/:productId', loader: productLoader });

  it('links the brand’s size guide beside the sizes', async () => {
    renderPage('/product/3?variant=30');
    const sizes = await screen.findByRole('group', { name: 'Size' }, { timeout: 5000 });
    expect(sizes).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Size guide' })).toHaveAttribute('href', '/faqs#sizes');
  });

  it('each listing row adds itself to the visitor’s bag as a whole line, opens the bag and raises the added flag', async () => {
    renderPage('/product/3?variant=30');
    const rows = await screen.findAllByRole('listitem', {}, { timeout: 5000 });
    const row = rows.find((item) => within(item).queryByText('€95.00'))!;
    await userEvent.click(within(row).getByRole('button', { name: 'Add to bag: Wool coat, L' }));
    expect(store.get(cartAtom)).toEqual([
      expect.objectContaining({ listing_id: 2, product_brand_id: 3, variant_id: 30, product_child_id: 102, title: 'Wool coat', customer_name: 'Rui', options: { O1Child: 'Camel', O2Child: 'L' }, price: 95 }),
    ]);
    expect(store.get(bagOpenAtom)).toBe(true);
    expect(store.get(bagAddedAtom)).toBe(true);
    expect(within(row).getByRole('button', { name: 'In your bag: Wool coat, L. Open the bag' })).toBeInTheDocument();
    // A visitor's heart asks to sign in rather than saving.
    expect(within(row).getByRole('button', { name: 'Save Wool coat (Size L) to your wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the chosen piece first: its price, condition with description, size, seller, add to bag, delivery and buyer protection', async () => {
    renderPage('/product/3?variant=30&listing=2');
    const buy = await screen.findByRole('region', { name: 'The chosen piece' }, { timeout: 5000 });
    await waitFor(() => expect(within(buy).getByText('€95.00')).toBeInTheDocument());
    expect(within(buy).getByText('Originally €200.00 new')).toBeInTheDocument();
    expect(within(buy).getByText('Like new')).toBeInTheDocument();
    expect(buy).toHaveTextContent('Worn once.');
    expect(buy).toHaveTextContent('Size L · Listed by Rui');
    expect(within(buy).getByRole('button', { name: 'Add to bag: Wool coat, L' })).toBeInTheDocument();
    expect(buy).toHaveTextContent('Shipping €3.90 per seller. The seller ships within 5 business days.');
    expect(buy).toHaveTextContent('Home delivery adds €2.50 to shipping; a pickup point adds nothing.');
    expect(within(buy).getByRole('link', { name: 'How claims work' })).toHaveAttribute('href', '/faqs');
    // Each size button says how many pieces it has and from what price.
    expect(screen.getByRole('button', { name: 'M 1 piece, €80.00' })).toBeInTheDocument();
  });

  it('shows the seller’s rating next to “Listed by” and in every listing row, read out as words', async () => {
    renderPage('/product/3?variant=30&listing=2');
    const buy = await screen.findByRole('region', { name: 'The chosen piece' }, { timeout: 5000 });
    await waitFor(() => expect(within(buy).getByRole('img', { name: '4.7 out of 5, 12 reviews' })).toBeInTheDocument());
    expect(within(buy).getByRole('link', { name: 'Rui' })).toHaveAttribute('href', '/vendor/50');
    await userEvent.click(screen.getByRole('button', { name: /^M 1 piece/ }));
    const rows = await screen.findAllByRole('listitem');
    const row = rows.find((item) => within(item).queryByText('€80.00'))!;
    expect(within(row).getByRole('img', { name: '4.7 out of 5, 12 reviews' })).toBeInTheDocument();
  });

  it('a bag line’s link (&listing=) chooses that listing in its size', async () => {
    renderPage('/product/3?variant=30&listing=2');
    await within(await screen.findByRole('region', { name: 'The chosen piece' })).findByRole('button', { name: 'Add to bag: Wool coat, L' });
    expect(store.get(selectedListingAtom)).toBe(2);
    expect(store.get(selectedSizeAtom)).toBe('L');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to bag: Wool coat, M' })).not.toBeInTheDocument());
    expect(new URL(network.requests[0]!.url, 'http://x').searchParams.get('listing')).toBe('2');
  });

  it('a size chosen on another product is not applied here: the page opens on all sizes and the cheapest piece', async () => {
    act(() => {
      store.set(selectedSizeAtom, 'L');
      store.set(selectedListingAtom, 2);
    });
    renderPage('/product/3?variant=30');
    expect(await screen.findByRole('button', { name: 'All sizes' })).toHaveAttribute('aria-pressed', 'true');
    const chosen = screen.getByRole('region', { name: 'The chosen piece' });
    expect(within(chosen).getByText('€80.00')).toBeInTheDocument();
    expect(within(chosen).getByRole('button', { name: 'Add to bag: Wool coat, M' })).toBeInTheDocument();
    // A tap on a size is still kept under the spec's local key.
    await userEvent.click(screen.getByRole('button', { name: 'L 1 piece, €95.00' }));
    expect(store.get(selectedSizeAtom)).toBe('L');
    expect(within(chosen).getByRole('button', { name: 'Add to bag: Wool coat, L' })).toBeInTheDocument();
  });

  it('a link to a piece that has sold says so and offers the other pieces, never silently another piece', async () => {
    renderPage('/product/3?variant=30&listing=99');
    expect(await screen.findByRole('status')).toHaveTextContent('The piece you followed has sold. Here are the other pieces of this product.');
    expect(screen.getByRole('button', { name: 'Add to bag: Wool coat, L' })).toBeInTheDocument();
  });

  it('a piece that sold while the page was open is no longer offered once “Add to bag” is refused', async () => {
    network.restore();
    let sold = false;
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/products/3')) return { body: sold ? { ...product, listings: [listing(2, 'L', 95)], sizes: ['L'], size_offers: [product.size_offers[1]!] } : product };
      if (request.url.startsWith('/api/brands/details')) return { body: { customerID: 1 } };
      if (request.method === 'POST' && request.url === '/api/cart') {
        sold = true;
        return { status: 422, body: { code: 'listing_unavailable', message: 'listing_unavailable' } };
      }
      return undefined;
    });
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    renderPage('/product/3?variant=30');
    const chosen = await screen.findByRole('region', { name: 'The chosen piece' });
    await userEvent.click(within(chosen).getByRole('button', { name: 'Add to bag: Wool coat, M' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to bag: Wool coat, M' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'The chosen piece' })).getByRole('button', { name: 'Add to bag: Wool coat, L' })).toBeInTheDocument();
  });

  it('a card clicked under a size filter opens on that size, on the cheapest piece that matches the filters', async () => {
    renderPage('/product/3?variant=30&size=L');
    await within(await screen.findByRole('region', { name: 'The chosen piece' })).findByRole('button', { name: 'Add to bag: Wool coat, L' });
    await waitFor(() => expect(store.get(selectedListingAtom)).toBe(2));
    expect(store.get(selectedSizeAtom)).toBe('L');
    expect(screen.getByRole('button', { name: 'L 1 piece, €95.00' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('speaks Portuguese: breadcrumb, counts and the add-to-bag button’s name', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderPage('/product/3?variant=30');
      const crumbs = await screen.findByRole('navigation', { name: 'Navegação estrutural' });
      expect(crumbs).toHaveTextContent('Mulher/Roupa');
      expect(screen.getByRole('heading', { name: '2 artigos à venda' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Adicionar ao saco: Wool coat, L' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('a card under a price filter opens on the piece within the price', async () => {
    renderPage('/product/3?variant=30&size=M,L&min_price=90');
    await within(await screen.findByRole('region', { name: 'The chosen piece' })).findByRole('button', { name: 'Add to bag: Wool coat, L' });
    await waitFor(() => expect(store.get(selectedListingAtom)).toBe(2));
    expect(store.get(selectedSizeAtom)).toBe('L');
  });
});

describe('product page: smart pricing', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());

  it('tells buyers when a listing’s price drops next and to what, and nothing for a listing without a planned drop', async () => {
    resetStore();
    const dropping = { ...listing(1, 'M', 80), next_price_drop: { date: '2026-11-30T10:00:00.000Z', price: 72 } };
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/products/3')) return { body: { ...product, listings: [dropping, { ...listing(2, 'L', 95), next_price_drop: null }] } };
      if (request.url.startsWith('/api/brands/details')) return { body: { customerID: 1 } };
      return undefined;
    });
    renderWithProviders(<ProductPage />, { route: '/product/3?variant=30', path: '/product/:productId', loader: productLoader });
    expect(await screen.findByText('Smart pricing: €72.00 from 30 November', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByText(/^Smart pricing:/)).toHaveLength(1);
  });
});
