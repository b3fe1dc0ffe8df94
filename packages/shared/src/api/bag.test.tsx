import { act } from '@testing-library/react';
import { stubFetch } from '../../../../tools/jest/fetch-stub';
import {
  bagAddedAtom,
  bagOpenAtom,
  cartAtom,
  cartQuantityAtom,
  cartTotalAtom,
  guestCheckoutAtom,
  loginPanelAtom,
  setCartAtom,
  setGuestCheckoutAtom,
  startSessionAtom,
  store,
  tokenAtom,
  wishlistAtom,
} from '../state/store';
import { STORAGE_KEYS } from '../state/storage-keys';
import { resetStore, testBagLine } from '../test-utils';
import { addToBag, BagFullError, goToCheckout, loadCheckout, removeFromBag, toggleWishlist } from './bag';

describe('the bag in the store and its calls (spec §4, §7)', () => {
  let network: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    resetStore();
    act(() => store.set(loginPanelAtom, { mode: 'closed', forCheckout: false }));
    act(() => store.set(bagOpenAtom, false));
  });
  afterEach(() => {
    network?.restore();
    network = undefined;
    jest.useRealTimers();
  });

  it('keeps a visitor’s bag locally as whole lines under shoppingCart, each listing once, with no call', async () => {
    network = stubFetch(() => undefined);
    await addToBag(testBagLine({ listing_id: 1, price: 10.1 }));
    await addToBag(testBagLine({ listing_id: 2, price: 20.2 }));
    await addToBag(testBagLine({ listing_id: 1, price: 10.1 }));
    expect(network.requests).toEqual([]);
    expect(store.get(cartQuantityAtom)).toBe(2);
    expect(store.get(cartTotalAtom)).toBe(30.3);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.shoppingCart)!) as { listing_id: number; title: string }[];
    expect(saved.map((line) => [line.listing_id, line.title])).toEqual([[1, 'Linen shirt 1'], [2, 'Linen shirt 2']]);
    await removeFromBag(testBagLine({ listing_id: 1 }));
    expect(store.get(cartAtom).map((line) => line.listing_id)).toEqual([2]);
  });

  it('opens the bag and raises the "added" flag for 2000 ms after an add', async () => {
    jest.useFakeTimers();
    await addToBag(testBagLine({ listing_id: 3 }));
    expect(store.get(bagOpenAtom)).toBe(true);
    expect(store.get(bagAddedAtom)).toBe(true);
    act(() => jest.advanceTimersByTime(1999));
    expect(store.get(bagAddedAtom)).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(store.get(bagAddedAtom)).toBe(false);
  });

  it('refuses the 101st line of a visitor’s bag (sign-in merges at most 100)', async () => {
    act(() => store.set(setCartAtom, Array.from({ length: 100 }, (_, i) => testBagLine({ listing_id: i + 1 }))));
    await expect(addToBag(testBagLine({ listing_id: 500 }))).rejects.toBeInstanceOf(BagFullError);
    expect(store.get(cartQuantityAtom)).toBe(100);
  });

  it('adds and removes on the server when signed in, and keeps the bag the server answers', async () => {
    const server = [testBagLine({ listing_id: 5, id: 51 })];
    network = stubFetch((request) => {
      if (request.method === 'POST' && request.url === '/api/cart') return { body: server };
      if (request.method === 'DELETE' && request.url === '/api/cart?shopping_bag_line_id=51') return { body: [] };
      return undefined;
    });
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    await addToBag(testBagLine({ listing_id: 5, id: 0 }));
    expect(network.requests[0]).toEqual({ method: 'POST', url: '/api/cart', body: { listing_id: 5, offer_id: null } });
    expect(store.get(cartAtom)).toEqual(server);
    await removeFromBag(server[0]!);
    expect(store.get(cartAtom)).toEqual([]);
  });

  it('go to checkout: signed out opens sign-in for checkout; a guest with a token loses flag and token first', async () => {
    expect(await goToCheckout()).toEqual({ next: 'login' });
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'signin', forCheckout: true });

    act(() => {
      store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 });
      store.set(setGuestCheckoutAtom, true);
    });
    expect(await goToCheckout()).toEqual({ next: 'login' });
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(guestCheckoutAtom)).toBe(false);
  });

  it('go to checkout when signed in fetches the checkout and closes the bag', async () => {
    const checkout = { lines: [], subtotal: 0, currency_symb_code: 'EUR' };
    network = stubFetch((request) => (request.url === '/api/checkout' ? { body: checkout } : undefined));
    act(() => {
      store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 });
      store.set(bagOpenAtom, true);
    });
    expect(await goToCheckout()).toEqual({ next: 'checkout', checkout });
    expect(store.get(bagOpenAtom)).toBe(false);
  });

  it('a guest’s checkout is the local bag, with the seller as FirstName and the subtotal of what can be bought', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 0.1 }), testBagLine({ listing_id: 2, price: 0.2 }), testBagLine({ listing_id: 3, price: 9, valid_listing: false })]));
    const checkout = await loadCheckout();
    expect(checkout.subtotal).toBe(0.3);
    expect(checkout.lines.map((line) => line.FirstName)).toEqual(['Marta', 'Marta', 'Marta']);
  });

  it('the wishlist heart opens sign-in for visitors and guest-checkout users; signed in it toggles and marks bag lines', async () => {
    expect(await toggleWishlist(701)).toBeNull();
    expect(store.get(loginPanelAtom).mode).toBe('signin');

    network = stubFetch((request) => (request.method === 'PUT' && request.url === '/api/customers/wishlist' ? { body: [{ product_child_id: 701 }] } : undefined));
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [testBagLine({ listing_id: 1 }), testBagLine({ listing_id: 2 })], notifications: 0 }));
    await toggleWishlist(701);
    expect(network.requests[0]).toMatchObject({ body: { child_id: 701 } });
    expect(store.get(wishlistAtom)).toEqual([701]);
    expect(store.get(cartAtom).map((line) => line.wishlisted)).toEqual([true, false]);
  });
});
