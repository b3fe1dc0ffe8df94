import type { DisputeDetail } from '@preloved/contract';
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
  reported_at: '2026-11-20T10:00:00Z',
  answer_by: '2026-11-22T10:00:00Z',
  description: 'The zip is broken.',
  buyer_email: 'rita@example.com',
  sellers: ['Marta Silva'],
  total: 240,
  resolution: null,
  resolved_at: null,
  placed_at: '2026-11-10T10:00:00Z',
  delivered_at: '2026-11-18T10:00:00Z',
  pieces: [{ listing_id: 4, title: 'Wool coat', photo: '/api/assets/photos/coat/1.svg', colour: 'Camel', size: 'M', price: 230 }],
  packages: [{ seller_name: 'Marta Silva', seller_email: 'marta@example.com', ship_by: '2026-11-13T10:00:00Z', shipped_at: '2026-11-11T10:00:00Z', carrier: 'CTT', tracking_number: 'RR123456785PT', tracking_url: null, carrier_delivered_at: '2026-11-18T09:00:00Z' }],
  refund_needs_code: true,
};

describe('DisputesPage and DisputePage (/backoffice/disputes)', () => {
  it('lists an open claim past its answer-by time as late, linked to the order', async () => {
    server.use(http.get(api('/backoffice/disputes'), () => HttpResponse.json({ disputes: [dispute], total: 1, page: 1, page_size: 20 })));
    renderConsolePage(<DisputesPage />, { role: 'support', route: '/backoffice/disputes' });
    expect(await screen.findByRole('link', { name: 'Open order PO-0000012' })).toHaveAttribute('href', '/backoffice/disputes/12');
    expect(screen.getByText(/^Late · \d+ days ago$/)).toBeInTheDocument();
  });

  it('asks for the authenticator code for a large refund, next to its field, and sends it with the decision', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let current = dispute;
    server.use(
      http.get(api('/backoffice/disputes/12'), () => HttpResponse.json(current)),
      http.post(api('/backoffice/disputes/12/resolve'), async ({ request }) => {
        sent.push(await request.json());
        current = { ...current, resolution: 'refund', resolved_at: '2026-11-21T10:00:00Z' };
        return HttpResponse.json(current);
      }),
    );
    renderConsolePage(<DisputePage />, { role: 'support', route: '/backoffice/disputes/12', path: '/backoffice/disputes/:orderId' });
    expect(await screen.findByText('The zip is broken.')).toBeInTheDocument();
    expect(screen.getByText('RR123456785PT', { exact: false })).toBeInTheDocument();

    // Releasing the credit asks for no code.
    await user.click(screen.getByRole('radio', { name: 'Release the credit to the sellers' }));
    expect(screen.queryByRole('textbox', { name: 'Authenticator code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Refund the buyer in full' }));
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'The listing did not mention it.');
    await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
    const code = screen.getByRole('textbox', { name: 'Authenticator code' });
    expect(code).toHaveAccessibleDescription('Type the six-digit code your authenticator app shows now.');
    expect(code).toHaveFocus();
    expect(sent).toEqual([]);

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
    expect(await screen.findByText(/Resolved on .*: Refunded\./)).toBeInTheDocument();
    expect(sent).toEqual([{ resolution: 'refund', reason: 'The listing did not mention it.', code: '123456' }]);
  });
});
