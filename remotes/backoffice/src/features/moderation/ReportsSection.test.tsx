import type { ContestEntry, ReportCase } from '@preloved/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { ReportsSection } from './ReportsSection';

const reported: ReportCase = {
  target: 'listing',
  id: 41,
  listing: { number: 'L-000041', title: 'Linen wrap dress', status: 'active' },
  seller: { id: 3, name: 'Marta Silva', restricted: false },
  count: 2,
  first_at: '2026-11-20T10:00:00.000Z',
  reports: [
    { reference: 'R-000001', reason: 'counterfeit', text: 'The label is wrong.', at: '2026-11-20T10:00:00.000Z' },
    { reference: 'R-000002', reason: 'stolen', text: '', at: '2026-11-21T10:00:00.000Z' },
  ],
};
const reportedMessage: ReportCase = {
  target: 'message',
  id: 88,
  listing: null,
  seller: { id: 12, name: 'Nuno Reis', restricted: false },
  message: {
    id: 88,
    thread_id: 31,
    text: 'Pay me on <b>MB WAY</b> or forget it, idiot.',
    photos: ['/api/photos/0123456789abcdef0123456789abcdef.webp'],
    at: '2026-11-23T09:00:00.000Z',
    removed: false,
    piece: { number: 'L-000077', title: 'Suede boots' },
    writer: { id: 12, name: 'Nuno Reis' },
    reader: { id: 14, name: 'Ana Melo' },
  },
  count: 1,
  first_at: '2026-11-23T10:00:00.000Z',
  reports: [{ reference: 'R-000003', reason: 'offensive_content', text: 'He insults me.', at: '2026-11-23T10:00:00.000Z' }],
};
const contested: ContestEntry = {
  id: 9,
  action: 'restrict',
  reason: 'stolen',
  note: 'Three reports of stolen bags.',
  seller: { id: 5, name: 'Rui Costa' },
  listing: null,
  text: 'I bought them: here are the receipts.',
  at: '2026-11-22T10:00:00.000Z',
};

describe('Reports and contests on the moderation page', () => {
  let posted: { url: string; body: unknown }[];
  beforeEach(() => {
    posted = [];
    let queue = { cases: [reported, reportedMessage], contests: [contested] };
    server.use(
      http.get(api('/backoffice/reports'), () => HttpResponse.json(queue)),
      http.post(api('/backoffice/reports/*'), async ({ request }) => {
        posted.push({ url: new URL(request.url).pathname, body: await request.json() });
        queue = { cases: [], contests: [] };
        return HttpResponse.json(queue);
      }),
    );
  });

  it('shows a reported listing with how many reported it and why, and removes it with a ground the seller reads', async () => {
    renderConsolePage(<ReportsSection />, { role: 'moderator' });
    const card = await screen.findByRole('article', { name: /Listing L-000041: Linen wrap dress · 2 reports/ });
    expect(within(card).getByText('The label is wrong.')).toBeInTheDocument();
    expect(within(card).getByText('No words given.')).toBeInTheDocument();
    // A seller's restriction is not offered on a listing.
    expect(within(card).queryByRole('radio', { name: /Restrict the seller/ })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('radio', { name: 'Remove the listing' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Decide' }));
    expect(within(card).getByRole('combobox', { name: 'Ground (the seller reads it)' })).toHaveAccessibleDescription('Choose the reason the seller will read.');
    expect(posted).toEqual([]);
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Ground (the seller reads it)' }), 'counterfeit');
    await userEvent.type(within(card).getByRole('textbox', { name: /Facts/ }), 'The stitching is not the brand’s.');
    await userEvent.click(within(card).getByRole('button', { name: 'Decide' }));
    await waitFor(() => expect(posted).toEqual([{ url: '/api/backoffice/reports/decisions', body: { target: 'listing', id: 41, action: 'remove', reason: 'counterfeit', note: 'The stitching is not the brand’s.' } }]));
    expect(await screen.findByText('No open report.')).toBeInTheDocument();
  });

  it('shows a reported message as written with its piece, both parties and its photos, and offers only its dismissal or removal', async () => {
    renderConsolePage(<ReportsSection />, { role: 'moderator' });
    const card = await screen.findByRole('article', { name: /Message from Nuno Reis to Ana Melo about Suede boots · 1 report/ });
    // The words as written, as text: markup in a message is never markup in the console.
    expect(within(card).getByText('Pay me on <b>MB WAY</b> or forget it, idiot.')).toBeInTheDocument();
    expect(within(card).getByText(/Conversation 31 · piece L-000077/)).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Photo 1 of the message' })).toHaveAttribute('src', '/api/photos/0123456789abcdef0123456789abcdef-card.webp');
    expect(within(card).getByText('He insults me.')).toBeInTheDocument();
    expect(within(card).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Dismiss: no action (the reporters are told)',
      'Remove the message (its parties no longer read it)',
    ]);

    await userEvent.click(within(card).getByRole('radio', { name: /Remove the message/ }));
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Ground (the seller reads it)' }), 'offensive_content');
    await userEvent.click(within(card).getByRole('button', { name: 'Decide' }));
    await waitFor(() => expect(posted).toEqual([{ url: '/api/backoffice/reports/decisions', body: { target: 'message', id: 88, action: 'remove', reason: 'offensive_content', note: '' } }]));
  });

  it('shows a seller’s contest and reverses the decision with a reason', async () => {
    renderConsolePage(<ReportsSection />, { role: 'moderator' });
    const card = await screen.findByRole('article', { name: /Contest of “Restrict the seller.*” on Seller Rui Costa/ });
    expect(within(card).getByText('I bought them: here are the receipts.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('radio', { name: /Reverse it/ }));
    await userEvent.type(within(card).getByRole('textbox', { name: 'The reason (the seller reads it)' }), 'The receipts are genuine.');
    await userEvent.click(within(card).getByRole('button', { name: 'Send the answer' }));
    await waitFor(() => expect(posted).toEqual([{ url: '/api/backoffice/reports/contests/9', body: { outcome: 'reversed', note: 'The receipts are genuine.' } }]));
    expect(await screen.findByText('No open contest.')).toBeInTheDocument();
  });
});
