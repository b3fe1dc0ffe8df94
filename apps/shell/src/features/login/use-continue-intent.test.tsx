import { continueAsGuestAtom, isSignedInAtom, loginIntentAtom, loginPanelAtom, openLoginAtom, store, wishlistAtom, type LoginIntent } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { LoginPanel } from './LoginPanel';

// What a visitor started before signing in goes on after it, from the login panel
// (the offer dialog takes its own intent back: MakeOffer.test.tsx in the catalog remote).
jest.mock('./GoogleButton', () => ({ GoogleButton: () => null }));
// Typing into the form is slow on a busy machine.
jest.setTimeout(20_000);

const loginAnswer = {
  Customer: { CustomerID: 7, FirstName: 'Ana', LastName: 'Silva', EmailAddress: 'ana@example.com', Token: 'tok-login' },
  Cart: [],
  Notifications: 0,
};
const checkout = { lines: [], subtotal: 0, currency_symb_code: 'EUR' };

describe('intent kept across sign-in', () => {
  let network: ReturnType<typeof stubFetch>;
  let saved: number[];
  beforeEach(() => {
    resetStore();
    act(() => store.set(loginPanelAtom, { mode: 'closed', forCheckout: false }));
    saved = [];
    network = stubFetch((request) => {
      if (request.url === '/api/customers/login') return { body: loginAnswer };
      if (request.url === '/api/customers/storefront') return { body: { customer: loginAnswer.Customer } };
      if (request.url === '/api/customers/wishlist' && request.method === 'GET') return { body: saved.map((id) => ({ product_child_id: id })) };
      if (request.url === '/api/customers/wishlist' && request.method === 'PUT') {
        saved = [...saved, (request.body as { child_id: number }).child_id];
        return { body: saved.map((id) => ({ product_child_id: id })) };
      }
      if (request.url === '/api/checkout') return { body: checkout };
      if (request.url.startsWith('/api/brands/details')) return { body: { link_socials: [], collections: { collections: [], collections_sample: [] } } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPanel = () =>
    renderWithProviders(<LoginPanel />, {
      routes: [
        { path: '/user/submit-item-2hand', element: <p>selling form</p> },
        { path: '/checkout', element: <p>checkout page</p> },
      ],
    });
  const startWith = async (options: { intent?: LoginIntent; forCheckout?: boolean }) => {
    act(() => store.set(openLoginAtom, options));
    return screen.findByRole('dialog', { name: 'Sign in' });
  };
  const signIn = async (panel: HTMLElement) => {
    await userEvent.type(within(panel).getByLabelText('Email address'), 'ana@example.com');
    await userEvent.type(within(panel).getByLabelText('Password'), 'Secret#123{Enter}');
    await waitFor(() => expect(store.get(isSignedInAtom)).toBe(true));
  };
  const calls = () => network.requests.map((request) => `${request.method} ${request.url}`);

  it('Sell lands in the selling form', async () => {
    renderPanel();
    await signIn(await startWith({ intent: { kind: 'sell' } }));
    expect(await screen.findByText('selling form')).toBeInTheDocument();
    expect(store.get(loginIntentAtom)).toBeNull();
  });

  it('Go to checkout (the panel opened on the way to checkout) lands at checkout with the bag read', async () => {
    renderPanel();
    await signIn(await startWith({ forCheckout: true }));
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
    expect(calls()).toContain('GET /api/checkout');
  });

  it('Ask the seller opens the conversation about the piece once signed in', async () => {
    network.restore();
    network = stubFetch((request) => {
      if (request.url === '/api/customers/login') return { body: loginAnswer };
      if (request.url === '/api/threads' && request.method === 'POST') return { status: 201, body: { id: 88 } };
      return { body: {} };
    });
    renderWithProviders(<LoginPanel />, { routes: [{ path: '/user/messages/88', element: <p>the conversation</p> }] });
    await signIn(await startWith({ intent: { kind: 'ask', listingId: 41 } }));
    expect(await screen.findByText('the conversation')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url === '/api/threads')).toEqual([{ method: 'POST', url: '/api/threads', body: { listing_id: 41 } }]);
    expect(store.get(loginIntentAtom)).toBeNull();
  });

  it('the wishlist heart is saved once signed in', async () => {
    renderPanel();
    await signIn(await startWith({ intent: { kind: 'wishlist', childId: 41 } }));
    await waitFor(() => expect(store.get(wishlistAtom)).toEqual([41]));
    expect(network.requests.filter((request) => request.method === 'PUT')).toEqual([{ method: 'PUT', url: '/api/customers/wishlist', body: { child_id: 41 } }]);
  });

  it('a piece the account had saved already is not toggled off', async () => {
    saved = [41];
    renderPanel();
    await signIn(await startWith({ intent: { kind: 'wishlist', childId: 41 } }));
    await waitFor(() => expect(store.get(wishlistAtom)).toEqual([41]));
    expect(network.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('the offer intent is left for the offer button of that piece', async () => {
    renderPanel();
    await signIn(await startWith({ intent: { kind: 'offer', listingId: 7, amount: '60' } }));
    expect(store.get(loginIntentAtom)).toEqual({ kind: 'offer', listingId: 7, amount: '60' });
  });

  it('closing the panel drops the intent; a plain opening has none', async () => {
    renderPanel();
    const panel = await startWith({ intent: { kind: 'sell' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(store.get(loginIntentAtom)).toBeNull();
    await startWith({ intent: { kind: 'sell' } });
    act(() => store.set(openLoginAtom));
    expect(store.get(loginIntentAtom)).toBeNull();
  });

  it('continuing as a guest drops "Go to checkout": a sign-up later, to claim the order, stays on its page', async () => {
    act(() => store.set(openLoginAtom, { forCheckout: true }));
    expect(store.get(loginIntentAtom)).toEqual({ kind: 'checkout' });
    act(() => store.set(continueAsGuestAtom));
    expect(store.get(loginIntentAtom)).toBeNull();
  });
});
