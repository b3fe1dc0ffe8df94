import type { DisputeDetail, DisputeEntry, StaffThread } from '@preloved/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { DisputePage } from './DisputePage';
import { DisputesPage } from './DisputesPage';

const dispute: DisputeDetail = {
  order_id: 12,
  number: 'PO-0000012',
  buyer_email: 'rita@example.com',
  sellers: ['Marta Silva'],
  total: 240,
  refunded: 0,
  placed_at: '2026-11-10T10:00:00Z',
  delivered_at: '2026-11-18T10:00:00Z',
  claim: {
    reported_at: '2026-11-20T10:00:00Z',
    answer_by: '2026-11-22T10:00:00Z',
    description: 'The zip is broken.',
    resolution: null,
    resolved_at: null,
  },
  chargeback: null,
  refund_needs_code: true,
  step_up_above: 100,
  pieces: [
    {
      listing_id: 4,
      title: 'Wool coat',
      photo: '/api/assets/photos/coat/1.svg',
      colour: 'Camel',
      size: 'M',
      price: 230,
      refunded: false,
    },
    {
      listing_id: 5,
      title: 'Silk scarf',
      photo: '/api/assets/photos/scarf/1.svg',
      colour: 'Navy',
      size: 'One size',
      price: 10,
      refunded: false,
    },
  ],
  packages: [
    {
      seller_name: 'Marta Silva',
      seller_email: 'marta@example.com',
      ship_by: '2026-11-13T10:00:00Z',
      shipped_at: '2026-11-11T10:00:00Z',
      carrier: 'CTT',
      tracking_number: 'RR123456785PT',
      tracking_url: null,
      carrier_delivered_at: '2026-11-18T09:00:00Z',
      thread: { id: 31, messages: 2 },
    },
  ],
};
const entry: DisputeEntry = {
  kind: 'claim',
  order_id: 12,
  number: 'PO-0000012',
  reported_at: '2026-11-20T10:00:00Z',
  answer_by: '2026-11-22T10:00:00Z',
  description: 'The zip is broken.',
  reason: null,
  buyer_email: 'rita@example.com',
  sellers: ['Marta Silva'],
  total: 240,
  amount: 240,
  resolution: null,
  resolved_at: null,
};

/** The dispute served at /backoffice/disputes/12, and what a decision posted to it becomes; the decisions sent. */
function serveDispute(decide: (before: DisputeDetail) => DisputeDetail): unknown[] {
  const sent: unknown[] = [];
  let current = dispute;
  server.use(
    http.get(api('/backoffice/disputes/12'), () => HttpResponse.json(current)),
    http.post(api('/backoffice/disputes/12/resolve'), async ({ request }) => {
      sent.push(await request.json());
      current = decide(current);
      return HttpResponse.json(current);
    }),
  );
  return sent;
}

describe('DisputesPage and DisputePage (/backoffice/disputes)', () => {
  it("reads the buyer's conversation with the package's seller on the record, the dispute given as the reason", async () => {
    const user = userEvent.setup();
    serveDispute((before) => before);
    const reads: URL[] = [];
    const thread: StaffThread = {
      id: 31,
      piece: { listing_id: 4, number: 'L-000004', title: 'Wool coat', status: 'sold' },
      buyer: { id: 14, name: 'Rita Sousa' },
      seller: { id: 12, name: 'Marta Silva' },
      blocked_by: null,
      created_at: '2026-11-19T10:00:00.000Z',
      messages: [
        { id: 1, from: 'buyer', text: 'The zip came off on the first day: see the photo.', event: null, masked: false, removed: false, created_at: '2026-11-19T10:00:00.000Z', photos: ['/api/photos/0123456789abcdef0123456789abcdef.webp'] },
        { id: 2, from: 'seller', text: 'It was fine when I posted it.', event: null, masked: false, removed: false, photos: [], created_at: '2026-11-19T11:00:00.000Z' },
      ],
    };
    server.use(
      http.get(api('/backoffice/threads/:id'), ({ request }) => {
        reads.push(new URL(request.url));
        return HttpResponse.json(thread);
      }),
    );
    renderConsolePage(<DisputePage />, { role: 'support', route: '/backoffice/disputes/12', path: '/backoffice/disputes/:orderId' });
    expect(await screen.findByText(/^2 entries\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Read the conversation' }));
    const reason = screen.getByRole('textbox', { name: /Why you read it/ });
    expect(reason).toHaveValue('Dispute on order PO-0000012');
    expect(reads).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm and read' }));
    expect(await screen.findByText('The zip came off on the first day: see the photo.')).toBeInTheDocument();
    expect(screen.getByText('It was fine when I posted it.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1 from Rita Sousa (buyer)' })).toBeInTheDocument();
    expect(reads.map((url) => [url.pathname, url.searchParams.get('reason')])).toEqual([['/api/backoffice/threads/31', 'Dispute on order PO-0000012']]);
  });

  it('says so when the buyer and a seller exchanged no message', async () => {
    server.use(http.get(api('/backoffice/disputes/12'), () => HttpResponse.json({ ...dispute, packages: [{ ...dispute.packages[0]!, thread: null }] })));
    renderConsolePage(<DisputePage />, { role: 'support', route: '/backoffice/disputes/12', path: '/backoffice/disputes/:orderId' });
    expect(await screen.findByText('No message between the buyer and this seller.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read the conversation' })).not.toBeInTheDocument();
  });

  it('lists an open claim past its answer-by time as late, linked to the order', async () => {
    server.use(
      http.get(api('/backoffice/disputes'), () =>
        HttpResponse.json({ disputes: [entry], total: 1, page: 1, page_size: 20 }),
      ),
    );
    renderConsolePage(<DisputesPage />, { role: 'support', route: '/backoffice/disputes' });
    expect(await screen.findByRole('link', { name: 'Open order PO-0000012' })).toHaveAttribute(
      'href',
      '/backoffice/disputes/12',
    );
    expect(screen.getByText(/^Late · \d+ days ago$/)).toBeInTheDocument();
  });

  it('asks for the authenticator code for a large refund, next to its field, and sends it with the decision', async () => {
    const user = userEvent.setup();
    const sent = serveDispute((before) => ({ ...before, claim: { ...before.claim!, resolution: 'refund', resolved_at: '2026-11-21T10:00:00Z' } }));
    renderConsolePage(<DisputePage />, {
      role: 'support',
      route: '/backoffice/disputes/12',
      path: '/backoffice/disputes/:orderId',
    });
    expect(await screen.findByText('The zip is broken.')).toBeInTheDocument();
    expect(screen.getByText('RR123456785PT', { exact: false })).toBeInTheDocument();

    // Releasing the credit asks for no code.
    await user.click(screen.getByRole('radio', { name: 'Release the credit to the sellers' }));
    expect(screen.queryByRole('textbox', { name: 'Authenticator code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Refund the buyer in full' }));
    await user.type(
      screen.getByRole('textbox', { name: /^Reason/ }),
      'The listing did not mention it.',
    );
    await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
    const code = screen.getByRole('textbox', { name: 'Authenticator code' });
    expect(code).toHaveAccessibleDescription(
      'Type the six-digit code your authenticator app shows now.',
    );
    expect(code).toHaveFocus();
    expect(sent).toEqual([]);

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
    expect(await screen.findByText(/Resolved on .*: Refunded\./)).toBeInTheDocument();
    expect(sent).toEqual([
      { resolution: 'refund', reason: 'The listing did not mention it.', code: '123456' },
    ]);
  });

  it('refunds the pieces chosen: asks for one first, then sends their listing ids', async () => {
    const user = userEvent.setup();
    const sent = serveDispute((before) => ({ ...before, refunded: 11.8, claim: { ...before.claim!, resolution: 'partial', resolved_at: '2026-11-21T10:00:00Z' } }));
    renderConsolePage(<DisputePage />, {
      role: 'support',
      route: '/backoffice/disputes/12',
      path: '/backoffice/disputes/:orderId',
    });
    await user.click(
      await screen.findByRole('radio', { name: 'Refund some pieces, release the rest' }),
    );
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'The scarf is stained.');
    await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
    const pieces = screen.getByRole('group', { name: 'Pieces to refund' });
    expect(pieces).toHaveAccessibleDescription(
      /Each piece gives back its price.*Choose the pieces to refund\./,
    );
    expect(screen.getByRole('checkbox', { name: /^Wool coat/ })).toHaveFocus();
    expect(sent).toEqual([]);

    await user.click(
      screen.getByRole('checkbox', { name: /^Silk scarf · Navy · One size — €10\.00$/ }),
    );
    // Under the step-up threshold the code may stay empty: the API says when it is needed.
    expect(screen.getByRole('textbox', { name: 'Authenticator code' })).toHaveAccessibleDescription(
      /above €100\.00/,
    );
    await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
    expect(await screen.findByText(/Resolved on .*: Partly refunded\./)).toBeInTheDocument();
    expect(sent).toEqual([
      { resolution: 'partial', reason: 'The scarf is stained.', listing_ids: [5] },
    ]);
  });

  it('shows a chargeback with the bank’s reason, the evidence’s due date and where to answer it, and offers no decision', async () => {
    const chargeback: DisputeDetail = {
      ...dispute,
      claim: null,
      chargeback: {
        id: 'dp_123',
        status: 'open',
        reason: 'product_not_received',
        amount: 240,
        opened_at: '2026-11-20T10:00:00Z',
        evidence_due_by: '2099-11-27T23:59:59Z',
        closed_at: null,
        provider_url: 'https://dashboard.stripe.com/test/disputes/dp_123',
      },
    };
    server.use(
      http.get(api('/backoffice/disputes/12'), () => HttpResponse.json(chargeback)),
      http.get(api('/backoffice/disputes'), () =>
        HttpResponse.json({
          disputes: [
            { ...entry, kind: 'chargeback', reason: 'product_not_received', answer_by: null },
          ],
          total: 1,
          page: 1,
          page_size: 20,
        }),
      ),
    );
    renderConsolePage(<DisputePage />, {
      role: 'support',
      route: '/backoffice/disputes/12',
      path: '/backoffice/disputes/:orderId',
    });
    expect(
      await screen.findByRole('heading', { name: 'The bank’s dispute (chargeback)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The order was not received')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Answer it at Stripe (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://dashboard.stripe.com/test/disputes/dp_123');
    expect(screen.queryByRole('button', { name: 'Resolve the dispute' })).not.toBeInTheDocument();
  });

  it('lists a chargeback as such, with no due date when the provider gave none', async () => {
    server.use(
      http.get(api('/backoffice/disputes'), () =>
        HttpResponse.json({
          disputes: [
            { ...entry, kind: 'chargeback', reason: 'fraudulent', answer_by: null, amount: 12.5 },
          ],
          total: 1,
          page: 1,
          page_size: 20,
        }),
      ),
    );
    renderConsolePage(<DisputesPage />, {
      role: 'support',
      route: '/backoffice/disputes?kind=chargeback',
    });
    const row = (await screen.findByRole('link', { name: 'Open order PO-0000012' })).closest('tr')!;
    expect(row).toHaveTextContent('Chargeback');
    expect(row).toHaveTextContent('No date given');
    expect(row).toHaveTextContent('€12.50');
    expect(screen.getByRole('link', { name: 'Chargeback' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
