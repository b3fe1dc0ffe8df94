import { ThreadDetail, ThreadList, ThreadMessage, MESSAGE_LIMITS } from '@preloved/contract';
import { testAppForFile, type TestApp } from '../../test/app';
import { inject, listings, proveEmail, shopper } from '../../test/checkout';
import { deliver, sale } from '../../test/wallet';

// Issue 47's threads on the real app and database: a buyer asks a piece's seller, the two write to
// each other with contact details masked, each reads the other's messages once, either may block the
// other, limits hold per sender and per thread, and no third person reaches a thread by any route.
describe('/api/threads', () => {
  let ctx: TestApp;
  testAppForFile({}, {}, (started) => (ctx = started));
  let skip = 0;

  /** A seller of their own (a new shopper given a piece of the catalogue) and a buyer. */
  async function pair() {
    const seller = await shopper(ctx.app);
    const buyer = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: 300 + skip++ });
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    return { seller, buyer, piece: piece! };
  }
  const ask = (token: string, listingId: number) => inject(ctx.app, 'POST', 'threads', { token, body: { listing_id: listingId } });
  const write = (token: string, threadId: number, text: string) => inject(ctx.app, 'POST', `threads/${threadId}/messages`, { token, body: { text } });
  const unread = async (token: string) => (await inject(ctx.app, 'GET', 'threads/unread', { token })).json<{ unread: number }>().unread;

  it('opens one thread per buyer and piece, never about one’s own piece', async () => {
    const { seller, buyer, piece } = await pair();
    const first = await ask(buyer.token, piece.id);
    expect(first.statusCode).toBe(201);
    const thread = ThreadDetail.parse(first.json());
    expect(thread).toMatchObject({ role: 'buyer', piece: { listing_id: piece.id, title: piece.title }, messages: [], blocked: null });
    const again = await ask(buyer.token, piece.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(thread.id);

    expect((await ask(seller.token, piece.id)).json()).toMatchObject({ code: 'thread_own_listing' });
    expect((await ask(buyer.token, 2147483647)).json()).toMatchObject({ code: 'listing_not_found' });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/threads', payload: { listing_id: piece.id } })).statusCode).toBe(401);
  });

  it('carries each party’s messages to the other, unread until read, and newer ones by `after`', async () => {
    const { seller, buyer, piece } = await pair();
    const thread = ThreadDetail.parse((await ask(buyer.token, piece.id)).json());
    const question = ThreadMessage.parse((await write(buyer.token, thread.id, 'Does it run small?')).json());
    expect(question).toMatchObject({ from: 'me', text: 'Does it run small?', masked: false });
    expect(await unread(seller.token)).toBe(1);
    expect(await unread(buyer.token)).toBe(0);

    const inbox = ThreadList.parse((await inject(ctx.app, 'GET', 'threads', { token: seller.token })).json());
    expect(inbox.threads[0]).toMatchObject({ id: thread.id, role: 'seller', other_name: expect.any(String), last_message: 'Does it run small?', unread: 1 });
    const answer = await write(seller.token, thread.id, 'A little: take one size up.');
    expect(answer.statusCode).toBe(201);
    expect((await inject(ctx.app, 'POST', `threads/${thread.id}/read`, { token: seller.token, body: { last_id: question.id } })).statusCode).toBe(204);
    expect(await unread(seller.token)).toBe(0);
    expect(await unread(buyer.token)).toBe(1);

    const missed = ThreadDetail.parse((await inject(ctx.app, 'GET', `threads/${thread.id}?after=${question.id}`, { token: buyer.token })).json());
    expect(missed.messages).toEqual([expect.objectContaining({ from: 'them', text: 'A little: take one size up.' })]);
  });

  it('masks a phone number, an e-mail address and a payment link for both parties', async () => {
    const { seller, buyer, piece } = await pair();
    const thread = ThreadDetail.parse((await ask(buyer.token, piece.id)).json());
    const sent = ThreadMessage.parse((await write(buyer.token, thread.id, 'Pay by MB WAY to 912 345 678 or paypal.me/rita, or mail rita@example.com')).json());
    expect(sent).toMatchObject({ masked: true, text: 'Pay by MB WAY to ••• or •••, or mail •••' });
    const seen = ThreadDetail.parse((await inject(ctx.app, 'GET', `threads/${thread.id}`, { token: seller.token })).json());
    expect(seen.messages).toEqual([expect.objectContaining({ from: 'them', masked: true, text: 'Pay by MB WAY to ••• or •••, or mail •••' })]);
    expect(JSON.stringify((await ctx.db.query('SELECT body FROM thread_messages WHERE thread_id = $1', [thread.id])).rows)).not.toMatch(/912|paypal|example\.com/);
  });

  it('takes no message once either party blocks the thread; only who blocked may unblock', async () => {
    const { seller, buyer, piece } = await pair();
    const thread = ThreadDetail.parse((await ask(buyer.token, piece.id)).json());
    const blocked = await inject(ctx.app, 'POST', `threads/${thread.id}/block`, { token: seller.token });
    expect(ThreadDetail.parse(blocked.json()).blocked).toBe('by_me');
    expect((await write(buyer.token, thread.id, 'Hello?')).json()).toMatchObject({ code: 'thread_blocked' });
    expect((await write(seller.token, thread.id, 'Bye')).json()).toMatchObject({ code: 'thread_blocked' });
    expect((await inject(ctx.app, 'POST', `threads/${thread.id}/unblock`, { token: buyer.token })).json()).toMatchObject({ code: 'thread_not_blocked_by_you' });
    expect(ThreadDetail.parse((await inject(ctx.app, 'GET', `threads/${thread.id}`, { token: buyer.token })).json()).blocked).toBe('by_them');
    expect(ThreadDetail.parse((await inject(ctx.app, 'POST', `threads/${thread.id}/unblock`, { token: seller.token })).json()).blocked).toBeNull();
    expect((await write(buyer.token, thread.id, 'Hello again')).statusCode).toBe(201);
  });

  it('refuses a thread’s message over its limit with 429 and Retry-After, and a sender’s over theirs across threads', async () => {
    const { buyer, piece } = await pair();
    const thread = ThreadDetail.parse((await ask(buyer.token, piece.id)).json());
    for (let n = 0; n < MESSAGE_LIMITS.thread.max; n++) expect((await write(buyer.token, thread.id, `Message ${n}`)).statusCode).toBe(201);
    const over = await write(buyer.token, thread.id, 'One too many');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(ThreadDetail.parse((await inject(ctx.app, 'GET', `threads/${thread.id}`, { token: buyer.token })).json()).messages).toHaveLength(MESSAGE_LIMITS.thread.max);

    // The sender's limit counts every thread: new pieces, each under its own thread's limit.
    let sent = MESSAGE_LIMITS.thread.max;
    while (sent < MESSAGE_LIMITS.sender.max) {
      const other = await pair();
      const next = ThreadDetail.parse((await ask(buyer.token, other.piece.id)).json());
      for (let n = 0; n < MESSAGE_LIMITS.thread.max && sent < MESSAGE_LIMITS.sender.max; n++, sent++) expect((await write(buyer.token, next.id, `More ${sent}`)).statusCode).toBe(201);
    }
    const another = await pair();
    const last = ThreadDetail.parse((await ask(buyer.token, another.piece.id)).json());
    expect((await write(buyer.token, last.id, 'Still here')).statusCode).toBe(429);
  });

  it('answers 404 to anyone but the two parties on every thread route, and lists the thread to no one else', async () => {
    const { buyer, piece } = await pair();
    const stranger = await shopper(ctx.app);
    const thread = ThreadDetail.parse((await ask(buyer.token, piece.id)).json());
    await write(buyer.token, thread.id, 'Is the zip working?');
    const routes: [string, 'GET' | 'POST', unknown?][] = [
      [`threads/${thread.id}`, 'GET'],
      [`threads/${thread.id}?after=0`, 'GET'],
      [`threads/${thread.id}/messages`, 'POST', { text: 'Let me in' }],
      [`threads/${thread.id}/read`, 'POST', { last_id: 1 }],
      [`threads/${thread.id}/block`, 'POST'],
      [`threads/${thread.id}/unblock`, 'POST'],
    ];
    for (const [url, method, body] of routes) {
      const answer = await inject(ctx.app, method, url, { token: stranger.token, body });
      expect([url, answer.statusCode, answer.json().code]).toEqual([url, 404, 'thread_not_found']);
      const anonymous = await ctx.app.inject({ method, url: `/api/${url}`, ...(body ? { payload: body } : {}) });
      expect([url, anonymous.statusCode]).toEqual([url, 401]);
    }
    expect(ThreadList.parse((await inject(ctx.app, 'GET', 'threads', { token: stranger.token })).json()).threads).toEqual([]);
    expect(await unread(stranger.token)).toBe(0);
    // Nothing the stranger tried reached the thread.
    expect((await ctx.db.query('SELECT count(*)::int AS n, bool_or(blocked_by IS NOT NULL) AS blocked FROM thread_messages m JOIN threads t ON t.id = m.thread_id WHERE t.id = $1', [thread.id])).rows[0]).toEqual({ n: 1, blocked: false });
  });

  it('tells the piece’s story in the thread: an offer made and accepted, the sale, the shipping with its tracking, the delivery', async () => {
    const { seller, buyer, piece } = await pair();
    await proveEmail(ctx.db, buyer.id);
    const price = (await ctx.db.query<{ price_cents: number }>('SELECT price_cents FROM listings WHERE id = $1', [piece.id])).rows[0]!.price_cents;
    const offered = await inject(ctx.app, 'POST', 'offers', { token: buyer.token, body: { listing_id: piece.id, price: Math.round(price * 0.9) / 100 } });
    expect(offered.statusCode).toBe(200);
    expect((await inject(ctx.app, 'POST', `offers/${offered.json().id}/accept`, { token: seller.token })).statusCode).toBe(200);
    // The offer opened the thread: the buyer never wrote, and both see the same story.
    const inbox = ThreadList.parse((await inject(ctx.app, 'GET', 'threads', { token: seller.token })).json());
    const thread = inbox.threads.find((entry) => entry.piece.listing_id === piece.id)!;
    expect(thread).toMatchObject({ role: 'seller', unread: 0, last_message: null });
    const story = ThreadDetail.parse((await inject(ctx.app, 'GET', `threads/${thread.id}`, { token: buyer.token })).json()).messages;
    expect(story.map((message) => [message.from, message.event?.type, message.event?.amount])).toEqual([
      ['store', 'offer_made', Math.round(price * 0.9) / 100],
      ['store', 'offer_accepted', Math.round(price * 0.9) / 100],
    ]);

    // Another piece of the seller's, bought and shipped: its thread says sold, shipped (with the tracking) and delivered.
    const bought = await sale(ctx.app, ctx.db, { seller, buyer });
    await deliver(ctx.app, bought, { received: false });
    await ctx.db.query('UPDATE order_packages SET carrier_delivered_at = now() WHERE order_id = $1', [bought.orderId]);
    const sold = ThreadList.parse((await inject(ctx.app, 'GET', 'threads', { token: buyer.token })).json()).threads.find((entry) => entry.piece.listing_id === bought.piece.id)!;
    const shipped = ThreadDetail.parse((await inject(ctx.app, 'GET', `threads/${sold.id}`, { token: buyer.token })).json()).messages;
    expect(shipped.map((message) => message.event?.type)).toEqual(['sold', 'shipped', 'delivered']);
    expect(shipped[0]!.event).toMatchObject({ order_id: bought.orderId });
    const tracking = (await ctx.db.query<{ tracking_number: string }>('SELECT tracking_number FROM order_packages WHERE order_id = $1', [bought.orderId])).rows[0]!.tracking_number;
    expect(shipped[1]!.event).toMatchObject({ tracking_number: tracking });
  });
});
