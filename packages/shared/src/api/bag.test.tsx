import { act, waitFor } from '@testing-library/react';
import { stubFetch } from '../../../../tools/jest/fetch-stub';
import {
  bagAddedAtom,
  bagOpenAtom,
  cartAtom,
  cartQuantityAtom,
  cartTotalAtom,
  cartUnavailableCountAtom,
  guestCheckoutAtom,
  loginPanelAtom,
  restorePersistedAtom,
  setCartAtom,
  setGuestCheckoutAtom,
  startSessionAtom,
  store,
  tokenAtom,
  wishlistAtom,
} from '../state/store';
import { STORAGE_KEYS } from '../state/storage-keys';
import { resetStore, testBagLine } from '../test-utils';
import { addToBag, BagFullError, goToCheckout, loadCheckout, loadWishlistIds, refreshBag, refreshBagWhenVisible, removeFromBag, toggleWishlist } from './bag';
import { getQuote } from './checkout';

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

  it('keeps a visitor’s bag locally as ids, added prices and paint under shoppingCart, each listing once, with no call', async () => {
    network = stubFetch(() => undefined);
    await addToBag(testBagLine({ listing_id: 1, price: 10.1 }));
    await addToBag(testBagLine({ listing_id: 2, price: 20.2 }));
    await addToBag(testBagLine({ listing_id: 1, price: 10.1 }));
    expect(network.requests).toEqual([]);
    expect(store.get(cartQuantityAtom)).toBe(2);
    expect(store.get(cartTotalAtom)).toBe(30.3);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.shoppingCart)!) as { version: number; lines: { listing_id: number; paint: { title: string } }[] };
    expect(saved.version).toBe(2);
    expect(saved.lines.map((line) => [line.listing_id, line.paint.title])).toEqual([[1, 'Linen shirt 1'], [2, 'Linen shirt 2']]);
    await removeFromBag(testBagLine({ listing_id: 1 }));
    expect(store.get(cartAtom).map((line) => line.listing_id)).toEqual([2]);
  });

  it('loads a bag saved in the earlier format (whole lines) converted, and writes it back in the new one', () => {
    const old = [testBagLine({ listing_id: 8, price: 18, id: 0 }), testBagLine({ listing_id: 9, price: 9, id: 0 })];
    localStorage.setItem(STORAGE_KEYS.shoppingCart, JSON.stringify(old));
    act(() => store.set(restorePersistedAtom));
    expect(store.get(cartAtom).map((line) => [line.listing_id, line.title, line.price, line.price_added])).toEqual([
      [8, 'Linen shirt 8', 18, 18],
      [9, 'Linen shirt 9', 9, 9],
    ]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.shoppingCart)!)).toMatchObject({ version: 2, lines: [{ listing_id: 8 }, { listing_id: 9 }] });
  });

  it.each([
    ['not JSON', '[{"listing_id":1,'],
    ['a bag with a broken line, a repeat and a bad id', JSON.stringify([testBagLine({ listing_id: 4 }), 'oops', testBagLine({ listing_id: 4 }), { listing_id: 'x' }])],
  ])('cleans a shoppingCart that is %s without a word: what can be kept is kept', (_name, raw) => {
    localStorage.setItem(STORAGE_KEYS.shoppingCart, raw);
    expect(() => act(() => store.set(restorePersistedAtom))).not.toThrow();
    const kept = raw.startsWith('[{"listing_id":1,') ? [] : [4];
    expect(store.get(cartAtom).map((line) => line.listing_id)).toEqual(kept);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.shoppingCart)!)).toEqual({ version: 2, lines: kept.map((id) => expect.objectContaining({ listing_id: id })) });
  });

  it('prices a visitor’s bag with POST cart/price: a sold piece flagged, a new price shown beside the added one, an unknown id dropped, a line added meanwhile kept', async () => {
    act(() =>
      store.set(setCartAtom, [
        testBagLine({ listing_id: 1, id: 0, price: 50, price_added: 50 }),
        testBagLine({ listing_id: 2, id: 0, price: 30, price_added: 30 }),
        testBagLine({ listing_id: 3, id: 0, price: 10, price_added: 10 }),
      ]),
    );
    network = stubFetch((request) =>
      request.url === '/api/cart/price'
        ? {
            body: [
              { ...testBagLine({ listing_id: 1, id: 0, price: 50 }), valid_listing: false, price_added: null },
              { ...testBagLine({ listing_id: 2, id: 0, price: 24 }), price_added: null },
            ],
          }
        : undefined,
    );
    const pricing = refreshBag();
    // Two moments at once (the panel opens as the tab comes back) make one call.
    const again = refreshBag();
    expect(again).toBe(pricing);
    // Added while the call is out (a visitor's add changes the store at once): kept.
    await addToBag(testBagLine({ listing_id: 4, id: 0, price: 5 }));
    await pricing;
    expect(network.requests.filter((request) => request.url === '/api/cart/price')).toEqual([
      { method: 'POST', url: '/api/cart/price', body: { lines: [{ listing_id: 1, offer_id: null }, { listing_id: 2, offer_id: null }, { listing_id: 3, offer_id: null }] } },
    ]);
    expect(store.get(cartAtom).map((line) => [line.listing_id, line.valid_listing, line.price, line.price_added])).toEqual([
      [1, false, 50, 50],
      [2, true, 24, 30],
      [4, true, 5, 5],
    ]);
    // The count and the total are of what can be bought.
    expect(store.get(cartQuantityAtom)).toBe(2);
    expect(store.get(cartUnavailableCountAtom)).toBe(1);
    expect(store.get(cartTotalAtom)).toBe(29);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.shoppingCart)!).lines.map((line: { listing_id: number }) => line.listing_id)).toEqual([1, 2, 4]);
  });

  it('reads the bag again when the tab becomes visible again, not while it is hidden', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1, id: 0 })]));
    network = stubFetch((request) => (request.url === '/api/cart/price' ? { body: [{ ...testBagLine({ listing_id: 1, id: 0 }), valid_listing: false }] } : undefined));
    const stop = refreshBagWhenVisible();
    const visibility = jest.spyOn(document, 'visibilityState', 'get');
    try {
      visibility.mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(network.requests).toEqual([]);
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(store.get(cartAtom)[0]!.valid_listing).toBe(false));
      expect(network.requests.map((request) => request.url)).toEqual(['/api/cart/price']);
    } finally {
      stop();
      visibility.mockRestore();
    }
  });

  it('a 409 from the quote reads the bag again, and the caller still gets the 409', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1, id: 0 })]));
    network = stubFetch((request) => {
      if (request.url === '/api/checkout/quote') return { status: 409, body: { message: 'Sold', lost: [{ listing_id: 1, title: 'Linen shirt 1' }] } };
      if (request.url === '/api/cart/price') return { body: [{ ...testBagLine({ listing_id: 1, id: 0 }), valid_listing: false }] };
      return undefined;
    });
    await expect(getQuote({ delivery_option: 'home', cart: [1] })).rejects.toMatchObject({ response: { status: 409 } });
    await waitFor(() => expect(store.get(cartQuantityAtom)).toBe(0));
    expect(network.requests.map((request) => request.url)).toEqual(['/api/checkout/quote', '/api/cart/price']);
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

  it('a signed-in add is one request: the bag opening on its answer shows it without reading it again; a later moment reads afresh', async () => {
    const server = [testBagLine({ listing_id: 6, id: 61 })];
    network = stubFetch((request) => (request.url === '/api/cart' ? { body: server } : undefined));
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    await addToBag(testBagLine({ listing_id: 6, id: 0 }));
    expect(store.get(bagOpenAtom)).toBe(true);
    await expect(refreshBag()).resolves.toEqual(server);
    expect(network.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/cart']);
    await refreshBag();
    expect(network.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/cart', 'GET /api/cart']);
  });

  it('a signed-in add shows the piece in the open bag before the API answers; the panel waits for that answer instead of reading the bag; a refusal takes the piece out again', async () => {
    const server = [testBagLine({ listing_id: 4, id: 41 }), testBagLine({ listing_id: 7, id: 71 })];
    let answer: (value: { status?: number; body: unknown }) => void = () => undefined;
    const original = globalThis.fetch;
    const calls: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost/'), init);
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      const { status = 200, body } = await new Promise<{ status?: number; body: unknown }>((resolve) => (answer = resolve));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      act(() => store.set(startSessionAtom, { token: 'tok', cart: [server[0]!], notifications: 0 }));
      const adding = addToBag(testBagLine({ listing_id: 7, id: 0, title: 'Wool coat' }));
      // At once: the piece is in the bag and the bag is open.
      expect(store.get(bagOpenAtom)).toBe(true);
      expect(store.get(cartAtom).map((line) => [line.listing_id, line.title])).toEqual([[4, 'Linen shirt 4'], [7, 'Wool coat']]);
      const opened = refreshBag();
      await waitFor(() => expect(calls).toEqual(['POST /api/cart']));
      answer({ body: server });
      await adding;
      await expect(opened).resolves.toEqual(server);
      expect(store.get(cartAtom)).toEqual(server);
      expect(calls).toEqual(['POST /api/cart']);

      // Refused (sold meanwhile): the piece leaves the bag again, the rest stays, the caller hears it.
      const refused = addToBag(testBagLine({ listing_id: 9, id: 0 }));
      expect(store.get(cartAtom).map((line) => line.listing_id)).toEqual([4, 7, 9]);
      await waitFor(() => expect(calls).toHaveLength(2));
      answer({ status: 422, body: { code: 'listing_unavailable', message: 'listing_unavailable' } });
      await expect(refused).rejects.toThrow();
      expect(store.get(cartAtom)).toEqual(server);
    } finally {
      globalThis.fetch = original;
    }
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

  it('a guest’s checkout is the local bag as the API prices it now, with the seller as FirstName and the subtotal of what can be bought', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 0.1 }), testBagLine({ listing_id: 2, price: 0.2 }), testBagLine({ listing_id: 3, price: 9, valid_listing: false })]));
    network = stubFetch((request) =>
      request.url === '/api/cart/price'
        ? { body: [testBagLine({ listing_id: 1, price: 0.1 }), { ...testBagLine({ listing_id: 2, price: 0.2 }), valid_listing: false }, testBagLine({ listing_id: 3, price: 9 })] }
        : undefined,
    );
    const checkout = await loadCheckout();
    // Piece 2 was sold meanwhile, piece 3 is for sale again.
    expect(checkout.subtotal).toBe(9.1);
    expect(checkout.lines.map((line) => [line.listing_id, line.valid_listing, line.FirstName])).toEqual([
      [1, true, 'Marta'],
      [2, false, 'Marta'],
      [3, true, 'Marta'],
    ]);
  });

  it('a guest’s checkout still opens with the bag as last known when the API cannot be reached', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 0.1 }), testBagLine({ listing_id: 2, price: 0.2 })]));
    network = stubFetch(() => ({ status: 503, body: { message: 'Down' } }));
    const checkout = await loadCheckout();
    expect(checkout.subtotal).toBe(0.3);
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

  it('keeps a heart toggled while the saved list was loading: the older answer does not undo it', async () => {
    network = stubFetch((request) =>
      request.url === '/api/customers/wishlist' ? { body: request.method === 'PUT' ? [{ product_child_id: 701 }] : [] } : undefined,
    );
    // The list asked for before the tap answers after it.
    const answer = globalThis.fetch;
    let answerTheList!: () => void;
    const listHeld = new Promise<void>((resolve) => (answerTheList = resolve));
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await answer(input, init);
      if ((input instanceof Request ? input.method : (init?.method ?? 'GET')) === 'GET') await listHeld;
      return response;
    }) as typeof fetch;
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    const loading = loadWishlistIds();
    await toggleWishlist(701);
    answerTheList();
    await loading;
    expect(store.get(wishlistAtom)).toEqual([701]);
  });
});
