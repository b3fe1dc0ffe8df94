import { bagOpenAtom, cartAtom, loginPanelAtom, setCartAtom, setGuestCheckoutAtom, setLanguage, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { BagPanel } from './BagPanel';

const routes = [
  { path: '/all', element: <p>all items</p> },
  { path: '/checkout', element: <p>checkout page</p> },
  { path: '/product/:id', element: <p>product page</p> },
];

function openPanel(route = '/') {
  act(() => store.set(bagOpenAtom, true));
  return renderWithProviders(<BagPanel />, { route, routes });
}

describe('the bag panel (spec §2, §4)', () => {
  let network: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    resetStore();
    act(() => {
      store.set(bagOpenAtom, false);
      store.set(loginPanelAtom, { mode: 'closed', forCheckout: false });
    });
  });
  afterEach(() => {
    network?.restore();
    network = undefined;
  });

  it('an empty bag says so and "start shopping" leads to /all and closes the panel', async () => {
    const { router } = openPanel();
    const panel = screen.getByRole('dialog', { name: 'Shopping bag (0)' });
    expect(within(panel).getByRole('heading', { name: 'Your bag is empty' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Go to checkout' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('link', { name: 'Start shopping' }));
    expect(router.state.location.pathname).toBe('/all');
    expect(store.get(bagOpenAtom)).toBe(false);
  });

  it('lists each line with photo, title, seller, two options, condition, price, heart and remove; the total in € with 2 decimals', () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 10.1 }), testBagLine({ listing_id: 2, price: 20.25, title: 'Wool coat', options: { O1Child: 'Camel', O2Child: 'L' } })]));
    openPanel();
    const panel = screen.getByRole('dialog', { name: 'Shopping bag (2)' });
    const [first, second] = within(within(panel).getByRole('list', { name: 'Items in your bag' })).getAllByRole('listitem');
    expect(within(second!).getByRole('link', { name: 'Wool coat' })).toHaveAttribute('href', '/product/7?variant=70&listing=2');
    expect(within(second!).getByText('Listed by Marta')).toBeInTheDocument();
    expect(within(second!).getByText('Camel · Size L')).toBeInTheDocument();
    expect(within(second!).getByText('Worn a few times, no visible signs of use.')).toBeInTheDocument();
    expect(within(second!).getByText('€20.25')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Save Linen shirt 1 to your wishlist' })).toBeEnabled();
    expect(within(first!).getByRole('button', { name: 'Remove Linen shirt 1 from the bag' })).toBeInTheDocument();
    expect(within(panel).getByText('€30.35')).toBeInTheDocument();
    expect(within(panel).getByText('Buyer Protection, delivery and their taxes are added at checkout.')).toBeInTheDocument();
  });

  it('a line bought through an accepted offer names whose price it is: the offer’s, or the listing’s once it fell below the offer', () => {
    const buyBy = new Date(Date.now() + 86_400_000).toISOString();
    act(() =>
      store.set(setCartAtom, [
        testBagLine({ listing_id: 1, title: 'Wool coat', offer_id: 5, offer_expire: buyBy, offer_price: 80, price: 80 }),
        testBagLine({ listing_id: 2, title: 'Tote', offer_id: 6, offer_expire: buyBy, offer_price: 95, price: 90 }),
      ]),
    );
    openPanel();
    const [atOffer, fell] = within(within(screen.getByRole('dialog', { name: 'Shopping bag (2)' })).getByRole('list', { name: 'Items in your bag' })).getAllByRole('listitem');
    expect(within(atOffer!).getByText(/Your accepted offer’s price\./)).toBeInTheDocument();
    expect(within(fell!).getByText(/The listing’s price: it fell below your accepted offer of €95\.00\./)).toBeInTheDocument();
    expect(within(fell!).queryByText(/Your accepted offer’s price/)).not.toBeInTheDocument();
  });

  it('takes a seller’s bundle discount off the total as checkout does: two pieces of a “2+ −10 %” seller read −€10.00 and €90.00', () => {
    const tiers = [{ min_pieces: 2, percent_off: 10 }];
    act(() =>
      store.set(setCartAtom, [
        testBagLine({ listing_id: 1, price: 60, CustomerID: 90, bundle_tiers: tiers }),
        testBagLine({ listing_id: 2, price: 40, CustomerID: 90, bundle_tiers: tiers }),
        testBagLine({ listing_id: 3, price: 25, CustomerID: 91, customer_name: 'Rui' }),
        testBagLine({ listing_id: 4, price: 30, CustomerID: 90, bundle_tiers: tiers, valid_listing: false }),
      ]),
    );
    openPanel();
    const panel = screen.getByRole('dialog', { name: 'Shopping bag (4)' });
    expect(within(panel).getByText('Bundle discount, Marta (2 pieces, −10 %)')).toBeInTheDocument();
    expect(within(panel).getByText('\u2212\u2060€10.00')).toBeInTheDocument();
    expect(within(panel).getByText('€115.00')).toBeInTheDocument();
    expect(within(panel).queryByText(/Bundle discount, Rui/)).not.toBeInTheDocument();
  });

  it('in Portuguese, names a line’s colour and a one-size piece in Portuguese', async () => {
    await act(() => setLanguage('pt'));
    try {
      act(() => store.set(setCartAtom, [testBagLine({ listing_id: 2, title: 'Tote', options: { O1Child: 'Navy', O2Child: 'One size' } })]));
      openPanel();
      const panel = await screen.findByRole('dialog', { name: 'Saco de compras (1)' });
      expect(within(panel).getByText('Azul-marinho · Tamanho único')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('greys unavailable lines: no link, heart disabled, the spec’s messages, and they are not in the total', () => {
    act(() =>
      store.set(setCartAtom, [
        testBagLine({ listing_id: 1, price: 15 }),
        testBagLine({ listing_id: 2, price: 40, valid_listing: false }),
        testBagLine({ listing_id: 3, price: 30, valid_offer: false }),
      ]),
    );
    openPanel();
    const [, sold, offer] = screen.getAllByRole('listitem');
    expect(within(sold!).getByText('Product unavailable, remove from cart')).toBeInTheDocument();
    expect(within(sold!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(sold!).getByRole('button', { name: 'Save Linen shirt 2 to your wishlist' })).toBeDisabled();
    expect(within(offer!).getByText('Offer unavailable, remove from cart')).toBeInTheDocument();
    expect(within(offer!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Total').closest('p')).toHaveTextContent('Total€15.00');
  });

  // Other pieces than the tests above: their bags' calls may still be out, and one call answers one bag.
  it('a visitor’s panel prices the bag when it opens: a piece sold meanwhile greyed, a price cut shown with "was", a rise said before checkout', async () => {
    act(() =>
      store.set(setCartAtom, [
        testBagLine({ listing_id: 11, id: 0, price: 40, price_added: 40 }),
        testBagLine({ listing_id: 12, id: 0, price: 30, price_added: 30 }),
        testBagLine({ listing_id: 13, id: 0, price: 20, price_added: 20 }),
      ]),
    );
    network = stubFetch((request) =>
      request.url === '/api/cart/price'
        ? {
            body: [
              { ...testBagLine({ listing_id: 11, id: 0, price: 40 }), valid_listing: false },
              testBagLine({ listing_id: 12, id: 0, price: 24 }),
              testBagLine({ listing_id: 13, id: 0, price: 25 }),
            ],
          }
        : undefined,
    );
    openPanel();
    const panel = screen.getByRole('dialog', { name: 'Shopping bag (3)' });
    const lines = within(panel).getByRole('list', { name: 'Items in your bag' });
    const sold = await within(lines).findByText('Product unavailable, remove from cart');
    expect(sold.closest('li')).toHaveTextContent('Linen shirt 11');
    const cut = within(lines).getByText('Linen shirt 12').closest('li')!;
    expect(within(cut).getByText('was €30.00')).toBeInTheDocument();
    expect(within(cut).getByText('Now €24.00, down from €30.00 when you added it')).toBeInTheDocument();
    const rose = within(lines).getByText('Linen shirt 13').closest('li')!;
    expect(within(rose).getByText('The price went up from €20.00 since you added it')).toBeInTheDocument();
    expect(within(panel).getByText('Total').closest('p')).toHaveTextContent('Total€49.00');
  });

  it('"continue shopping" closes the panel; following a line link closes it too', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1 })]));
    const { router } = openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Continue shopping' }));
    expect(store.get(bagOpenAtom)).toBe(false);
    act(() => store.set(bagOpenAtom, true));
    await userEvent.click(screen.getByRole('link', { name: 'Linen shirt 1' }));
    expect(router.state.location.search).toBe('?variant=70&listing=1');
    expect(store.get(bagOpenAtom)).toBe(false);
  });

  it('removing the last item empties the bag and closes the panel', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1 }), testBagLine({ listing_id: 2 })]));
    openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Linen shirt 1 from the bag' }));
    expect(screen.getByRole('dialog', { name: 'Shopping bag (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Linen shirt 2 from the bag' }));
    expect(store.get(cartAtom)).toEqual([]);
    expect(store.get(bagOpenAtom)).toBe(false);
  });

  it('go to checkout signed out opens sign-in on the way to checkout; the wishlist heart opens sign-in too', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1 })]));
    openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Save Linen shirt 1 to your wishlist' }));
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'signin', forCheckout: false });
    await userEvent.click(screen.getByRole('button', { name: 'Go to checkout' }));
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'signin', forCheckout: true });
  });

  it('signed in, it re-reads the bag on opening, removes on the server, and go to checkout fetches checkout and goes there', async () => {
    const line = testBagLine({ listing_id: 4, id: 41 });
    network = stubFetch((request) => {
      if (request.method === 'GET' && request.url === '/api/cart') return { body: [line, testBagLine({ listing_id: 5, id: 51, valid_listing: false })] };
      if (request.url === '/api/customers/wishlist') return { body: [] };
      if (request.method === 'DELETE' && request.url === '/api/cart?shopping_bag_line_id=51') return { body: [line] };
      if (request.url === '/api/checkout') return { body: { lines: [{ ...line, FirstName: 'Marta' }], subtotal: 25, currency_symb_code: 'EUR' } };
      return undefined;
    });
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [line], notifications: 0 }));
    const { router } = openPanel();
    expect(await screen.findByText('Product unavailable, remove from cart')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Linen shirt 5 from the bag' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Shopping bag (1)' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Go to checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(store.get(bagOpenAtom)).toBe(false);
  });

  it('a guest-checkout user with a token signs in again before checkout', async () => {
    act(() => {
      store.set(startSessionAtom, { token: 'tok', cart: [testBagLine({ listing_id: 1 })], notifications: 0 });
      store.set(setGuestCheckoutAtom, true);
    });
    network = stubFetch((request) => (request.url === '/api/cart' ? { body: [testBagLine({ listing_id: 1 })] } : undefined));
    openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Go to checkout' }));
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'signin', forCheckout: true });
  });
});
