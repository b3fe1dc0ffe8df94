import type { ThreadSummary } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, waitFor, within } from '@preloved/shared/test-utils';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { liveStream } from './live-stream.fixture';
import { MessagesPage, messagesLoader } from './MessagesPage';

const summary = (id: number, extra: Partial<ThreadSummary> = {}): ThreadSummary => ({
  id,
  role: 'seller',
  piece: { listing_id: 40 + id, product_id: 3, variant_id: 9, title: `Piece ${id}`, photo: `/photos/${id}.jpg`, price: 20 + id, status: 'active' },
  other_name: `Buyer ${id}`,
  last_message: `Question ${id}`,
  last_message_photos: 0,
  last_message_removed: false,
  last_message_at: '2026-11-28T10:00:00.000Z',
  last_message_id: 100 + id,
  unread: 0,
  blocked: null,
  ...extra,
});

describe('The messages inbox', () => {
  let threads: ThreadSummary[];
  let settings: unknown[];
  beforeEach(() => {
    resetStore();
    settings = [];
    threads = [summary(2, { unread: 2, role: 'buyer', other_name: 'Rita', piece: { ...summary(2).piece, title: 'Wool coat', status: 'sold' } }), summary(1)];
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    server.use(
      http.get(api('/threads'), () => HttpResponse.json({ threads })),
      http.get(api('/threads/settings'), () => HttpResponse.json({ mails: true })),
      http.put(api('/threads/settings'), async ({ request }) => {
        const body = (await request.json()) as { mails: boolean };
        settings.push(body);
        return HttpResponse.json(body);
      }),
      http.get(api('/notifications/count'), () => HttpResponse.json({ Notifications: 0, parts: { messages: 1 } })),
    );
  });

  const renderPage = () => renderWithProviders(<MessagesPage />, { route: '/user/messages', path: '/user/messages', loader: messagesLoader });

  it('lists the conversations latest first, each with the piece, its price and state, the other party and what is unread', async () => {
    liveStream();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByText('2 unread messages')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(within(cards[0]!).getByRole('link', { name: 'Conversation with Rita about Wool coat' })).toHaveAttribute('href', '/user/messages/2');
    expect(cards[0]).toHaveTextContent('2 new');
    expect(cards[0]).toHaveTextContent('Seller: Rita');
    expect(cards[0]).toHaveTextContent('€22.00');
    expect(cards[0]).toHaveTextContent('Sold');
    expect(cards[1]).toHaveTextContent('Buyer: Buyer 1');
    expect(cards[1]).toHaveTextContent('Question 1');
    expect(cards[1]).not.toHaveTextContent('new');
  });

  it('says what a last message of photos only, or a removed one, was', async () => {
    threads = [summary(2, { last_message: '', last_message_photos: 2 }), summary(1, { last_message: '', last_message_removed: true })];
    liveStream();
    renderPage();
    await screen.findByRole('heading', { name: 'Messages' });
    const cards = screen.getAllByRole('article');
    expect(cards[0]).toHaveTextContent('2 photos');
    expect(cards[1]).toHaveTextContent('A message removed by the moderators');
  });

  it('moves a conversation up when a new message is written, without a reload (the live stream after the latest message)', async () => {
    const stream = liveStream();
    renderPage();
    await screen.findByRole('heading', { name: 'Messages' });
    await waitFor(() => expect(stream.opened).toEqual(['?after=102']));
    threads = [summary(1, { unread: 1, last_message: 'Is it still available?', last_message_id: 103 }), threads[0]!];
    act(() => stream.tell(1, { id: 103, from: 'them', text: 'Is it still available?' }));
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveTextContent('Is it still available?'));
    expect(screen.getByText('3 unread messages')).toBeInTheDocument();
  });

  it('turns the mails of unread messages off and says so', async () => {
    liveStream();
    renderPage();
    const box = await screen.findByRole('checkbox', { name: 'E-mail me messages I have not read after 10 minutes' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByText('We will not e-mail you about messages.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(settings).toEqual([{ mails: false }]);
  });

  it('says how to start a conversation when there is none', async () => {
    threads = [];
    liveStream();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.getByText('To ask a seller about a piece, choose “Ask the seller” on its page.')).toBeInTheDocument();
  });
});
