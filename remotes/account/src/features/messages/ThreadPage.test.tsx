import type { ThreadDetail, ThreadMessage } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, waitFor, within } from '@preloved/shared/test-utils';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { liveStream } from './live-stream.fixture';
import { ThreadPage, threadLoader } from './ThreadPage';

const message = (id: number, from: ThreadMessage['from'], text: string, extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id,
  from,
  text,
  event: null,
  photos: [],
  removed: false,
  masked: false,
  created_at: '2026-11-28T10:00:00.000Z',
  ...extra,
});
const storeEvent = (id: number, type: NonNullable<ThreadMessage['event']>['type'], facts: Partial<NonNullable<ThreadMessage['event']>> = {}): ThreadMessage =>
  message(id, 'store', '', { event: { type, amount: null, order_id: null, tracking_number: null, tracking_url: null, ...facts } });

const thread = (extra: Partial<ThreadDetail> = {}): ThreadDetail => ({
  id: 7,
  role: 'buyer',
  piece: { listing_id: 41, product_id: 3, variant_id: 9, title: 'Wool coat', photo: null, price: 45, status: 'active' },
  other_name: 'Rita',
  last_message: 'Yes, it does.',
  last_message_photos: 0,
  last_message_removed: false,
  last_message_at: '2026-11-28T10:00:00.000Z',
  last_message_id: 12,
  unread: 1,
  blocked: null,
  messages: [message(10, 'me', 'Does it run small?'), message(12, 'them', 'Yes, it does. Call me at [hidden]', { masked: true })],
  ...extra,
});

describe('A conversation page', () => {
  let reads: unknown[];
  beforeEach(() => {
    resetStore();
    sessionStorage.clear();
    reads = [];
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    server.use(
      http.get(api('/threads/7'), () => HttpResponse.json(thread())),
      http.post(api('/threads/7/read'), async ({ request }) => {
        reads.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(api('/notifications/count'), () => HttpResponse.json({ Notifications: 0, parts: { messages: 0 } })),
    );
  });

  const renderPage = (id = 7) => renderWithProviders(<ThreadPage />, { route: `/user/messages/${id}`, path: '/user/messages/:threadId', loader: threadLoader });

  it('shows the piece, both parties’ messages, the store’s entries and why contact details are hidden; the messages shown are marked read', async () => {
    liveStream();
    server.use(
      http.get(api('/threads/7'), () =>
        HttpResponse.json(
          thread({
            piece: { listing_id: 41, product_id: 3, variant_id: 9, title: 'Wool coat', photo: null, price: 45, status: 'sold' },
            messages: [
              ...thread().messages,
              storeEvent(13, 'sold', { order_id: 5 }),
              storeEvent(14, 'shipped', { tracking_number: 'RR123456789PT', tracking_url: 'https://track.example/RR123456789PT' }),
            ],
          }),
        ),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Messages with Rita' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wool coat' })).toHaveAttribute('href', '/product/3?variant=9&listing=41');
    expect(screen.getByText('Sold', { selector: 'span' })).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Messages with Rita' });
    const entries = within(log).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^You · .*Does it run small\?$/),
      expect.stringMatching(/^Rita · .*Yes, it does\. Call me at \[hidden\]Report$/),
      expect.stringMatching(/^Sold\./),
      expect.stringMatching(/^Shipped\. Track the parcel \(RR123456789PT\)/),
    ]);
    expect(within(entries[3]!).getByRole('link', { name: 'Track the parcel (RR123456789PT)' })).toHaveAttribute('href', 'https://track.example/RR123456789PT');
    expect(screen.getByRole('note')).toHaveTextContent('deals made outside Preloved lose Buyer Protection');
    await waitFor(() => expect(reads).toEqual([{ last_id: 14 }]));
  });

  it('sends what is written, shows it and forgets the draft; an empty message is refused next to the box without a call', async () => {
    liveStream();
    const sent: unknown[] = [];
    server.use(
      http.post(api('/threads/7/messages'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(message(15, 'me', 'Great, I will buy it.'), { status: 201 });
      }),
    );
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(box).toHaveAccessibleDescription('Write your message.');
    expect(sent).toEqual([]);
    await userEvent.type(box, 'Great, I will buy it.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await within(screen.getByRole('log')).findByText('Great, I will buy it.')).toBeInTheDocument();
    expect(sent).toEqual([{ text: 'Great, I will buy it.', photos: [] }]);
    expect(box).toHaveValue('');
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps the draft through a reload of the page', async () => {
    liveStream();
    const first = renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Is the belt included?');
    first.unmount();
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toHaveValue('Is the belt included?');
  });

  it('says a limit’s wait next to the box and keeps what was written', async () => {
    liveStream();
    server.use(
      http.post(api('/threads/7/messages'), () =>
        HttpResponse.json({ code: 'too_many_attempts', message: 'Too many attempts' }, { status: 429, headers: { 'retry-after': '120' } }),
      ),
    );
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Hello?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(/try again in 2 minutes/i));
    expect(box).toHaveValue('Hello?');
  });

  it('shows the other party’s new message as it is written (the live stream, after the last one shown) and marks it read', async () => {
    const stream = liveStream();
    renderPage();
    await screen.findByRole('heading', { name: 'Messages with Rita' });
    await waitFor(() => expect(stream.opened).toEqual(['?after=12']));
    await waitFor(() => expect(reads).toEqual([{ last_id: 12 }]));
    act(() => stream.tell(7, message(16, 'them', 'I can ship it tomorrow.')));
    act(() => stream.tell(8, message(17, 'them', 'Another conversation’s message')));
    expect(await within(screen.getByRole('log')).findByText('I can ship it tomorrow.')).toBeInTheDocument();
    await waitFor(() => expect(reads).toEqual([{ last_id: 12 }, { last_id: 16 }]));
    expect(screen.queryByText('Another conversation’s message')).not.toBeInTheDocument();
  });

  it('blocks the other party after asking, then takes no new message until unblocked', async () => {
    liveStream();
    server.use(
      http.post(api('/threads/7/block'), () => HttpResponse.json(thread({ blocked: 'by_me', unread: 0 }))),
      http.post(api('/threads/7/unblock'), () => HttpResponse.json(thread({ blocked: null, unread: 0 }))),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Block Rita' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Rita?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked Rita: no new message can be sent.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toBeInTheDocument();
  });

  it('sends photos with a message: each uploaded as it is chosen (the listings’ photo checks), shown, removable, at most 4', async () => {
    liveStream();
    let uploads = 0;
    const sent: unknown[] = [];
    server.use(
      http.post(api('/seller/photos'), () => {
        uploads += 1;
        return HttpResponse.json({ url: `/api/photos/p${uploads}.webp`, card_url: `/api/photos/p${uploads}-card.webp`, width: 1000, height: 1250 }, { status: 201 });
      }),
      http.post(api('/threads/7/messages'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(message(15, 'me', '', { photos: ['/api/photos/p1.webp', '/api/photos/p3.webp'] }), { status: 201 });
      }),
    );
    renderPage();
    const file = (name: string) => new File(['photo'], name, { type: 'image/jpeg' });
    await userEvent.upload(await screen.findByLabelText('Add photos'), [file('a.jpg'), file('b.jpg'), file('c.jpg')]);
    expect(await screen.findByRole('img', { name: 'Photo 3 to send' })).toHaveAttribute('src', '/api/photos/p3-card.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await userEvent.upload(screen.getByLabelText('Add photos'), [file('d.jpg'), file('e.jpg'), file('f.jpg')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Send at most 4 photos in a message.');
    expect(screen.getAllByRole('img', { name: /to send$/ })).toHaveLength(4);
    expect(screen.queryByLabelText('Add photos')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual([{ text: '', photos: ['/api/photos/p1.webp', '/api/photos/p3.webp', '/api/photos/p4.webp', '/api/photos/p5.webp'] }]));
    expect(await within(screen.getByRole('log')).findByRole('img', { name: 'Photo 2 from You' })).toHaveAttribute('src', '/api/photos/p3-card.webp');
    expect(screen.queryByRole('img', { name: /to send$/ })).not.toBeInTheDocument();
  });

  it('shows the other party’s photos, says a removed message was removed, and reports a message to the moderators', async () => {
    liveStream();
    const reports: unknown[] = [];
    server.use(
      http.get(api('/threads/7'), () =>
        HttpResponse.json(
          thread({
            messages: [
              message(10, 'them', 'Here is the label.', { photos: ['/api/photos/label.webp'] }),
              message(11, 'them', '', { removed: true }),
              message(12, 'them', 'Pay me by bank transfer instead.'),
            ],
          }),
        ),
      ),
      http.post(api('/reports'), async ({ request }) => {
        reports.push(await request.json());
        return HttpResponse.json({ reference: 'R-000043' }, { status: 201 });
      }),
    );
    renderPage();
    const log = await screen.findByRole('log');
    expect(within(log).getByRole('img', { name: 'Photo 1 from Rita' })).toHaveAttribute('src', '/api/photos/label-card.webp');
    expect(within(log).getByRole('link', { name: 'Photo 1 from Rita' })).toHaveAttribute('href', '/api/photos/label.webp');
    expect(within(log).getByText('This message was removed by the store’s moderators.')).toBeInTheDocument();
    // A removed message cannot be reported again; each other message of Rita's can.
    expect(within(log).getAllByRole('button', { name: 'Report this message from Rita' })).toHaveLength(2);
    await userEvent.click(within(log).getAllByRole('button', { name: 'Report this message from Rita' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What is wrong?' }), 'Asks to pay outside the store.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(/Your report R-000043 is with the brand’s team/)).toBeInTheDocument();
    expect(reports).toEqual([{ target: 'message', id: 12, reason: 'other', text: 'Asks to pay outside the store.' }]);
  });

  it('says a conversation that is not the shopper’s is not found', async () => {
    server.use(http.get(api('/threads/99'), () => HttpResponse.json({ code: 'thread_not_found', message: 'Conversation not found' }, { status: 404 })));
    renderPage(99);
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/user/messages');
  });
});
