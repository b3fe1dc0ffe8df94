import type { OrderDetail } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { waitFor } from '@testing-library/react';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { deliveredOrder, paidOrder, shippedOrder } from './order-fixture';
import { OrderPage, orderLoader } from './OrderPage';

const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Order page', () => {
  let network: ReturnType<typeof stubFetch>;
  let order: OrderDetail;
  let receivedAnswer: { status?: number; body?: unknown } | undefined;
  let problemAnswer: { status?: number; body?: unknown } | undefined;
  let cancelAnswer: { status?: number; body?: unknown } | undefined;
  beforeEach(() => {
    problemAnswer = undefined;
    cancelAnswer = undefined;
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    order = paidOrder;
    receivedAnswer = undefined;
    network = stubFetch((request) => {
      if (request.url === '/api/orders/41' && request.method === 'GET') return { body: order };
      if (request.url === '/api/orders/41/received') return receivedAnswer ?? { body: deliveredOrder };
      if (request.url === '/api/orders/41/problem') {
        if (problemAnswer) return problemAnswer;
        order = { ...order, problem: { reported_at: '2026-11-24T10:00:00.000Z', resolution: null, resolved_at: null } };
        return { body: { order_id: 41, number: order.number, reported_at: '2026-11-24T10:00:00.000Z' } };
      }
      if (request.url === '/api/orders/41/cancel') {
        if (cancelAnswer) return cancelAnswer;
        const cancelled = { by: 'buyer' as const, date: '2026-11-22T10:00:00.000Z', refunded: 57.3 };
        order = { ...order, can_cancel: false, cancelled };
        return { body: { number: order.number, cancelled_by: 'buyer', cancelled_at: cancelled.date, refunded: 57.3 } };
      }
      if (request.url.startsWith('/api/orders/')) return { status: 404, body: { statusCode: 404, message: 'Order not found.' } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = (id = '41') => renderWithProviders(<OrderPage />, { route: `/user/orders/${id}`, path: '/user/orders/:orderId', loader: orderLoader });

  it('shows the number, date, total, dates, products, addresses and payment of a paid order', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order PL-000041' })).toBeInTheDocument();
    expect(fact('Date')).toBe('20 November 2026');
    expect(fact('Status')).toBe('Paid');
    expect(fact('Ships by')).toBe('27 November 2026');
    expect(fact('Expected delivery')).toBe('1 December 2026');
    expect(fact('Tracking number')).toBe('Not shipped yet');
    const pack = screen.getByRole('region', { name: 'Package 1 from Maria' });
    expect(within(pack).getByText('Wool coat')).toBeInTheDocument();
    expect(within(pack).getByText('Camel · Size M')).toBeInTheDocument();
    expect(within(pack).getByText('The seller ships by 27 November 2026.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Delivery address' })).getByText('Rua Augusta 10')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Billing address' })).getByText('Rua do Ouro 1')).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment information' });
    expect(within(payment).getByText('Visa ending in 4242, €57.30 paid')).toBeInTheDocument();
    expect(within(payment).getByText('Processing fee').nextElementSibling).toHaveTextContent('€2.95');
    expect(within(payment).queryByText('Discount')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I received it' })).not.toBeInTheDocument();
    expect(screen.getByText('You can rate this purchase once you have received it.')).toBeInTheDocument();
  });

  it('a shipped order shows its tracking number and the buyer confirms it arrived', async () => {
    order = shippedOrder;
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order PL-000041' })).toBeInTheDocument();
    expect(fact('Tracking number')).toBe('CT123PT');
    // Shipped: the day it shipped, not the day it was due to ship by.
    expect(fact('Shipped on')).toBe('24 November 2026');
    expect(screen.queryByText('Ships by')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I received it' }));
    expect(await screen.findByText('Thank you! Your order is marked as delivered.')).toBeInTheDocument();
    expect(fact('Status')).toBe('Delivered');
    expect(fact('Delivered on')).toBe('26 November 2026');
    expect(screen.queryByRole('button', { name: 'I received it' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rate this purchase' })).toHaveAttribute('href', '/review-order/41');
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([{ method: 'POST', url: '/api/orders/41/received', body: undefined }]);
  });

  it('lets the buyer report a problem, which then says the payment is on hold, in the shopper’s words', async () => {
    order = shippedOrder;
    renderPage();
    const section = await screen.findByRole('region', { name: 'A problem with this order?' });
    await userEvent.click(within(section).getByRole('button', { name: 'I have a problem' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Send to support' }));
    expect(within(section).getByText('Please tell us what the problem is.')).toBeInTheDocument();
    await userEvent.type(within(section).getByRole('textbox', { name: 'What is wrong?' }), 'The sleeve is torn.');
    await userEvent.click(within(section).getByRole('button', { name: 'Send to support' }));
    expect(await screen.findByText(/You reported a problem on 24 November 2026/)).toBeInTheDocument();
    expect(network.requests.find((request) => request.url === '/api/orders/41/problem')?.body).toEqual({ description: 'The sleeve is torn.' });
  });

  it('says when it is too late to report a problem', async () => {
    order = deliveredOrder;
    problemAnswer = {
      status: 409,
      body: { statusCode: 409, message: 'The protection period of this order has ended: the seller has been paid.', fields: [{ field: 'description', key: 'problem_window_closed' }] },
    };
    renderPage();
    const section = await screen.findByRole('region', { name: 'A problem with this order?' });
    await userEvent.click(within(section).getByRole('button', { name: 'I have a problem' }));
    await userEvent.type(within(section).getByRole('textbox', { name: 'What is wrong?' }), 'Late');
    await userEvent.click(within(section).getByRole('button', { name: 'Send to support' }));
    expect(await within(section).findByText('The protection period of this order has ended: the seller has been paid.')).toBeInTheDocument();
  });

  it('says so in the page when the confirmation is refused', async () => {
    order = shippedOrder;
    receivedAnswer = { status: 409, body: { statusCode: 409, message: 'This order has not been shipped yet.' } };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'I received it' }));
    expect(await screen.findByText('This order has not been shipped yet.')).toBeInTheDocument();
    expect(fact('Status')).toBe('Shipped');
  });

  describe('cancelling before anything ships', () => {
    const cancelButton = () => screen.findByRole('button', { name: 'Cancel order' });

    it('asks first, saying the whole total goes back to the card; then shows the order cancelled with the refund, and focus on it', async () => {
      order = { ...paidOrder, can_cancel: true, cancelled: null };
      renderPage();
      await userEvent.click(await cancelButton());
      const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order PL-000041?' });
      expect(within(dialog).getByText(/€57.30 goes back to your Visa card ending in 4242/)).toBeInTheDocument();
      expect(network.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));

      const notice = await screen.findByText('This order was cancelled on 22 November 2026.');
      expect(screen.getByText('You cancelled it: €57.30 was refunded to your card.')).toBeInTheDocument();
      expect(fact('Status')).toBe('Cancelled');
      expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'A problem with this order?' })).not.toBeInTheDocument();
      await waitFor(() => expect(notice.closest('[role="status"]')).toHaveFocus());
      expect(network.requests.filter((request) => request.method === 'POST')).toEqual([{ method: 'POST', url: '/api/orders/41/cancel', body: undefined }]);
    });

    it('keeping the order sends nothing and gives focus back to the button', async () => {
      order = { ...paidOrder, can_cancel: true, cancelled: null };
      renderPage();
      const button = await cancelButton();
      await userEvent.click(button);
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep the order' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await waitFor(() => expect(button).toHaveFocus());
      expect(fact('Status')).toBe('Paid');
      expect(network.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    });

    it('a refusal shows the error code’s sentence from the catalogue, not the API’s English words', async () => {
      order = { ...paidOrder, can_cancel: true, cancelled: null };
      cancelAnswer = { status: 409, body: { statusCode: 409, code: 'order_shipped', message: 'server words' } };
      renderPage();
      await userEvent.click(await cancelButton());
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel the order' }));
      expect(await screen.findByText('A package of this order has already been shipped: the order can no longer be cancelled.')).toBeInTheDocument();
      expect(screen.queryByText('server words')).not.toBeInTheDocument();
      expect(fact('Status')).toBe('Paid');
    });

    it('offers nothing once the API says it may not be cancelled (shipped)', async () => {
      order = { ...shippedOrder, can_cancel: false, cancelled: null };
      renderPage();
      expect(await screen.findByRole('heading', { name: 'Order PL-000041' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    });

    it('shows a cancellation by the seller, and a piece the seller could not send with its refund', async () => {
      const [pack] = paidOrder.packages;
      const products = pack!.products.map((product, index) => (index === 0 ? { ...product, refunded: { amount: 12.5, date: '2026-11-21T10:00:00.000Z' } } : product));
      order = { ...paidOrder, can_cancel: false, cancelled: { by: 'seller', date: '2026-11-22T10:00:00.000Z', refunded: 57.3 }, packages: [{ ...pack!, products }] };
      renderPage();
      expect(await screen.findByText('The seller cancelled it: €57.30 was refunded to your card.')).toBeInTheDocument();
      expect(screen.getByText('The seller could not send this piece: €12.50 refunded on 21 November 2026.')).toBeInTheDocument();
    });
  });

  it('a reviewed order shows the rating and the comment', async () => {
    order = { ...deliveredOrder, can_review: false, review: { rating: 4, comment: 'Just as described.', date: '2026-11-27T10:00:00.000Z' } };
    renderPage();
    expect(await screen.findByText('You rated this purchase 4 out of 5.')).toBeInTheDocument();
    expect(screen.getByText('Just as described.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rate this purchase' })).not.toBeInTheDocument();
  });

  it('a pickup order shows the pickup point as its delivery address', async () => {
    order = {
      ...paidOrder,
      delivery_option: 'pickup',
      pickup_point: { id: 1, name: 'Papelaria Central', address: 'Rua Garrett 5', zip_code: '1200-203', city: 'Lisboa', country: 'PT', lat: 38.71, lng: -9.14, opening_hours: 'Mon–Sat 9:00–19:00' },
    };
    renderPage();
    const delivery = await screen.findByRole('region', { name: 'Delivery address' });
    expect(within(delivery).getByText('Pickup point: Papelaria Central')).toBeInTheDocument();
  });

  it.each([
    ['another customer’s or an unknown order', '99'],
    ['an id that is not a number', 'abc'],
  ])('shows a not-found state for %s, never a crash', async (_case, id) => {
    renderPage(id);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/user/orders');
  });

  describe('a package sent through the verification hub', () => {
    const base = { received_at: null, decided_at: null, lost_at: null, outbound_tracking: null, return_tracking: null };
    const withHub = (verification: NonNullable<OrderDetail['packages'][number]['verification']>): OrderDetail => ({
      ...shippedOrder,
      packages: shippedOrder.packages.map((pack) => ({ ...pack, verification })),
    });
    it.each([
      ['to_hub', { ...base, state: 'to_hub' as const, pieces: [{ listing_id: 3, verdict: null, report: null }] }, 'Goes first to our verification hub, where we check each piece against its listing before it comes to you.'],
      ['at_hub', { ...base, state: 'at_hub' as const, received_at: '2026-11-24T10:00:00.000Z', pieces: [{ listing_id: 3, verdict: null, report: null }] }, 'At our verification hub since 24 November 2026: being checked against its listing.'],
      [
        'passed',
        { ...base, state: 'passed' as const, received_at: '2026-11-24T10:00:00.000Z', decided_at: '2026-11-25T10:00:00.000Z', outbound_tracking: 'PLH000000042', pieces: [{ listing_id: 3, verdict: 'pass' as const, report: null }] },
        'Checked at our hub on 25 November 2026 and on its way to you. Tracking number: PLH000000042.',
      ],
      [
        'failed',
        { ...base, state: 'failed' as const, received_at: '2026-11-24T10:00:00.000Z', decided_at: '2026-11-25T10:00:00.000Z', return_tracking: 'PLH000000043', pieces: [{ listing_id: 3, verdict: 'fail' as const, report: 'A torn seam not in the listing.' }] },
        'Did not pass our check on 25 November 2026: you are refunded, and the piece goes back to its seller.',
      ],
      ['lost', { ...base, state: 'lost' as const, lost_at: '2026-12-04T10:00:00.000Z', pieces: [{ listing_id: 3, verdict: null, report: null }] }, 'Did not reach our verification hub: you were refunded on 4 December 2026.'],
    ])('says where it is when %s', async (state, verification, sentence) => {
      order = withHub(verification);
      renderPage();
      const pack = await screen.findByRole('region', { name: 'Package 1 from Maria' });
      expect(within(pack).getByText(sentence)).toBeInTheDocument();
      if (state === 'failed') expect(within(pack).getByText('Did not pass our check: A torn seam not in the listing.')).toBeInTheDocument();
      if (state === 'passed') expect(within(pack).getByText('Passed our check')).toBeInTheDocument();
    });
    it('says nothing of a hub for a package sent straight to the buyer', async () => {
      order = shippedOrder;
      renderPage();
      const pack = await screen.findByRole('region', { name: 'Package 1 from Maria' });
      expect(within(pack).queryByText(/verification hub/)).toBeNull();
    });
  });
});
