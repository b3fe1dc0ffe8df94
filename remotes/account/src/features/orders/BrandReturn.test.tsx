import type { OrderReturns } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { deliveredOrder } from './order-fixture';
import { OrderPage, orderLoader } from './OrderPage';

// Brand Direct on the buyer's order page: a piece the brand sold itself can be returned for 14 days
// after the delivery ("Return this piece", no reason asked); then its prepaid label, then its refund.
describe('Return this piece (Brand Direct)', () => {
  let network: ReturnType<typeof stubFetch>;
  let returns: OrderReturns;
  let asked: unknown[];
  const open: OrderReturns = {
    pieces: [{ listing_id: 3, returnable_until: '2026-12-11T00:00:00.000Z', returnable: true, return: null }],
    invoice_url: '/api/orders/41/brand-invoice',
  };
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    returns = open;
    asked = [];
    network = stubFetch((request) => {
      if (request.url === '/api/orders/41' && request.method === 'GET') return { body: deliveredOrder };
      if (request.url === '/api/orders/41/returns' && request.method === 'GET') return { body: returns };
      if (request.url === '/api/orders/41/returns' && request.method === 'POST') {
        asked.push(request.body);
        returns = {
          ...open,
          pieces: [{ ...open.pieces[0]!, returnable: false, return: { return_id: 5, requested_at: '2026-11-27T10:00:00.000Z', tracking_number: 'PLR123456789', label_url: '/api/orders/41/returns/5/label', received_at: null, refunded: null } }],
        };
        return { body: returns };
      }
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<OrderPage />, { route: '/user/orders/41', path: '/user/orders/:orderId', loader: orderLoader });

  it('offers the return until the end of the 14 days, asks to confirm, then shows the prepaid label', async () => {
    const user = userEvent.setup();
    renderPage();
    const pack = await screen.findByRole('region', { name: 'Package 1 from Maria' });
    expect(await within(pack).findByText('Sold by the brand itself: you may return it within 14 days of the delivery, no reason needed.')).toBeInTheDocument();
    expect(within(pack).getByText('You can return it until 10 December 2026.')).toBeInTheDocument();
    await user.click(within(pack).getByRole('button', { name: 'Return Wool coat' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Return Wool coat?' });
    await user.click(within(dialog).getByRole('button', { name: 'Return it' }));
    expect(await within(pack).findByText('Return asked on 27 November 2026 (PLR123456789): print the prepaid label and send the piece to the brand’s hub.')).toBeInTheDocument();
    expect(within(pack).getByRole('button', { name: 'Prepaid return label for Wool coat (PDF)' })).toBeInTheDocument();
    expect(within(pack).queryByRole('button', { name: 'Return Wool coat' })).not.toBeInTheDocument();
    expect(asked).toEqual([{ listing_id: 3 }]);
    expect(screen.getByRole('button', { name: 'The brand’s invoice (PDF)' })).toBeInTheDocument();
  });

  it('has no return button once the 14 days are over, and shows the refund of a returned piece', async () => {
    returns = { ...open, pieces: [{ ...open.pieces[0]!, returnable: false }] };
    renderPage();
    const pack = await screen.findByRole('region', { name: 'Package 1 from Maria' });
    expect(await within(pack).findByText('Sold by the brand itself: you may return it within 14 days of the delivery, no reason needed.')).toBeInTheDocument();
    expect(within(pack).queryByRole('button', { name: 'Return Wool coat' })).not.toBeInTheDocument();
  });

  it('says what the buyer was refunded once the hub has the piece', async () => {
    returns = {
      ...open,
      pieces: [{ ...open.pieces[0]!, returnable: false, return: { return_id: 5, requested_at: '2026-11-27T10:00:00.000Z', tracking_number: 'PLR123456789', label_url: '/api/orders/41/returns/5/label', received_at: '2026-11-30T10:00:00.000Z', refunded: 61.1 } }],
    };
    renderPage();
    const pack = await screen.findByRole('region', { name: 'Package 1 from Maria' });
    expect(await within(pack).findByText('Returned: €61.10 refunded on 30 November 2026.')).toBeInTheDocument();
  });
});
