import { testApp, testClock } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';

// The header's number is the feed's unread entries, counted by the statement that
// lists the feed; what happens to a customer (offers, sales, shipping, price drops of wishlisted
// pieces) is an entry; opening the feed and marking it read brings the badge down to what is unread.
const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(new Date('2026-11-24T10:00:00Z'));
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({}, { clock });
});
afterAll(async () => ctx?.close());

type Feed = { notifications: { id: number; kind: string; read: boolean; amount: number | null; title: string | null; link: string | null }[]; count: number; unread: number };
const badge = async (token: string) => (await inject(ctx.app, 'GET', 'notifications/count', { token })).json<{ Notifications: number; parts: Record<string, number> }>();
const feed = async (token: string, query = '') => (await inject(ctx.app, 'GET', `notifications/feed${query}`, { token })).json<Feed>();

let skip = 40;
/** A seeded listing given to a new seller, and a shopper who saved its product child. */
async function wishlisted(priceCents = 10_000) {
  const seller = await shopper(ctx.app);
  const fan = await shopper(ctx.app);
  const [listing] = await listings(ctx.db, 1, { skip: skip++ * 2 });
  await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, listing!.id]);
  await ctx.db.query('UPDATE listings SET price_cents = $1, price_base_cents = $1, min_price_cents = least(min_price_cents, $1), smart_pricing = false WHERE id = $2', [priceCents, listing!.id]);
  const { rows } = await ctx.db.query<{ child_id: number }>('SELECT child_id FROM listings WHERE id = $1', [listing!.id]);
  expect((await inject(ctx.app, 'PUT', 'customers/wishlist', { token: fan.token, body: { child_id: rows[0]!.child_id } })).statusCode).toBe(200);
  return { seller, fan, listingId: listing!.id };
}

describe('the badge is the feed', () => {
  it('counts exactly the unread entries the feed lists, in the count call, the feed and the login answer; reading brings it down', async () => {
    const customer = await shopper(ctx.app);
    expect((await badge(customer.token)).Notifications).toBe(0);
    for (const kind of ['offer_received', 'sale', 'shipped'] as const) await ctx.app.notificationFeed.add(customer.id, kind, { title: 'Coat' });
    const listed = await feed(customer.token);
    expect(listed.notifications.map((entry) => entry.kind)).toEqual(['shipped', 'sale', 'offer_received']);
    expect(listed.unread).toBe(3);
    expect(await badge(customer.token)).toEqual({ Notifications: 3, parts: { feed: 3, offers: 1, messages: 0 } });
    const login = await inject(ctx.app, 'POST', 'customers/login', { body: { email: customer.email, password: 'Secret#123', cart: [], id_brand: 1 } });
    expect(login.json().Notifications).toBe(3);

    // A page past the end lists nothing and still counts everything.
    expect(await feed(customer.token, '?page=9')).toMatchObject({ notifications: [], count: 3, unread: 3 });

    const read = await inject(ctx.app, 'POST', 'notifications/feed/read', { token: customer.token, body: { ids: [listed.notifications[0]!.id] } });
    expect(read.json()).toEqual({ unread: 2 });
    expect((await badge(customer.token)).Notifications).toBe(2);
    await inject(ctx.app, 'POST', 'notifications/feed/read', { token: customer.token, body: {} });
    expect(await badge(customer.token)).toEqual({ Notifications: 0, parts: { feed: 0, offers: 0, messages: 0 } });
    expect((await feed(customer.token)).notifications.every((entry) => entry.read)).toBe(true);
  });

  it('another customer’s entries are neither counted nor listed', async () => {
    const one = await shopper(ctx.app);
    const other = await shopper(ctx.app);
    await ctx.app.notificationFeed.add(other.id, 'payout', { amount_cents: 500 });
    expect((await badge(one.token)).Notifications).toBe(0);
    expect((await feed(one.token)).count).toBe(0);
  });

  it('needs a session (401 without a token)', async () => {
    expect((await inject(ctx.app, 'GET', 'notifications/count')).statusCode).toBe(401);
  });
});

describe('the unread messages, a part apart', () => {
  it('counts the messages of the shopper’s threads not read yet as `messages`, outside the feed’s badge, until the thread is read', async () => {
    const { seller, fan, listingId } = await wishlisted();
    const thread = (await inject(ctx.app, 'POST', 'threads', { token: fan.token, body: { listing_id: listingId } })).json<{ id: number }>();
    const before = await badge(seller.token);
    for (const text of ['Does it run small?', 'And the sleeves?']) expect((await inject(ctx.app, 'POST', `threads/${thread.id}/messages`, { token: fan.token, body: { text } })).statusCode).toBe(201);
    const after = await badge(seller.token);
    expect(after.parts.messages).toBe(2);
    expect(after.Notifications).toBe(before.Notifications);
    expect((await badge(fan.token)).parts.messages).toBe(0);
    const { messages } = (await inject(ctx.app, 'GET', `threads/${thread.id}`, { token: seller.token })).json<{ messages: { id: number }[] }>();
    expect((await inject(ctx.app, 'POST', `threads/${thread.id}/read`, { token: seller.token, body: { last_id: messages.at(-1)!.id } })).statusCode).toBe(204);
    expect((await badge(seller.token)).parts.messages).toBe(0);
  });
});

describe('price drops of wishlisted pieces', () => {
  it('the seller lowering the price gives each shopper who saved the piece one entry with the new price; a rise gives none, the seller none', async () => {
    const { seller, fan, listingId } = await wishlisted(10_000);
    await ctx.db.query('UPDATE listings SET price_cents = 12000 WHERE id = $1', [listingId]);
    expect((await feed(fan.token)).count).toBe(0);
    await ctx.db.query('UPDATE listings SET price_cents = 8000 WHERE id = $1', [listingId]);
    const entries = (await feed(fan.token)).notifications;
    expect(entries).toEqual([expect.objectContaining({ kind: 'price_drop', amount: 80, read: false, link: expect.stringContaining(`listing=${listingId}`) })]);
    expect(entries[0]!.title).toBeTruthy();
    // The entry names the piece in each language (migrations 041 and 070): a Spanish reader reads its Spanish.
    const { rows } = await ctx.db.query<{ title_es: string }>('SELECT p.title_es FROM listings l JOIN products p ON p.id = l.product_id WHERE l.id = $1', [listingId]);
    const spanish = await ctx.app.inject({ url: '/api/notifications/feed', headers: { authorization: `Bearer ${fan.token}`, 'accept-language': 'es' } });
    expect(spanish.json<Feed>().notifications[0]!.title).toBe(rows[0]!.title_es);
    expect(rows[0]!.title_es).toBeTruthy();
    expect((await badge(fan.token)).Notifications).toBe(1);
    expect((await feed(seller.token)).count).toBe(0);
  });

  it('a smart-pricing cut, due by its date, is an entry at the drop (when the API brings the price up to date)', async () => {
    const { fan, listingId } = await wishlisted(10_000);
    await ctx.db.query(
      `UPDATE listings SET smart_pricing = true, min_price_cents = 5000, price_anchor_at = $2,
         next_price_drop_at = listing_next_drop_at(price_base_cents, 5000, true, $2, $2) WHERE id = $1`,
      [listingId, clock.now()],
    );
    expect((await feed(fan.token)).count).toBe(0);
    clock.advance(7 * DAY + 1000);
    // Any request brings due prices up to date; the feed then lists the cut (10 %: €90).
    const entries = (await feed(fan.token)).notifications;
    expect(entries).toEqual([expect.objectContaining({ kind: 'price_drop', amount: 90 })]);
  });
});
