import { OFFER_MESSAGES, type ListingOffer } from '@preloved/contract';
import { loginPanelAtom, setGuestCheckoutAtom, setUserDataAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { MakeOfferButton, parseAmount } from './MakeOffer';

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
  beforeEach(() => {
    resetStore();
    answer = undefined;
    network = stubFetch((request) => {
      if (request.url === '/api/offers') return answer ?? { body: { id: 1 } };
      if (request.url === '/api/notifications/count') return { body: { Notifications: 0 } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const signIn = () => act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
  const renderButton = () => renderWithProviders(<MakeOfferButton listing={listing} title="Wool coat, Size M" />);
  const open = async () => userEvent.click(screen.getByRole('button', { name: 'Make an offer for Wool coat, Size M' }));

  it('a visitor, or a guest-checkout user, gets the login panel first', async () => {
    renderButton();
    await open();
    expect(store.get(loginPanelAtom).mode).toBe('signin');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => store.set(loginPanelAtom, { mode: 'closed', forCheckout: false }));
    signIn();
    act(() => store.set(setGuestCheckoutAtom, true));
    await open();
    expect(store.get(loginPanelAtom).mode).toBe('signin');
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

  it('shows the API’s refusal in the form (a second open offer)', async () => {
    answer = { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: OFFER_MESSAGES.alreadyOpen } };
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
