import type { ListingOffer } from '@preloved/contract';
import { loginIntentAtom, loginPanelAtom, setGuestCheckoutAtom, setUserDataAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { parseAmount } from '@preloved/ui';
import { MakeOfferButton } from './MakeOffer';

const listing: ListingOffer = {
  listing_id: 7,
  number: 'L7',
  product_child_id: 107,
  condition_id: 2,
  condition: 'Like new',
  condition_description: 'Worn once.',
  O2Child: 'M',
  price: 80,
  comment: '',
  photos: ['/a.svg', '/b.svg'],
  date: '2026-10-01T00:00:00Z',
  FirstName: 'Rui',
  CustomerID: 50,
  verified: false,
  seller_rating: { average: null, count: 0 },
  currency_symb_code: 'EUR',
};

describe('Make an offer (a listing row)', () => {
  let network: ReturnType<typeof stubFetch>;
  let answer: { status?: number; body?: unknown } | undefined;
  let made: unknown[];
  beforeEach(() => {
    resetStore();
    answer = undefined;
    made = [];
    network = stubFetch((request) => {
      if (request.url === '/api/offers') return answer ?? { body: { id: 1 } };
      if (request.url === '/api/offers?listing_id=7') return { body: { made, received: [], made_total: made.length, received_total: 0, page: 1 } };
      if (request.url === '/api/notifications/count') return { body: { Notifications: 0 } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const signIn = () => act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
  const renderButton = () => renderWithProviders(<MakeOfferButton listing={listing} title="Wool coat, Size M" />);
  const open = async () => userEvent.click(screen.getByRole('button', { name: 'Make an offer for Wool coat, Size M' }));

  it('a visitor types an amount, is asked to sign in, and once signed in the dialog is open again with that amount', async () => {
    renderButton();
    await open();
    const amount = await screen.findByRole('textbox', { name: 'Your offer (€)' });
    await userEvent.type(amount, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to send' }));
    // Checked before asking: out of bounds stays in the form.
    expect(amount).toHaveAccessibleDescription('Your offer must be between €40.00 and €79.20.');
    await userEvent.clear(amount);
    await userEvent.type(amount, '65,50');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to send' }));
    expect(store.get(loginPanelAtom).mode).toBe('signin');
    expect(store.get(loginIntentAtom)).toEqual({ kind: 'offer', listingId: 7, amount: '65,50' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(network.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    signIn();
    const again = await screen.findByRole('textbox', { name: 'Your offer (€)' });
    expect(again).toHaveValue('65,50');
    expect(store.get(loginIntentAtom)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Your offer of €65.50 has been sent to the seller.')).toBeInTheDocument();
    expect(network.requests.find((request) => request.method === 'POST')).toEqual({ method: 'POST', url: '/api/offers', body: { listing_id: 7, price: 65.5 } });
  }, 20_000);

  it('another piece’s offer intent does not open this dialog', async () => {
    act(() => store.set(loginIntentAtom, { kind: 'offer', listingId: 8, amount: '50' }));
    signIn();
    renderButton();
    expect(await screen.findByRole('button', { name: 'Make an offer for Wool coat, Size M' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.get(loginIntentAtom)).toEqual({ kind: 'offer', listingId: 8, amount: '50' });
  });

  it('a guest-checkout user is asked to sign in too', async () => {
    signIn();
    act(() => store.set(setGuestCheckoutAtom, true));
    renderButton();
    await open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your offer (€)' }), '70');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to send' }));
    expect(store.get(loginPanelAtom).mode).toBe('signin');
  });

  it('a buyer with an offer waiting on the piece sees its amount and countdown instead of the button', async () => {
    made = [{ id: 3, listing_id: 7, price: 70, status: 'active', expires_at: new Date(Date.now() + 47 * 3600_000).toISOString() }];
    signIn();
    renderButton();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Your offer of €70.00 is waiting for the seller’s answer.');
    expect(status).toHaveTextContent(/Expires in 1d 2\dh/);
    expect(screen.getByRole('link', { name: 'See your offers' })).toHaveAttribute('href', '/user/offers');
    expect(screen.queryByRole('button', { name: /Make an offer/ })).not.toBeInTheDocument();
  });

  it('an accepted offer says so, with the time left to buy; an expired one leaves the button', async () => {
    made = [{ id: 4, listing_id: 7, price: 60, status: 'accepted', expires_at: new Date(Date.now() + 5 * 3600_000).toISOString() }];
    signIn();
    const { unmount } = renderButton();
    expect(await screen.findByRole('status')).toHaveTextContent('The seller accepted your offer of €60.00: buy it at that price.');
    unmount();
    // The listing's price fell below the accepted offer: that lower price is the one to pay.
    made = [{ id: 6, listing_id: 7, price: 60, listing_price: 54, status: 'accepted', expires_at: new Date(Date.now() + 5 * 3600_000).toISOString() }];
    const fell = renderButton();
    expect(await screen.findByRole('status')).toHaveTextContent('The seller accepted your offer of €60.00, and the price fell below it since: buy it at €54.00.');
    fell.unmount();
    made = [{ id: 5, listing_id: 7, price: 60, status: 'expired', expires_at: null }];
    renderButton();
    expect(await screen.findByRole('button', { name: 'Make an offer for Wool coat, Size M' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the bounds, checks the amount before sending, then sends it and closes', async () => {
    signIn();
    renderButton();
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer for Wool coat, Size M' });
    const amount = screen.getByRole('textbox', { name: 'Your offer (€)' });
    expect(amount).toHaveAccessibleDescription('Between €40.00 and €79.20');
    expect(amount).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(amount).toHaveAccessibleDescription('Please enter your offer.');
    await userEvent.type(amount, '12,345');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(amount).toHaveAccessibleDescription('Enter an amount in euros, like 25 or 25.50.');
    await userEvent.clear(amount);
    await userEvent.type(amount, '39.99');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(amount).toHaveAccessibleDescription('Your offer must be between €40.00 and €79.20.');
    expect(network.requests.filter((request) => request.url === '/api/offers')).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '60,50');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Your offer of €60.50 has been sent to the seller.')).toBeInTheDocument();
    expect(network.requests.find((request) => request.url === '/api/offers')).toEqual({ method: 'POST', url: '/api/offers', body: { listing_id: 7, price: 60.5 } });
    expect(dialog).not.toHaveAttribute('open');
  });

  it('shows the API’s refusal in the form, translated from its code (a second open offer)', async () => {
    // The sentence comes from the code, not from the English message (which is for logs).
    answer = { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', code: 'offer_already_open', message: 'Open offer exists (log)' } };
    signIn();
    renderButton();
    await open();
    const amount = await screen.findByRole('textbox', { name: 'Your offer (€)' });
    await userEvent.type(amount, '70');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('You already have an open offer on this item.')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription('You already have an open offer on this item.');
  });

  it('no button on the shopper’s own listing', () => {
    signIn();
    act(() => store.set(setUserDataAtom, { customer: { CustomerID: 50, FirstName: 'Rui', LastName: 'Lopes' } } as never));
    renderButton();
    expect(screen.queryByRole('button', { name: /Make an offer/ })).not.toBeInTheDocument();
  });

  it('reads amounts the way shoppers type them', () => {
    expect([parseAmount('25'), parseAmount(' 25,5 '), parseAmount('€25.50'), parseAmount('25.505'), parseAmount('abc'), parseAmount('-3')]).toEqual([25, 25.5, 25.5, null, null, null]);
  });
});
