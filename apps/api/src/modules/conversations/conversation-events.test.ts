import { ThreadDetail } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import { sharedStoresForFile, type SharedStores } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';
import type { ThreadEvent } from './conversation-events';
import { STREAMS_PER_READER } from './conversation-events';

// Issue 47's real time on real HTTP: a reader's stream (Server-Sent Events) hears the other party's
// message without asking, also when it was written through another instance of the store on the same
// database (PostgreSQL's LISTEN/NOTIFY; on the embedded database the instances share one), gets what it
// missed first when it reconnects with Last-Event-ID, each message once, and a reader's streams are limited.
let stores: SharedStores;
sharedStoresForFile((opened) => (stores = opened));

/** A listening instance of the store on the shared database: its address. */
async function listening(db: Parameters<SharedStores['instance']>[0]): Promise<{ app: FastifyInstance; url: string }> {
  const app = await stores.instance(db, { SMTP_URL: stores.smtp.url });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** A reader's open stream: the next event (waiting for it), and closing it. */
async function openStream(url: string, token: string, lastEventId?: number) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/threads/events`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: controller.signal,
  });
  if (response.status !== 200) return { status: response.status, next: () => Promise.reject(new Error('no stream')), close: () => controller.abort() };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const events: ThreadEvent[] = [];
  async function next(): Promise<ThreadEvent> {
    while (events.length === 0) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.includes('event: message') && data) events.push(JSON.parse(data.slice(6)) as ThreadEvent);
      }
    }
    return events.shift()!;
  }
  return { status: 200, headers: response.headers, next, close: () => controller.abort() };
}

describe('/api/threads/events', () => {
  it('tells a reader the other party’s message written on another instance, each once, and what they missed when they reconnect', async () => {
    const one = await listening(stores.database.db);
    const two = await listening(await stores.database.another());
    const seller = await shopper(one.app);
    const buyer = await shopper(one.app);
    const [piece] = await listings(stores.database.db, 1, { notSeller: buyer.id, skip: 400 });
    await stores.database.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    const thread = ThreadDetail.parse((await inject(one.app, 'POST', 'threads', { token: buyer.token, body: { listing_id: piece!.id } })).json());

    // The seller reads on instance one; the buyer writes through instance two.
    const stream = await openStream(one.url, seller.token);
    expect(stream.status).toBe(200);
    expect(stream.headers?.get('content-type')).toMatch(/^text\/event-stream/);
    const asked = await inject(two.app, 'POST', `threads/${thread.id}/messages`, { token: buyer.token, body: { text: 'Is the wool itchy?' } });
    expect(asked.statusCode).toBe(201);
    const heard = await stream.next();
    expect(heard).toEqual({ thread_id: thread.id, message: expect.objectContaining({ id: asked.json().id, from: 'them', text: 'Is the wool itchy?' }) });

    // The seller's own answer reaches their own stream too (another tab), as theirs.
    const answered = await inject(one.app, 'POST', `threads/${thread.id}/messages`, { token: seller.token, body: { text: 'Not at all.' } });
    expect((await stream.next()).message).toMatchObject({ id: answered.json().id, from: 'me' });
    stream.close();

    // Away, then back with the last id seen: the messages after it come first, then the new ones.
    const missed = await inject(two.app, 'POST', `threads/${thread.id}/messages`, { token: buyer.token, body: { text: 'Great, buying it.' } });
    const back = await openStream(two.url, seller.token, answered.json().id);
    expect((await back.next()).message).toMatchObject({ id: missed.json().id, text: 'Great, buying it.' });
    const live = await inject(one.app, 'POST', `threads/${thread.id}/messages`, { token: buyer.token, body: { text: 'Paid.' } });
    expect((await back.next()).message).toMatchObject({ id: live.json().id, text: 'Paid.' });
    back.close();
  });

  it('tells no one else, and refuses a reader’s streams beyond the limit', async () => {
    const one = await listening(stores.database.db);
    const seller = await shopper(one.app);
    const buyer = await shopper(one.app);
    const stranger = await shopper(one.app);
    const [piece] = await listings(stores.database.db, 1, { notSeller: buyer.id, skip: 401 });
    await stores.database.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    const thread = ThreadDetail.parse((await inject(one.app, 'POST', 'threads', { token: buyer.token, body: { listing_id: piece!.id } })).json());

    const watching = await openStream(one.url, stranger.token);
    await inject(one.app, 'POST', `threads/${thread.id}/messages`, { token: buyer.token, body: { text: 'Only for the seller' } });
    // The stranger's own thread's message is the first thing their stream hears: nothing came before it.
    const [other] = await listings(stores.database.db, 1, { notSeller: stranger.id, skip: 402 });
    await stores.database.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, other!.id]);
    const own = ThreadDetail.parse((await inject(one.app, 'POST', 'threads', { token: stranger.token, body: { listing_id: other!.id } })).json());
    await inject(one.app, 'POST', `threads/${own.id}/messages`, { token: seller.token, body: { text: 'For the stranger' } });
    expect((await watching.next()).message.text).toBe('For the stranger');
    watching.close();

    // Asked for all at once, one more than the limit: exactly one is refused.
    const open = await Promise.all(Array.from({ length: STREAMS_PER_READER + 1 }, () => openStream(one.url, buyer.token)));
    expect(open.map((stream) => stream.status).sort()).toEqual([...Array(STREAMS_PER_READER).fill(200), 429]);
    for (const stream of open) stream.close();
    expect((await fetch(`${one.url}/api/threads/events`)).status).toBe(401);
  });
});
