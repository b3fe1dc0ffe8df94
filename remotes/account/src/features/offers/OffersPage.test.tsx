import type { Offer } from '@preloved/contract';
import { bagOpenAtom, cartAtom, notificationsCountAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { OffersPage, offersLoader } from './OffersPage';

const inTwoDays = new Date(Date.now() + 47 * 3600 * 1000).toISOString();
const base: Offer = {
  id: 11,
  listing_id: 3,
  product_brand_id: 5,
  variant_id: 51,
  title: 'Wool coat',
  photo: '/img/coat.jpg',
  options: { O1Child: 'Camel', O2Child: 'M' },
  price: 60,
  offered_price: 60,
  counter_price: null,
  listing_price: 80,
  currency_symb_code: 'EUR',
  listed_by: 'Marta',
  country: 'PT',
  buyer: 'Rita',
  role: 'seller',
  status: 'active',
  reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: inTwoDays,
  in_bag: false,
};
const PRICE = '€60.00';
const bagLine = { id: 1, listing_id: 3, offer_id: 12, valid_listing: true, valid_offer: true, offer_expire: inTwoDays, product_brand_id: 5, variant_id: 51, product_child_id: 9, title: 'Wool coat', photo: '', customer_name: 'Marta', CustomerID: 2, options: { O1Child: 'Camel', O2Child: 'M' }, condition_description: 'Good', price: 60, currency_symb_code: 'EUR', wishlisted: false };

const fact = (scope: HTMLElement, name: string) => within(scope).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Offers page', () => {
  let network: ReturnType<typeof stubFetch>;
  let received: Offer[];
  let made: Offer[];
  let count: number;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 1 }));
    received = [base];
    made = [
      { ...base, id: 12, role: 'buyer', status: 'accepted', listed_by: 'Joana', buyer: 'Me' },
      { ...base, id: 13, title: 'Silk scarf', role: 'buyer', status: 'expired', reason: 'seller_timeout', expires_at: null },
    ];
    count = 1;
    network = stubFetch((request) => {
      if (request.url === '/api/offers') return { body: { made, received } };
      if (request.url === '/api/offers/11/accept') {
        received = [{ ...base, status: 'accepted', expires_at: inTwoDays }];
        return { body: received[0] };
      }
      if (request.url === '/api/offers/11/decline') return { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'This offer has already been accepted.' } };
      if (request.url === '/api/offers/11/counter') {
        const price = (request.body as { price: number }).price;
        received = [{ ...base, status: 'countered', counter_price: price }];
        return { body: received[0] };
      }
      if (request.url === '/api/offers/14/accept-counter') {
        made = [{ ...made[0]!, id: 14, status: 'accepted', price: 70, counter_price: 70 }];
        return { body: made[0] };
      }
      if (request.url === '/api/notifications/count') return { body: { Notifications: count } };
      if (request.url === '/api/cart') return { body: [bagLine] };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<OffersPage />, { route: '/user/offers', path: '/user/offers', loader: offersLoader });
  const offer = async (title: string, section: string) =>
    within(await screen.findByRole('region', { name: new RegExp(section) })).findByRole('article', { name: title });

  it('shows received and made offers with photo, title, price, listed by, country, status, reason and countdown', async () => {
    renderPage();
    const incoming = await offer('Wool coat', 'Offers received');
    expect(within(incoming).getByText('Waiting for an answer')).toBeInTheDocument();
    expect(fact(incoming, 'Offer')).toBe('€60.00 €80.00');
    expect(fact(incoming, 'Listed by')).toBe('Marta');
    expect(fact(incoming, 'Country')).toBe('Portugal');
    expect(fact(incoming, 'Offer from')).toBe('Rita');
    // "Answer within 1d 23:59:58": the plain style, after a label that already says what the time is for.
    expect(within(incoming).getByText('Answer within')).toBeInTheDocument();
    expect(within(incoming).getByRole('timer', { name: /^Time left: 1d 2[23]:\d\d:\d\d$/ })).toHaveTextContent(/^1d 2[23]:\d\d:\d\d$/);
    expect(within(incoming).getByRole('link', { name: 'Wool coat' })).toHaveAttribute('href', '/product/5?variant=51&listing=3');
    expect(within(incoming).getByRole('button', { name: 'Accept the offer for Wool coat' })).toBeInTheDocument();

    const expired = await offer('Silk scarf', 'Offers made');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByText('The seller did not accept or reject in time.')).toBeInTheDocument();
    expect(within(expired).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(expired).queryByRole('button')).not.toBeInTheDocument();
  });

  it('the seller accepts after confirming: the offer shows accepted from the answer, one request in all', async () => {
    renderPage();
    const incoming = await offer('Wool coat', 'Offers received');
    await userEvent.click(within(incoming).getByRole('button', { name: 'Accept the offer for Wool coat' }));
    // Asked first; "Not now" sends nothing.
    const question = await screen.findByRole('alertdialog', { name: `Accept the offer of ${PRICE} for Wool coat?` });
    expect(question).toHaveTextContent('The buyer then has 24 hours to buy it at this price.');
    await userEvent.click(within(question).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(network.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(incoming).getByRole('button', { name: 'Accept the offer for Wool coat' }));
    const before = network.requests.length;
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Offer for Wool coat accepted. The buyer has 24 hours to buy it.')).toBeInTheDocument();
    expect(await within(await offer('Wool coat', 'Offers received')).findByText('Accepted')).toBeInTheDocument();
    // The answer is the offer as it is: nothing is read again, and the seller's own count does not
    // change with her answer (its feed entry is the buyer's).
    expect(network.requests.slice(before).map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/offers/11/accept']);
    expect(store.get(notificationsCountAtom)).toBe(1);
  });

  it('a refused answer (a concurrent one won) is said in a toast', async () => {
    renderPage();
    const incoming = await offer('Wool coat', 'Offers received');
    await userEvent.click(within(incoming).getByRole('button', { name: 'Decline the offer for Wool coat' }));
    const question = await screen.findByRole('alertdialog', { name: `Decline the offer of ${PRICE} for Wool coat?` });
    await userEvent.click(within(question).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('This offer has already been accepted.')).toBeInTheDocument();
  });

  it('Buy now puts the accepted offer in the bag with its offer_id and opens the bag', async () => {
    renderPage();
    const accepted = await offer('Wool coat', 'Offers made');
    expect(within(accepted).getByText('Buy within')).toBeInTheDocument();
    expect(within(accepted).getByRole('timer', { name: /Time left/ })).toBeInTheDocument();
    await userEvent.click(within(accepted).getByRole('button', { name: 'Buy now Wool coat at the offer price' }));
    expect(network.requests.find((request) => request.url === '/api/cart')).toEqual({ method: 'POST', url: '/api/cart', body: { listing_id: 3, offer_id: 12 } });
    expect(store.get(cartAtom)).toEqual([bagLine]);
    expect(store.get(bagOpenAtom)).toBe(true);
  });

  it('the seller makes one counter-offer between the offer and the price: out of range is said beside the field, then it is sent', async () => {
    renderPage();
    const incoming = await offer('Wool coat', 'Offers received');
    await userEvent.click(within(incoming).getByRole('button', { name: 'Make a counter-offer for Wool coat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer for Wool coat' });
    const amount = within(dialog).getByRole('textbox', { name: 'Your counter-offer (€)' });
    expect(amount).toHaveAccessibleDescription('Between €60.01 and €79.99.');
    await userEvent.type(amount, '80');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(amount).toHaveAccessibleDescription('Your counter-offer must be between €60.01 and €79.99.');
    expect(amount).toHaveFocus();
    expect(network.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '72,50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByText('Counter-offer of €72.50 sent for Wool coat. The buyer has 48 hours to answer.')).toBeInTheDocument();
    expect(network.requests).toContainEqual({ method: 'POST', url: '/api/offers/11/counter', body: { price: 72.5 } });
    const countered = await offer('Wool coat', 'Offers received');
    expect(await within(countered).findByText('Waiting for the buyer’s answer to your counter-offer of €72.50.')).toBeInTheDocument();
    // The countdown is the buyer's now: the seller is not told to answer.
    expect(within(countered).getByText('The buyer answers within')).toBeInTheDocument();
    expect(within(countered).queryByRole('button', { name: 'Make a counter-offer for Wool coat' })).not.toBeInTheDocument();
  });

  it('a buyer waiting for the seller is told whose move it is: "The seller answers within", not "Answer within"', async () => {
    made = [{ ...base, id: 15, role: 'buyer', status: 'active', listed_by: 'Joana', buyer: 'Me' }];
    received = [{ ...base, status: 'accepted' }];
    renderPage();
    const waiting = await offer('Wool coat', 'Offers made');
    expect(within(waiting).getByText('The seller answers within')).toBeInTheDocument();
    expect(within(waiting).queryByText('Answer within')).not.toBeInTheDocument();
    expect(within(await offer('Wool coat', 'Offers received')).getByText('The buyer can buy within')).toBeInTheDocument();
  });

  it('an accepted offer above the listing’s price now says the lower price is paid, to the buyer and the seller', async () => {
    made = [{ ...base, id: 16, role: 'buyer', status: 'accepted', price: 95, offered_price: 95, listing_price: 90, in_bag: true, listed_by: 'Joana', buyer: 'Me' }];
    received = [{ ...base, status: 'accepted', price: 95, offered_price: 95, listing_price: 90 }];
    renderPage();
    const bought = await offer('Wool coat', 'Offers made');
    expect(within(bought).getByText('The price fell below your offer: you pay €90.00.')).toBeInTheDocument();
    expect(within(bought).getByText('In your bag at €90.00.')).toBeInTheDocument();
    // The lower listing price is not struck out as if it were the old one.
    expect(fact(bought, 'Offer')?.trim()).toBe('€95.00');
    expect(within(await offer('Wool coat', 'Offers received')).getByText('The price fell below the offer: the buyer pays €90.00.')).toBeInTheDocument();
  });

  it('the buy button of an accepted offer above the listing’s new price names the lower price it buys at', async () => {
    made = [{ ...base, id: 18, role: 'buyer', status: 'accepted', price: 95, offered_price: 95, listing_price: 90, in_bag: false, listed_by: 'Joana', buyer: 'Me' }];
    renderPage();
    const open = await offer('Wool coat', 'Offers made');
    expect(within(open).getByRole('button', { name: 'Buy now Wool coat for €90.00' })).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: 'Buy now Wool coat at the offer price' })).not.toBeInTheDocument();
  });

  it('an accepted offer below the listing’s price says nothing about a fall', async () => {
    made = [{ ...base, id: 17, role: 'buyer', status: 'accepted', in_bag: true, listed_by: 'Joana', buyer: 'Me' }];
    renderPage();
    const bought = await offer('Wool coat', 'Offers made');
    expect(within(bought).queryByText(/The price fell/)).not.toBeInTheDocument();
    expect(within(bought).getByText('In your bag at the offer price.')).toBeInTheDocument();
  });

  it('the buyer sees the counter-offer with its countdown and accepts it', async () => {
    made = [{ ...base, id: 14, role: 'buyer', status: 'countered', counter_price: 70, listed_by: 'Joana', buyer: 'Me' }];
    renderPage();
    const countered = await offer('Wool coat', 'Offers made');
    expect(within(countered).getByText('The seller answers your offer of €60.00 with €70.00.')).toBeInTheDocument();
    expect(within(countered).getByText('Answer within')).toBeInTheDocument();
    expect(within(countered).getByRole('timer')).toBeInTheDocument();
    await userEvent.click(within(countered).getByRole('button', { name: 'Accept the counter-offer of €70.00 for Wool coat' }));
    expect(await screen.findByText('Counter-offer for Wool coat accepted: buy it within 24 hours.')).toBeInTheDocument();
    expect(await within(await offer('Wool coat', 'Offers made')).findByRole('button', { name: 'Buy now Wool coat at the offer price' })).toBeInTheDocument();
  });
});
