import { act, waitFor } from '@testing-library/react';
import { stubFetch } from '../../../../tools/jest/fetch-stub';
import { cartAtom, loginPanelAtom, setCartAtom, setGuestCheckoutAtom, guestCheckoutAtom, notificationsCountAtom, startSessionAtom, store, tokenAtom, userDataAtom } from '../state/store';
import { renderWithProviders, resetStore, testBagLine } from '../test-utils';
import { checkResetLink, getStorefrontUser, googleSignIn, login } from './customers';

const profile = { customer: { CustomerID: 1, FirstName: 'Ana', LastName: 'Silva', EmailAddress: 'a@b.co', verified: false, member_since: '2026-01-01T00:00:00Z' } };
const result = {
  Customer: { CustomerID: 1, FirstName: 'Ana', LastName: 'Silva', EmailAddress: 'a@b.co', Token: 'tok-g' },
  Cart: [testBagLine({ listing_id: 4 })],
  Notifications: 5,
};

describe('identity calls and the session (spec §4, §8)', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());
  beforeEach(() => {
    resetStore();
    act(() => store.set(loginPanelAtom, { mode: 'closed', forCheckout: false }));
  });

  it('a 401 clears the session, goes home and opens sign-in', async () => {
    network = stubFetch((request) => (request.url === '/api/customers/storefront' ? { status: 401, body: { message: 'Please sign in again.' } } : undefined));
    const { router } = renderWithProviders(<p>account</p>, { route: '/user', path: '/user', routes: [{ path: '/', element: <p>home</p> }] });
    act(() => {
      store.set(startSessionAtom, { token: 'old', cart: [testBagLine({ listing_id: 1 })], notifications: 3, userData: { customer: { FirstName: 'A', LastName: 'B' } } });
    });
    await expect(getStorefrontUser()).rejects.toThrow();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(cartAtom)).toEqual([]);
    expect(store.get(notificationsCountAtom)).toBe(0);
    expect(store.get(userDataAtom)).toBeNull();
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'signin', forCheckout: false });
  });

  it('Google sign-in sends the credential as code with the local bag, and starts the session like a login', async () => {
    network = stubFetch((request) => {
      if (request.url === '/api/customers/google') return { body: result };
      if (request.url === '/api/customers/storefront') return { body: profile };
      return undefined;
    });
    act(() => {
      store.set(setCartAtom, [testBagLine({ listing_id: 4 }), testBagLine({ listing_id: 8 })]);
      store.set(setGuestCheckoutAtom, true);
      store.set(loginPanelAtom, { mode: 'signin', forCheckout: true });
    });
    await googleSignIn('id-token');
    expect(network.requests[0]).toEqual({ method: 'POST', url: '/api/customers/google', body: { code: 'id-token', cart: [4, 8], id_brand: 1 } });
    expect(network.requests[1]).toMatchObject({ method: 'GET', url: '/api/customers/storefront' });
    expect(store.get(tokenAtom)).toBe('tok-g');
    expect(store.get(cartAtom)).toEqual(result.Cart);
    expect(store.get(notificationsCountAtom)).toBe(5);
    expect(store.get(guestCheckoutAtom)).toBe(false);
    expect(store.get(userDataAtom)).toEqual(profile);
    expect(store.get(loginPanelAtom).mode).toBe('closed');
  });

  it('keeps the session when the user data cannot be fetched, with the names the login answered', async () => {
    network = stubFetch((request) => {
      if (request.url === '/api/customers/login') return { body: result };
      if (request.url === '/api/customers/storefront') return { status: 503, body: { message: 'down' } };
      return undefined;
    });
    await login({ email: 'a@b.co', password: 'x' });
    expect(store.get(tokenAtom)).toBe('tok-g');
    expect(store.get(userDataAtom)).toEqual({ customer: { FirstName: 'Ana', LastName: 'Silva' } });
  });

  it('tells a usable reset link from an expired one', async () => {
    network = stubFetch((request) =>
      request.url.endsWith('/good') ? { body: { valid: true } } : { status: 404, body: { message: 'expired' } },
    );
    await expect(checkResetLink('good')).resolves.toBe(true);
    await expect(checkResetLink('old')).resolves.toBe(false);
    expect(network.requests.map((request) => request.url)).toEqual(['/api/customers/passwordreset/good', '/api/customers/passwordreset/old']);
  });
});
