import type { ReportCase, StaffThread } from '@preloved/contract';
import { i18n } from '@preloved/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { ReportsSection } from './ReportsSection';

// A moderator reads the whole conversation behind a reported message, from the moderation queue: with
// a reason the API writes to the audit log, through the console's real client (MSW answers at fetch).

const reportedMessage: ReportCase = {
  target: 'message',
  id: 88,
  listing: null,
  seller: { id: 12, name: 'Nuno Reis', restricted: false },
  message: {
    id: 88,
    thread_id: 31,
    text: 'Pay me on MB WAY or forget it, idiot.',
    photos: [],
    at: '2026-11-23T09:00:00.000Z',
    removed: false,
    piece: { number: 'L-000077', title: 'Suede boots' },
    writer: { id: 12, name: 'Nuno Reis' },
    reader: { id: 14, name: 'Ana Melo' },
  },
  count: 2,
  first_at: '2026-11-23T10:00:00.000Z',
  reports: [
    { reference: 'R-000123', reason: 'offensive_content', text: 'He insults me.', at: '2026-11-23T10:00:00.000Z' },
    { reference: 'R-000124', reason: 'offensive_content', text: '', at: '2026-11-23T11:00:00.000Z' },
  ],
};

const entry = (fields: Partial<StaffThread['messages'][number]> & Pick<StaffThread['messages'][number], 'id' | 'from'>): StaffThread['messages'][number] => ({
  text: '',
  event: null,
  masked: false,
  photos: [],
  removed: false,
  created_at: '2026-11-22T10:00:00.000Z',
  ...fields,
});
const event = (type: NonNullable<StaffThread['messages'][number]['event']>['type'], facts: Partial<NonNullable<StaffThread['messages'][number]['event']>> = {}) => ({
  type,
  amount: null,
  order_id: null,
  tracking_number: null,
  tracking_url: null,
  ...facts,
});

const thread: StaffThread = {
  id: 31,
  piece: { listing_id: 77, number: 'L-000077', title: 'Suede boots', status: 'sold' },
  buyer: { id: 14, name: 'Ana Melo' },
  seller: { id: 12, name: 'Nuno Reis' },
  blocked_by: 'buyer',
  created_at: '2026-11-22T10:00:00.000Z',
  messages: [
    entry({ id: 1, from: 'buyer', text: 'Do they run small? <img src=x onerror=alert(1)> Send me a photo of the sole.' }),
    entry({ id: 2, from: 'seller', text: 'Here it is.', photos: ['/api/photos/0123456789abcdef0123456789abcdef.webp'] }),
    entry({ id: 3, from: 'store', event: event('offer_made', { amount: 40 }) }),
    entry({ id: 4, from: 'seller', text: 'Mail me at •••', masked: true }),
    entry({ id: 5, from: 'seller', text: 'Pay me on MB WAY or forget it, idiot.', removed: true }),
    entry({ id: 6, from: 'store', event: event('shipped', { order_id: 501, tracking_number: 'CT123456789PT', tracking_url: 'https://carrier.example/track/CT123456789PT' }) }),
  ],
};

describe('Reading the conversation behind a reported message', () => {
  let reads: URL[];
  let answer: () => Response;
  beforeEach(() => {
    reads = [];
    answer = () => HttpResponse.json(thread);
    server.use(
      http.get(api('/backoffice/reports'), () => HttpResponse.json({ cases: [reportedMessage], contests: [] })),
      http.get(api('/backoffice/threads/:id'), ({ request }) => {
        reads.push(new URL(request.url));
        return answer();
      }),
    );
  });

  async function openReader(role: 'moderator' | 'finance' = 'moderator') {
    renderConsolePage(<ReportsSection />, { role });
    const card = await screen.findByRole('article', { name: /Message from Nuno Reis to Ana Melo about Suede boots/ });
    const opener = within(card).getByRole('button', { name: 'Read the conversation' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Conversation 31 about Suede boots' });
    return { opener, dialog, reason: within(dialog).getByRole('textbox', { name: 'Why you read it (kept in the audit log)' }) };
  }

  it('asks for a reason first, prefilled with the reports for the member to confirm, and calls nothing without one', async () => {
    const { dialog, reason } = await openReader();
    expect(dialog).toHaveAccessibleDescription(/your reading is recorded in the audit log/);
    expect(reason).toHaveFocus();
    expect(reason).toHaveValue('Reports R-000123, R-000124');
    expect(reads).toEqual([]);

    await userEvent.clear(reason);
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and read' }));
    expect(reason).toHaveAccessibleDescription('Write the reason for the audit log.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(reads).toEqual([]);
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says a missing reason in Portuguese to a Portuguese member', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderConsolePage(<ReportsSection />, { role: 'moderator' });
      await userEvent.click(await screen.findByRole('button', { name: 'Ler a conversa' }));
      const dialog = screen.getByRole('dialog', { name: 'Conversa 31 sobre Suede boots' });
      const reason = within(dialog).getByRole('textbox', { name: 'Porque a lê (fica no registo de auditoria)' });
      expect(reason).toHaveValue('Denúncias R-000123, R-000124');
      await userEvent.clear(reason);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar e ler' }));
      expect(reason).toHaveAccessibleDescription('Escreva a razão para o registo de auditoria.');
      expect(reads).toEqual([]);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('reads the thread once with the reason given, and shows every entry with who wrote it, the events and the removed message', async () => {
    const { dialog, reason } = await openReader();
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Report R-000123: the insult in context');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and read' }));

    const list = await within(dialog).findByRole('list', { name: '6 entries, oldest first' });
    expect(reads.map((url) => [url.pathname, url.searchParams.get('reason')])).toEqual([['/api/backoffice/threads/31', 'Report R-000123: the insult in context']]);
    expect(within(dialog).getByRole('heading', { name: '6 entries, oldest first' })).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent('This reading is recorded in the audit log with your name and the reason “Report R-000123: the insult in context”.');
    expect(within(dialog).getByText('L-000077: Suede boots · Sold')).toBeInTheDocument();
    expect(within(dialog).getByText('The buyer blocked the seller: the conversation takes no new message.')).toBeInTheDocument();

    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((item) => within(item).getByText(/\(buyer\)|\(seller\)|^The store$/).textContent)).toEqual([
      'Ana Melo (buyer)',
      'Nuno Reis (seller)',
      'The store',
      'Nuno Reis (seller)',
      'Nuno Reis (seller)',
      'The store',
    ]);
    // Words as written, as text: markup in a message is never markup in the console.
    expect(within(entries[0]!).getByText('Do they run small? <img src=x onerror=alert(1)> Send me a photo of the sole.')).toBeInTheDocument();
    expect(within(entries[0]!).queryByRole('img')).not.toBeInTheDocument();
    const photo = within(entries[1]!).getByRole('img', { name: 'Photo 1 from Nuno Reis (seller)' });
    expect(photo).toHaveAttribute('src', '/api/photos/0123456789abcdef0123456789abcdef-card.webp');
    expect(photo.closest('a')).toHaveAttribute('href', '/api/photos/0123456789abcdef0123456789abcdef.webp');
    expect(entries[2]).toHaveTextContent('An offer of €40.00 was made.');
    expect(entries[3]).toHaveTextContent('Contact details or outside payment links in it were masked when it was sent.');
    // Removed for its parties, readable to staff as the API gives it, and marked so.
    expect(entries[4]).toHaveTextContent('Removed by the moderators: its parties no longer read it.');
    expect(within(entries[4]!).getByText('Pay me on MB WAY or forget it, idiot.')).toBeInTheDocument();
    expect(entries.filter((item) => /Removed by the moderators/.test(item.textContent ?? ''))).toHaveLength(1);
    expect(entries[5]).toHaveTextContent('Shipped. · Order 501 ·');
    expect(within(entries[5]!).getByRole('link', { name: 'Tracking CT123456789PT' })).toHaveAttribute('href', 'https://carrier.example/track/CT123456789PT');
  });

  it('closes on Escape, gives the focus back to the control that opened it, and asks the reason again for a new reading', async () => {
    const { opener, dialog } = await openReader();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and read' }));
    await within(dialog).findByRole('list', { name: '6 entries, oldest first' });
    expect(reads.map((url) => url.searchParams.get('reason'))).toEqual(['Reports R-000123, R-000124']);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: /Why you read it/ })).toBeInTheDocument();
    expect(reads).toHaveLength(1);
  });

  it('says so when the member’s role may not read conversations (403), and shows nothing of it', async () => {
    answer = () =>
      HttpResponse.json({ statusCode: 403, code: 'staff_role_refused', message: 'Your role does not open this part of the back office.' }, { status: 403 });
    const { dialog } = await openReader('finance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and read' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your role does not open this part of the back office.');
    expect(reads).toHaveLength(1);
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Do they run small/)).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm and read' })).toBeEnabled());
  });

  it('shows the API’s refusal of a reason next to the field', async () => {
    answer = () =>
      HttpResponse.json(
        { statusCode: 422, code: 'staff_reason_needed', message: 'Write the reason for the audit log.', fields: [{ field: 'reason', key: 'staff_reason_needed' }] },
        { status: 422 },
      );
    const { dialog, reason } = await openReader();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and read' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Write the reason for the audit log.'));
    expect(reason).toHaveFocus();
  });
});
