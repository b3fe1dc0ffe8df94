import { DEFAULT_FEE_RATES, sellingAmounts, sellingFeesOf, type SellerListing, type SellerListingList } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { ListingPage, listingLoader } from './ListingPage';
import { ListingsPage, listingsLoader } from './ListingsPage';

const active: SellerListing = {
  id: 5,
  number: 'SL-000005',
  date: '2026-11-02T10:00:00.000Z',
  sold_date: null,
  customer: null,
  product_id: 1,
  product_variant_id: 2,
  product_child_id: 3,
  product: 'Wool coat',
  colour: 'Camel',
  size: 'M',
  condition_id: 2,
  condition: 'Like new',
  comment: 'Worn twice.',
  photos: ['/api/photos/a.webp', '/api/photos/b.webp'],
  price: 90,
  you_receive: 90,
  // As the API answers it: 90 + processing (0.70 + 5 %) + verification 1.50 + shipping 3.90 = 100.60.
  buyer_pays: sellingAmounts(9000, sellingFeesOf(DEFAULT_FEE_RATES)).buyerPaysCents / 100,
  original_price: 300,
  suggested_price: 180,
  smart_pricing: true,
  min_price: 75,
  next_update_date: '2026-11-16T10:00:00.000Z',
  status: 'active',
  package_id: null,
};
const sold: SellerListing = { ...active, id: 6, number: 'SL-000006', status: 'sold', sold_date: '2026-11-20T10:00:00.000Z', customer: 'Ana Lopes', package_id: 44, next_update_date: null };

const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Listing page', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    network = stubFetch((request) => {
      if (request.url === '/api/seller/listings/5' && request.method === 'GET') return { body: active };
      if (request.url === '/api/seller/listings/6') return { body: sold };
      if (request.url === '/api/seller/listings/5/status') return { body: { ...active, status: (request.body as { status: string }).status } };
      if (request.url === '/api/seller/listings/5/pricing') return { body: { ...active, ...(request.body as object) } };
      if (request.url === '/api/sales/44/label') return { body: { message: 'sent' } };
      if (request.url.startsWith('/api/seller/listings?')) return { body: { listings: [{ ...active, photo: '/api/photos/a.webp' }], total: 1, page: 1, limit: 24 } satisfies SellerListingList };
      return { status: 404, body: { message: 'Listing not found' } };
    });
  });
  afterEach(() => network.restore());

  const renderListing = (id: number) =>
    renderWithProviders(<ListingPage />, { route: `/user/listings/${id}`, path: '/user/listings/:listingId', loader: listingLoader });

  it('shows every field of the listing', async () => {
    renderListing(5);
    await screen.findByRole('heading', { name: 'Listing SL-000005' }, { timeout: 8000 });
    expect(fact('Number')).toBe('SL-000005');
    expect(fact('Listed on')).toBe('2 November 2026');
    expect(fact('Product')).toBe('Wool coat');
    expect(fact('Colour')).toBe('Camel');
    expect(fact('Size')).toBe('M');
    expect(fact('Condition')).toBe('Like new');
    expect(fact('Comment')).toBe('Worn twice.');
    expect(fact('Price')).toBe('€90.00');
    expect(fact('You receive')).toBe('€90.00');
    expect(fact('Buyer pays, with fees and shipping')).toBe('€100.60');
    expect(fact('Original price')).toBe('€300.00');
    expect(fact('Suggested price')).toBe('€180.00');
    expect(fact('Smart pricing')).toBe('On');
    expect(fact('Minimum price')).toBe('€75.00');
    expect(fact('Next price update')).toBe('16 November 2026');
    expect(fact('Status')).toBe('Active');
    expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('img')).toHaveLength(2);
  });

  it('refuses a minimum above the price next to the field, and saves a valid one', async () => {
    const user = userEvent.setup();
    renderListing(5);
    const minimum = await screen.findByRole('textbox', { name: 'Minimum price (€)' }, { timeout: 8000 });
    await user.clear(minimum);
    await user.type(minimum, '95');
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));
    expect(await screen.findByText('The minimum price cannot be higher than the price.')).toBeInTheDocument();
    expect(network.requests.some((r) => r.url.endsWith('/pricing'))).toBe(false);
    await user.clear(minimum);
    await user.type(minimum, '60');
    await user.click(screen.getByRole('checkbox', { name: /Smart pricing/ }));
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));
    expect(await screen.findByText('Pricing saved.')).toBeInTheDocument();
    expect(network.requests.find((r) => r.url.endsWith('/pricing'))!.body).toEqual({ min_price: 60, smart_pricing: false });
  });

  it('archives and reactivates', async () => {
    const user = userEvent.setup();
    renderListing(5);
    await user.click(await screen.findByRole('button', { name: 'Archive' }, { timeout: 8000 }));
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(fact('Status')).toBe('Archived');
  });

  it('for a sold piece shows the sale and resends the label e-mail of its package', async () => {
    const user = userEvent.setup();
    renderListing(6);
    await screen.findByRole('heading', { name: 'Listing SL-000006' });
    expect(fact('Sold on')).toBe('20 November 2026');
    expect(fact('Customer')).toBe('Ana Lopes');
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend label e-mail' }));
    expect(await screen.findByText('We have sent you the shipping label again.')).toBeInTheDocument();
    expect(network.requests.some((r) => r.url === '/api/sales/44/label' && r.method === 'POST')).toBe(true);
  });

  it("says so for another seller's listing (404)", async () => {
    renderListing(7);
    expect(await screen.findByText('This listing does not exist, or it is not yours.')).toBeInTheDocument();
  });

  it('lists the listings with a filter per status and a card with its status', async () => {
    renderWithProviders(<ListingsPage />, { route: '/user/listings?status=active', path: '/user/listings', loader: listingsLoader });
    const card = await screen.findByRole('link', { name: 'Listing SL-000005: Wool coat' });
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Active' })).toHaveAttribute('aria-current', 'page');
    expect(network.requests.some((r) => r.url.startsWith('/api/seller/listings?') && r.url.includes('status=active'))).toBe(true);
  });
});
