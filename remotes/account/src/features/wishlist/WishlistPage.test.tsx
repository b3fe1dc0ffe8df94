import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { WishlistPage, wishlistLoader } from './WishlistPage';

const entry = (childId: number, title: string, available: number, price: number | null) => ({
  product_child_id: childId,
  product_brand_id: 3,
  variant_id: 30,
  title,
  photo: '/api/assets/photos/coat/camel/1.svg',
  options: { O1Child: 'Camel', O2Child: 'M' },
  available,
  price,
  currency_symb_code: 'EUR',
});

describe('Wishlist page (/user/wishlist)', () => {
  let network: ReturnType<typeof stubFetch>;
  let saved: ReturnType<typeof entry>[];
  beforeEach(() => {
    resetStore();
    saved = [entry(11, 'Wool coat', 2, 45.5), entry(12, 'Silk scarf', 0, null)];
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    network = stubFetch((request) => {
      if (request.url !== '/api/customers/wishlist') return undefined;
      if (request.method === 'PUT') saved = saved.filter((item) => item.product_child_id !== (request.body as { child_id: number }).child_id);
      return { body: saved };
    });
  });
  afterEach(() => network.restore());

  it('lists the saved pieces with their availability and price now; the heart removes one', async () => {
    renderWithProviders(<WishlistPage />, { route: '/user/wishlist', path: '/user/wishlist', loader: wishlistLoader });
    const list = await screen.findByRole('list');
    const [coat, scarf] = within(list).getAllByRole('listitem');
    expect(within(coat!).getByRole('link', { name: 'Wool coat' })).toHaveAttribute('href', '/product/3?variant=30');
    expect(within(coat!).getByText('2 for sale, from €45.50')).toBeInTheDocument();
    expect(within(scarf!).getByText('Sold out for now')).toBeInTheDocument();
    const heart = await within(coat!).findByRole('button', { name: 'Remove Wool coat from your wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);
    await waitFor(() => expect(within(coat!).getByRole('button', { name: 'Save Wool coat to your wishlist' })).toHaveAttribute('aria-pressed', 'false'));
    expect(network.requests.at(-1)).toMatchObject({ method: 'PUT', body: { child_id: 11 } });
  });

  it('a piece whose price fell says what it was beside the price now', async () => {
    saved = [{ ...entry(11, 'Wool coat', 1, 40), was_price: 50 } as ReturnType<typeof entry>];
    renderWithProviders(<WishlistPage />, { route: '/user/wishlist', path: '/user/wishlist', loader: wishlistLoader });
    const list = await screen.findByRole('list');
    expect(within(list).getByText('1 for sale, from €40.00')).toBeInTheDocument();
    expect(within(list).getByText('was €50.00')).toBeInTheDocument();
    expect(within(list).getByText('Price dropped: was €50.00')).toBeInTheDocument();
  });

  it('an empty wishlist says how to fill it', async () => {
    saved = [];
    renderWithProviders(<WishlistPage />, { route: '/user/wishlist', path: '/user/wishlist', loader: wishlistLoader });
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all items' })).toHaveAttribute('href', '/all');
  });
});
