import type { Sale } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { waitFor } from '@testing-library/react';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { SalesPage, salesLoader } from './SalesPage';

const toShip: Sale = {
  id: 7,
  order_number: 'PL-000041',
  date: '2026-11-20T10:00:00.000Z',
  buyer: 'Ana',
  ship_by: '2026-11-27',
  shipped_at: null,
  tracking_number: null,
  status: 'paid',
  products: [{ listing_id: 3, title: 'Wool coat', photo: '/img/coat.jpg', options: { O1Child: 'Camel', O2Child: 'M' }, price: 45 }],
  amount: 45,
};
/** A package of two pieces (a bundle) not shipped yet, of an order with another seller's package too. */
const bundle: Sale = {
  ...toShip,
  id: 9,
  order_number: 'PL-000050',
  products: [
    { listing_id: 11, title: 'Silk scarf', photo: '/img/scarf.jpg', options: { O1Child: 'Red', O2Child: 'U' }, price: 20, refunded: null },
    { listing_id: 12, title: 'Linen shirt', photo: '/img/shirt.jpg', options: { O1Child: 'White', O2Child: 'S' }, price: 30, refunded: null },
  ],
  amount: 45,
  bundle_discount: 5,
  bundle_percent: 10,
  cancelled_at: null,
  can_cancel: false,
  can_cancel_pieces: true,
};
const shipped: Sale = { ...toShip, id: 5, order_number: 'PL-000030', shipped_at: '2026-11-10T09:00:00.000Z', tracking_number: 'CT123PT', status: 'shipped' };

const fact = (scope: HTMLElement, name: string) => within(scope).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Sales page', () => {
  let network: ReturnType<typeof stubFetch>;
  let sales: Sale[];
  let shippedAnswer: { status?: number; body?: unknown } | undefined;
  let cancelAnswer: { status?: number; body?: unknown } | undefined;
  beforeEach(() => {
    cancelAnswer = undefined;
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    sales = [toShip, shipped];
    shippedAnswer = undefined;
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/sales?')) return { body: { sales, count: sales.length } };
      if (request.url === '/api/sales/7/shipped') {
        const body = request.body as { tracking_number: string };
        return shippedAnswer ?? { body: { ...toShip, status: 'shipped', shipped_at: '2026-11-24T09:00:00.000Z', tracking_number: body.tracking_number.toUpperCase() } };
      }
      if (request.url === '/api/sales/7/cancel') {
        if (cancelAnswer) return cancelAnswer;
        sales = sales.map((row) => (row.id === 7 ? { ...row, cancelled_at: '2026-11-22T10:00:00.000Z', can_cancel: false, can_cancel_pieces: false } : row));
        return { body: { number: 'PL-000041', cancelled_by: 'seller', cancelled_at: '2026-11-22T10:00:00.000Z', refunded: 51.2 } };
      }
      if (request.url === '/api/sales/9/pieces/11/cancel') {
        if (cancelAnswer) return cancelAnswer;
        const refunded = { amount: 21.4, date: '2026-11-22T10:00:00.000Z' };
        sales = sales.map((row) =>
          row.id === 9 ? { ...row, amount: 27, products: row.products.map((product) => (product.listing_id === 11 ? { ...product, refunded } : product)) } : row,
        );
        return { body: { number: 'PL-000050', listing_id: 11, cancelled_at: refunded.date, refunded: 21.4, taken_back: 18, order_cancelled: false } };
      }
      if (/^\/api\/sales\/\d+\/label$/.test(request.url)) return { body: { message: 'The label e-mail has been sent again.' } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<SalesPage />, { route: '/user/sales', path: '/user/sales', loader: salesLoader });
  const sale = (number: string) => screen.findByRole('article', { name: `Order ${number}` });

  it('lists each sale with its order number, date, pieces, ship-by date, status and tracking number', async () => {
    renderPage();
    const open = await sale('PL-000041');
    expect(screen.getByText('2 sales, newest first')).toBeInTheDocument();
    expect(within(open).getByText('To ship')).toBeInTheDocument();
    expect(within(open).getByText('Sold on 20 November 2026 to Ana')).toBeInTheDocument();
    expect(within(open).getByText('Wool coat')).toBeInTheDocument();
    expect(within(open).getByText('Camel · Size M')).toBeInTheDocument();
    // The piece's price in the list, and what the seller receives (no bundle discount here: the same).
    expect(within(open).getAllByText('€45.00')).toHaveLength(2);
    expect(fact(open, 'You receive')).toBe('€45.00');
    expect(fact(open, 'Ship by')).toBe('27 November 2026');
    expect(fact(open, 'Tracking number')).toBe('Not shipped yet');
    // The field says what a tracking number looks like before the seller types one.
    expect(within(open).getByRole('textbox', { name: 'Tracking number' })).toHaveAccessibleDescription('From the label: a CTT number like RR123456785PT, or a DPD parcel number of 14 digits.');
    expect(within(open).getByRole('button', { name: 'Mark as shipped' })).toBeInTheDocument();

    const sent = await sale('PL-000030');
    expect(within(sent).getByText('Shipped')).toBeInTheDocument();
    expect(fact(sent, 'Tracking number')).toBe('CT123PT');
    expect(fact(sent, 'Shipped on')).toBe('10 November 2026');
    expect(within(sent).queryByRole('textbox', { name: 'Tracking number' })).not.toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Resend label e-mail' })).toBeInTheDocument();
    expect(network.requests[0]?.url).toBe('/api/sales?page=1');
  });

  it('with no sale, says so', async () => {
    sales = [];
    renderPage();
    expect(await screen.findByRole('heading', { name: "You haven't sold anything yet." })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('marks a package shipped with its tracking number and shows it in place of the form', async () => {
    renderPage();
    const open = await sale('PL-000041');
    await userEvent.type(within(open).getByRole('textbox', { name: 'Tracking number' }), 'ct 987-pt');
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText('Order PL-000041 is marked as shipped. The buyer has its tracking number.')).toBeInTheDocument();
    expect(fact(open, 'Tracking number')).toBe('CT 987-PT');
    expect(within(open).getByText('Shipped')).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: 'Mark as shipped' })).not.toBeInTheDocument();
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/sales/7/shipped', body: { tracking_number: 'ct 987-pt' } },
    ]);
  });

  it('says what is wrong next to the field before sending: a missing or malformed number', async () => {
    renderPage();
    const open = await sale('PL-000041');
    const field = within(open).getByRole('textbox', { name: 'Tracking number' });
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(field).toHaveAccessibleDescription('Please enter the tracking number.');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'CT#1');
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(field).toHaveAccessibleDescription('A tracking number has letters, digits, spaces and dashes only.');
    expect(network.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('shows the API’s refusal next to the field', async () => {
    shippedAnswer = { status: 422, body: { statusCode: 422, message: 'invalid_tracking_number', fields: [{ field: 'tracking_number', key: 'invalid_tracking_number' }] } };
    renderPage();
    const open = await sale('PL-000041');
    const field = within(open).getByRole('textbox', { name: 'Tracking number' });
    await userEvent.type(field, 'CT1');
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(open).findByText('A tracking number has letters, digits, spaces and dashes only.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('A tracking number has letters, digits, spaces and dashes only.');
    expect(fact(open, 'Tracking number')).toBe('Not shipped yet');
  });

  it('says in the package when the API refuses for another reason (already delivered)', async () => {
    shippedAnswer = { status: 409, body: { statusCode: 409, message: 'This order is already delivered.' } };
    renderPage();
    const open = await sale('PL-000041');
    await userEvent.type(within(open).getByRole('textbox', { name: 'Tracking number' }), 'CT1');
    await userEvent.click(within(open).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(open).findByText('This order is already delivered.')).toBeInTheDocument();
  });

  it('sends the label e-mail again for a sale and says so', async () => {
    renderPage();
    const sent = await sale('PL-000030');
    await userEvent.click(within(sent).getByRole('button', { name: 'Resend label e-mail' }));
    expect(await screen.findByText('The shipping label for order PL-000030 has been sent to your e-mail again.')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([{ method: 'POST', url: '/api/sales/5/label', body: undefined }]);
  });

  // On the test carrier (the demo's) the label could only be mailed again, and each
  // piece of a bundle showed a big "Can't send this piece" like the card's main action.
  it('a sale to ship on the test carrier has its label to download first; the mail again and "can’t send" are quiet', async () => {
    sales = [toShip, bundle, shipped];
    const clicked: string[] = [];
    const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:drawn';
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    try {
      renderPage();
      const open = await sale('PL-000041');
      const download = within(open).getByRole('button', { name: 'Download the shipping label of order PL-000041 (PDF)' });
      expect(download).toHaveClass('primary');
      // The label to print comes before the number typed from it.
      expect(download.compareDocumentPosition(within(open).getByRole('textbox', { name: 'Tracking number' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(open).getByRole('button', { name: 'Resend label e-mail' })).toHaveClass('ghost');
      const pieces = await sale('PL-000050');
      expect(within(pieces).getByRole('button', { name: 'Can’t send Silk scarf' })).toHaveClass('ghost', 'minor');
      // A shipped sale keeps its label to download, no longer the card's first action.
      expect(within(await sale('PL-000030')).getByRole('button', { name: 'Download the shipping label of order PL-000030 (PDF)' })).toHaveClass('secondary');

      await userEvent.click(download);
      await waitFor(() => expect(clicked).toEqual(['blob:drawn label-PL-000041.pdf']));
      expect(network.requests.find((request) => request.url === '/api/sales/7/label')?.method).toBe('GET');
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL: originals.create, revokeObjectURL: originals.revoke });
    }
  });

  describe('cancelling before shipping', () => {
    const posts = () => network.requests.filter((request) => request.method === 'POST');

    it('cancels a one-seller sale after a confirmation naming what is taken back; the card then shows it cancelled with nothing to ship', async () => {
      sales = [{ ...toShip, can_cancel: true, can_cancel_pieces: true, cancelled_at: null }, shipped];
      renderPage();
      const open = await sale('PL-000041');
      expect(within(await sale('PL-000030')).queryByRole('button', { name: /Cancel the sale/ })).not.toBeInTheDocument();
      // One piece: no per-piece control, the whole sale is cancelled.
      expect(within(open).queryByRole('button', { name: /Can’t send/ })).not.toBeInTheDocument();
      await userEvent.click(within(open).getByRole('button', { name: 'Cancel the sale of order PL-000041' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the sale of order PL-000041?' });
      expect(within(dialog).getByText(/what you would receive for it \(€45.00\) is taken back/)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the sale' }));

      expect(await screen.findByText('Order PL-000041 is cancelled and the buyer is refunded €51.20.')).toBeInTheDocument();
      expect(within(open).getByText('Cancelled')).toBeInTheDocument();
      expect(within(open).getByText('Cancelled on 22 November 2026: nothing to ship.')).toBeInTheDocument();
      expect(within(open).queryByRole('textbox', { name: 'Tracking number' })).not.toBeInTheDocument();
      expect(within(open).queryByRole('button', { name: 'Cancel the sale of order PL-000041' })).not.toBeInTheDocument();
      await waitFor(() => expect(within(open).getByRole('heading', { name: 'Order PL-000041' })).toHaveFocus());
      expect(posts()).toEqual([{ method: 'POST', url: '/api/sales/7/cancel', body: undefined }]);
    });

    it('keeping the sale sends nothing and gives focus back to the button', async () => {
      sales = [{ ...toShip, can_cancel: true, can_cancel_pieces: true, cancelled_at: null }];
      renderPage();
      const open = await sale('PL-000041');
      const button = within(open).getByRole('button', { name: 'Cancel the sale of order PL-000041' });
      await userEvent.click(button);
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep the sale' }));
      await waitFor(() => expect(button).toHaveFocus());
      expect(within(open).getByText('To ship')).toBeInTheDocument();
      expect(posts()).toHaveLength(0);
    });

    it('cancels one piece of a bundle it cannot send: the piece shows its refund, the rest still ships', async () => {
      sales = [bundle];
      renderPage();
      const open = await sale('PL-000050');
      // Another seller's package is in the order: the whole sale is not this seller's to cancel.
      expect(within(open).queryByRole('button', { name: /Cancel the sale/ })).not.toBeInTheDocument();
      await userEvent.click(within(open).getByRole('button', { name: 'Can’t send Silk scarf' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Cancel “Silk scarf” from order PL-000050?' });
      expect(within(dialog).getByText(/The rest of the package ships as before/)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel this piece' }));

      expect(await screen.findByText('“Silk scarf” is cancelled: the buyer is refunded €21.40 and €18.00 is taken back from your credit.')).toBeInTheDocument();
      expect(within(open).getByText('Cancelled: €21.40 refunded to the buyer on 22 November 2026.')).toBeInTheDocument();
      expect(within(open).queryByRole('button', { name: 'Can’t send Silk scarf' })).not.toBeInTheDocument();
      expect(within(open).getByRole('button', { name: 'Can’t send Linen shirt' })).toBeInTheDocument();
      expect(within(open).getByText('To ship')).toBeInTheDocument();
      expect(fact(open, 'You receive')).toBe('€27.00');
      expect(within(open).getByRole('textbox', { name: 'Tracking number' })).toBeInTheDocument();
      expect(posts()).toEqual([{ method: 'POST', url: '/api/sales/9/pieces/11/cancel', body: undefined }]);
    });

    it('a refusal (piece already refunded) shows the catalogue’s sentence for its code in the card', async () => {
      sales = [bundle];
      cancelAnswer = { status: 409, body: { statusCode: 409, code: 'piece_refunded', message: 'server words' } };
      renderPage();
      const open = await sale('PL-000050');
      await userEvent.click(within(open).getByRole('button', { name: 'Can’t send Silk scarf' }));
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel this piece' }));
      expect(await within(open).findByText('This piece is already cancelled and refunded.')).toBeInTheDocument();
      expect(within(open).queryByText('server words')).not.toBeInTheDocument();
      await waitFor(() => expect(within(open).getByRole('button', { name: 'Can’t send Silk scarf' })).toHaveFocus());
    });

    it('a package whose every piece was cancelled alone shows as cancelled, not to ship', async () => {
      const refunded = { amount: 10, date: '2026-11-21T10:00:00.000Z' };
      sales = [
        { ...bundle, status: 'paid', cancelled_at: '2026-11-21T10:00:00.000Z', can_cancel_pieces: false, products: bundle.products.map((product) => ({ ...product, refunded })) },
      ];
      renderPage();
      const open = await sale('PL-000050');
      expect(within(open).getByText('Cancelled')).toBeInTheDocument();
      expect(within(open).queryByText('To ship')).not.toBeInTheDocument();
      expect(within(open).getAllByText('Cancelled: €10.00 refunded to the buyer on 21 November 2026.')).toHaveLength(2);
      expect(within(open).queryByRole('textbox', { name: 'Tracking number' })).not.toBeInTheDocument();
      expect(within(open).queryByRole('button', { name: /Can’t send/ })).not.toBeInTheDocument();
    });
  });

  describe('with the labels the store buys from the carrier', () => {
    const labelled: Sale = {
      ...toShip,
      id: 21,
      order_number: 'PL-000060',
      tracking_number: 'RR123456785PT',
      carrier: 'ctt',
      tracking_url: 'https://tracking.sendcloud.sc/forward?carrier=ctt&code=RR123456785PT',
      label: 'ready',
    };
    const pending: Sale = { ...toShip, id: 22, order_number: 'PL-000061', carrier: null, tracking_url: null, label: 'pending' };

    it('shows the carrier, the tracking number linked to its page and a "Download label" button, and no number to type', async () => {
      sales = [labelled, pending];
      renderPage();
      const ready = await sale('PL-000060');
      expect(fact(ready, 'Carrier')).toBe('CTT');
      const link = within(ready).getByRole('link', { name: 'Track RR123456785PT on the CTT site (opens in a new tab)' });
      expect(link).toHaveAttribute('href', labelled.tracking_url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(within(ready).getByText(/Ships with its prepaid label: print it, stick it on the package and hand it to CTT/)).toBeInTheDocument();
      expect(within(ready).queryByRole('textbox', { name: 'Tracking number' })).not.toBeInTheDocument();
      expect(within(ready).queryByRole('button', { name: 'Mark as shipped' })).not.toBeInTheDocument();
      expect(within(ready).getByRole('button', { name: 'Download the shipping label of order PL-000060 (PDF)' })).toBeInTheDocument();

      const buying = await sale('PL-000061');
      expect(fact(buying, 'Tracking number')).toBe('The prepaid label is being bought: it will be here in a few minutes.');
      expect(within(buying).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
      expect(within(buying).queryByRole('textbox', { name: 'Tracking number' })).not.toBeInTheDocument();
    });

    it('downloads the label through the API with the session, as a file', async () => {
      sales = [labelled];
      const created: Blob[] = [];
      const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
      URL.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:label');
      URL.revokeObjectURL = () => undefined;
      const clicked: string[] = [];
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(`${this.getAttribute('href')} ${this.download}`);
      });
      try {
        renderPage();
        const ready = await sale('PL-000060');
        await userEvent.click(within(ready).getByRole('button', { name: 'Download the shipping label of order PL-000060 (PDF)' }));
        await waitFor(() => expect(clicked).toEqual(['blob:label label-PL-000060.pdf']));
        const asked = network.requests.find((request) => request.url === '/api/sales/21/label');
        expect(asked?.method).toBe('GET');
        expect(created).toHaveLength(1);
      } finally {
        click.mockRestore();
        Object.assign(URL, { createObjectURL: originals.create, revokeObjectURL: originals.revoke });
      }
    });

    it('says when the carrier could not make the label', async () => {
      sales = [{ ...pending, label: 'failed' }];
      renderPage();
      const failed = await sale('PL-000061');
      expect(within(failed).getByText('The carrier could not make this label. Our support team is on it and will write to you.')).toBeInTheDocument();
      expect(within(failed).queryByRole('button', { name: 'Mark as shipped' })).not.toBeInTheDocument();
    });
  });

  it('calls nothing without a session', async () => {
    resetStore();
    renderPage();
    expect(await screen.findByText('Sales')).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });

  describe('a sale sent through the verification hub', () => {
    const base = { received_at: null, decided_at: null, lost_at: null, outbound_tracking: null, return_tracking: null };
    it.each([
      ['to_hub', { ...base, state: 'to_hub' as const, pieces: [{ listing_id: 3, verdict: null, report: null }] }, 'Send this package to our verification hub: the label has its address. We check each piece against its listing, then send it to the buyer.'],
      ['at_hub', { ...base, state: 'at_hub' as const, received_at: '2026-11-24T10:00:00.000Z', pieces: [{ listing_id: 3, verdict: null, report: null }] }, 'At our verification hub since 24 November 2026: being checked against its listing.'],
      [
        'passed',
        { ...base, state: 'passed' as const, received_at: '2026-11-24T10:00:00.000Z', decided_at: '2026-11-25T10:00:00.000Z', outbound_tracking: 'PLH000000042', pieces: [{ listing_id: 3, verdict: 'pass' as const, report: null }] },
        'Passed our check on 25 November 2026 and on its way to the buyer. Your credit is released once the buyer has it.',
      ],
      [
        'failed',
        { ...base, state: 'failed' as const, received_at: '2026-11-24T10:00:00.000Z', decided_at: '2026-11-25T10:00:00.000Z', return_tracking: 'PLH000000043', pieces: [{ listing_id: 3, verdict: 'fail' as const, report: 'A torn seam not in the listing.' }] },
        'Did not pass our check on 25 November 2026: the buyer is refunded, the credit is not paid, and the piece comes back to you (tracking number PLH000000043).',
      ],
      [
        'lost',
        { ...base, state: 'lost' as const, lost_at: '2026-12-04T10:00:00.000Z', pieces: [{ listing_id: 3, verdict: null, report: null }] },
        'Did not reach our verification hub: the buyer was refunded on 4 December 2026 and the credit is not paid. Our support team writes to you about the carrier’s claim.',
      ],
    ])('says where it is when %s', async (state, verification, sentence) => {
      sales = [{ ...shipped, verification }];
      renderPage();
      const row = await sale('PL-000030');
      expect(within(row).getByText(sentence)).toBeInTheDocument();
      if (state === 'failed') expect(within(row).getByText('Did not pass our check: A torn seam not in the listing.')).toBeInTheDocument();
    });
  });
});
