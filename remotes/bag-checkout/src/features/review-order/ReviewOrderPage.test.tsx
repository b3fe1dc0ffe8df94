import type { OrderDetail } from '@preloved/contract';
import { loginPanelAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { ReviewOrderPage, reviewOrderLoader } from './ReviewOrderPage';

const address = { name: '', first_name: 'Ana', last_name: 'Silva', phone: '912345678', address: 'Rua Augusta 10', address2: '', zip_code: '1100-053', city: 'Lisboa', country: 'PT' };
const product = { listing_id: 3, title: 'Wool coat', photo: '/img/coat.jpg', options: { O1Child: 'Camel', O2Child: 'M' }, price: 45 };
const delivered: OrderDetail = {
  id: 41,
  number: 'PL-000041',
  date: '2026-11-20T10:00:00.000Z',
  total: 57.3,
  currency_symb_code: 'EUR',
  status: 'delivered',
  title: 'Wool coat',
  photo: '/img/coat.jpg',
  pieces: 1,
  tracking: [],
  subtotal: 45,
  fees: { processing: 2.95, verification: 1.5, shipping: 3.9, delivery: 2.5, discount: 0, bundle_discount: 0 },
  products: [product],
  packages: [{ id: 7, seller: 'Maria', ship_by: '2026-11-27', shipped_at: '2026-11-24T09:00:00.000Z', tracking_number: 'CT123PT', products: [product] }],
  shipped_by: '2026-11-27',
  delivery_date: '2026-11-26',
  delivery_date_estimated: false,
  tracking_number: 'CT123PT',
  delivery_option: 'home',
  pickup_point: null,
  delivery_address: address,
  billing_address: address,
  email: 'ana@example.com',
  payment: { provider: 'test', card_brand: 'Visa', card_last4: '4242', amount: 57.3 },
  review: null,
  can_review: true,
};

describe('Order review page', () => {
  let network: ReturnType<typeof stubFetch>;
  let order: OrderDetail;
  let reviewAnswer: { status?: number; body?: unknown } | undefined;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    order = delivered;
    reviewAnswer = undefined;
    network = stubFetch((request) => {
      if (request.url === '/api/orders/41' && request.method === 'GET') return { body: order };
      if (request.url === '/api/orders/41/review') {
        const body = request.body as { rating: number; comment: string };
        return reviewAnswer ?? { body: { ...order, can_review: false, review: { ...body, date: '2026-11-27T10:00:00.000Z' } } };
      }
      if (request.url.startsWith('/api/orders/')) return { status: 404, body: { message: 'Order not found.' } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = (id = '41') =>
    renderWithProviders(<ReviewOrderPage />, { route: `/review-order/${id}`, path: '/review-order/:orderId', loader: reviewOrderLoader });
  const posts = () => network.requests.filter((request) => request.method === 'POST');

  it('rates a delivered order from 1 to 5 with a comment, then shows the review', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: 'Order PL-000041' })).toHaveAttribute('href', '/user/orders/41');
    expect(screen.getByText('Wool coat')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Comment (optional)'), 'Just as described.');
    expect(screen.getByText('482 characters left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Thank you for your review.')).toBeInTheDocument();
    expect(posts()).toEqual([{ method: 'POST', url: '/api/orders/41/review', body: { rating: 4, comment: 'Just as described.' } }]);
    expect(screen.getByRole('heading', { name: 'Your review' })).toBeInTheDocument();
    expect(screen.getByText('You rated this purchase 4 out of 5.')).toBeInTheDocument();
    expect(screen.getByText('Just as described.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send review' })).not.toBeInTheDocument();
  });

  it('asks for a rating next to the stars and sends nothing without one', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send review' }));
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toHaveAccessibleDescription('Please rate your purchase.');
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(posts()).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(group).not.toHaveAccessibleDescription('Please rate your purchase.');
  });

  it('says in the page when the API refuses (reviewed elsewhere meanwhile)', async () => {
    reviewAnswer = { status: 409, body: { statusCode: 409, message: 'You have already reviewed this order.' } };
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: '3 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('You have already reviewed this order.')).toBeInTheDocument();
  });

  it.each([
    ['paid', 'The seller has not shipped it yet.'],
    ['shipped', 'It is on its way: when it arrives, tell us in your order ("I received it").'],
  ] as const)('a %s order cannot be rated yet, and the page says why', async (status, why) => {
    order = { ...delivered, status, can_review: false };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'You can rate this purchase once it is delivered.' })).toBeInTheDocument();
    expect(screen.getByText(why)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the order' })).toHaveAttribute('href', '/user/orders/41');
    expect(screen.queryByRole('radio', { name: '5 stars' })).not.toBeInTheDocument();
  });

  it('shows a review already given', async () => {
    order = { ...delivered, can_review: false, review: { rating: 2, comment: '', date: '2026-11-27T10:00:00.000Z' } };
    renderPage();
    expect(await screen.findByText('You rated this purchase 2 out of 5.')).toBeInTheDocument();
  });

  it('another customer’s or an unknown order is not found, never a crash', async () => {
    renderPage('99');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/user/orders');
  });

  it('asks a visitor to sign in, and loads the order once signed in', async () => {
    resetStore();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(store.get(loginPanelAtom)).toMatchObject({ mode: 'signin' });
    expect(network.requests).toHaveLength(0);
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    expect(await screen.findByRole('radio', { name: '5 stars' })).toBeInTheDocument();
  });
});
