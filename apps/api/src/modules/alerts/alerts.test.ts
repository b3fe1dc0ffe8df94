import { SavedSearch, SavedSearchList, SimilarPieces, WishlistEntries } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { testApp, testClock } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';
import { decodedBody, startMailbox, subjectOf } from '../../../../../tools/test-support/smtp';

// Issue 29 items 3–5: saved searches told by one feed entry per look and one digest mail a day,
// price drops of wishlisted pieces told once per drop and mailed once a day, similar pieces.

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(new Date('2026-11-23T10:00:00Z'));
let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startMailbox>>;
let listingNumber = 0;

beforeAll(async () => {
  smtp = await startMailbox();
  ({ app, db, close } = await testApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://shop.test' }, { clock }));
}, 120_000);
afterAll(async () => {
  await close();
  await smtp.close();
});

const patch = (url: string, token: string, body: unknown) =>
  app.inject({ method: 'PATCH', url: `/api/${url}`, headers: { authorization: `Bearer ${token}` }, payload: body as object });

/** A new piece listed now: a copy of listing `from` with other colour or price when asked. */
async function listLike(from: number, change: { colour_id?: string; price_cents?: number; seller_id?: number } = {}): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO listings (number, child_id, seller_id, condition_id, comment, photos, price_cents, min_price_cents, smart_pricing, product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order)
     SELECT $2, child_id, coalesce($5, seller_id), condition_id, comment, photos, coalesce($4, price_cents), least(min_price_cents, coalesce($4, price_cents)), false, product_id, variant_id, brand_id, gender, category_id, coalesce($3, colour_id), size, size_order
     FROM listings WHERE id = $1 RETURNING id`,
    [from, `ALERT-${process.pid}-${++listingNumber}`, change.colour_id ?? null, change.price_cents ?? null, change.seller_id ?? null],
  );
  return rows[0]!.id;
}

async function feedOf(customerId: number, kind: string) {
  const { rows } = await db.query<{ id: number; data: Record<string, unknown> }>('SELECT id, data FROM notification_feed WHERE customer_id = $1 AND kind = $2 ORDER BY id', [customerId, kind]);
  return rows;
}

async function outboxOf(kind: string, customerId: number) {
  const { rows } = await db.query<{ id: number; data: Record<string, unknown> }>("SELECT id, data FROM mail_outbox WHERE kind = $1 AND (data->>'customerId')::int = $2 ORDER BY id", [kind, customerId]);
  return rows;
}

describe('saved searches', () => {
  it('a shopper saves, renames, pauses and deletes a search; nobody else can touch it', async () => {
    const rita = await shopper(app);
    const other = await shopper(app);
    const created = await inject(app, 'POST', 'customers/saved-searches', { token: rita.token, body: { name: 'Black coats', filters: { q: 'coat', colour: ['black'] }, path: '/search?q=coat&colour=black' } });
    expect(created.statusCode).toBe(201);
    const search = SavedSearch.parse(created.json());
    expect(search).toMatchObject({ name: 'Black coats', paused: false, new_pieces: 0, path: '/search?q=coat&colour=black' });

    const renamed = await patch(`customers/saved-searches/${search.id}`, rita.token, { name: '  Winter coats ' });
    expect(SavedSearch.parse(renamed.json()).name).toBe('Winter coats');
    expect(SavedSearch.parse((await patch(`customers/saved-searches/${search.id}`, rita.token, { paused: true })).json()).paused).toBe(true);

    const foreign = await patch(`customers/saved-searches/${search.id}`, other.token, { name: 'Mine now' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'saved_search_not_found' });
    expect((await inject(app, 'DELETE', `customers/saved-searches/${search.id}`, { token: other.token })).statusCode).toBe(404);

    const list = SavedSearchList.parse((await inject(app, 'GET', 'customers/saved-searches', { token: rita.token })).json());
    expect(list.searches.map((s) => s.name)).toEqual(['Winter coats']);
    expect((await inject(app, 'DELETE', `customers/saved-searches/${search.id}`, { token: rita.token })).statusCode).toBe(204);
    expect(SavedSearchList.parse((await inject(app, 'GET', 'customers/saved-searches', { token: rita.token })).json()).searches).toEqual([]);
  });

  it('refuses a search of everything, a link to another site and a 21st search, each with its code', async () => {
    const rita = await shopper(app);
    const empty = await inject(app, 'POST', 'customers/saved-searches', { token: rita.token, body: { name: 'All', filters: {}, path: '/all' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: 'saved_search_empty' });
    const away = await inject(app, 'POST', 'customers/saved-searches', { token: rita.token, body: { name: 'Away', filters: { q: 'coat' }, path: '//evil.test/x' } });
    expect(away.statusCode).toBe(422);
    expect((await inject(app, 'POST', 'customers/saved-searches', { token: undefined, body: { name: 'x', filters: { q: 'coat' }, path: '/search?q=coat' } })).statusCode).toBe(401);
    const saves = await Promise.all(
      Array.from({ length: 21 }, (_, n) => inject(app, 'POST', 'customers/saved-searches', { token: rita.token, body: { name: `Search ${n}`, filters: { q: `coat${n}` }, path: '/search' } })),
    );
    expect(saves.filter((r) => r.statusCode === 201)).toHaveLength(20);
    const refused = saves.find((r) => r.statusCode !== 201)!;
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'saved_search_limit' });
  });

  it('a new matching piece gives one feed entry per look and one digest mail a day per search, in the shopper’s language', async () => {
    const rita = await shopper(app);
    await db.query("UPDATE customers SET language = 'pt' WHERE id = $1", [rita.id]);
    const [model] = await listings(db, 1, { notSeller: rita.id });
    const { rows } = await db.query<{ colour_id: string; gender: string; category_id: number }>('SELECT colour_id, gender, category_id FROM listings WHERE id = $1', [model!.id]);
    const { colour_id: colour, gender, category_id: category } = rows[0]!;
    const otherColour = colour === 'black' ? 'white' : 'black';
    const saved = SavedSearch.parse(
      (await inject(app, 'POST', 'customers/saved-searches', { token: rita.token, body: { name: 'My colour', filters: { gender, category: [category], colour: [colour] }, path: `/all?colour=${colour}` } })).json(),
    );
    // Pieces listed before the search was saved are not news.
    await app.alerts.matchSavedSearches();
    expect(await feedOf(rita.id, 'saved_search')).toHaveLength(0);

    const matching = await listLike(model!.id);
    await listLike(model!.id, { colour_id: otherColour });
    await app.alerts.matchSavedSearches();
    await app.alerts.matchSavedSearches();
    const entries = await feedOf(rita.id, 'saved_search');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.data).toMatchObject({ title: 'My colour', reference: '1', link: `/all?colour=${colour}` });

    const before = smtp.received.length;
    await app.alerts.sendSearchDigests();
    await app.alerts.sendSearchDigests();
    expect(await outboxOf('saved-search-digest', rita.id)).toHaveLength(1);
    const mail = await smtp.mailTo(rita.email, before, new RegExp(`/product/\\d+\\?variant=\\d+&listing=${matching}`));
    expect(subjectOf(mail.raw)).toContain('Novas peças para a sua pesquisa guardada');
    expect(decodedBody(mail.raw)).toContain('http://shop.test/user/saved-searches');

    // A second match the same day: a feed entry at once, the mail the next day.
    await listLike(model!.id);
    await app.alerts.matchSavedSearches();
    expect(await feedOf(rita.id, 'saved_search')).toHaveLength(2);
    await app.alerts.sendSearchDigests();
    expect(await outboxOf('saved-search-digest', rita.id)).toHaveLength(1);
    clock.advance(DAY);
    await app.alerts.sendSearchDigests();
    expect(await outboxOf('saved-search-digest', rita.id)).toHaveLength(2);

    // A paused search looks at nothing and mails nothing.
    await patch(`customers/saved-searches/${saved.id}`, rita.token, { paused: true });
    await listLike(model!.id);
    await app.alerts.matchSavedSearches();
    clock.advance(DAY);
    await app.alerts.sendSearchDigests();
    expect(await feedOf(rita.id, 'saved_search')).toHaveLength(2);
    expect(await outboxOf('saved-search-digest', rita.id)).toHaveLength(2);
  });

  it('matches a search by its words as the search page does', async () => {
    const rita = await shopper(app);
    const [model] = await listings(db, 1, { notSeller: rita.id });
    const { rows } = await db.query<{ title: string }>('SELECT p.title FROM listings l JOIN products p ON p.id = l.product_id WHERE l.id = $1', [model!.id]);
    const word = rows[0]!.title.split(/\s+/).find((part) => part.length > 3)!.toLowerCase();
    await inject(app, 'POST', 'customers/saved-searches', { token: rita.token, body: { name: word, filters: { q: word }, path: `/search?q=${word}` } });
    await inject(app, 'POST', 'customers/saved-searches', { token: rita.token, body: { name: 'nothing', filters: { q: 'zzzqqqxx' }, path: '/search?q=zzzqqqxx' } });
    await listLike(model!.id);
    await app.alerts.matchSavedSearches();
    expect((await feedOf(rita.id, 'saved_search')).map((entry) => entry.data.title)).toEqual([word]);
  });
});

describe('price-drop alerts', () => {
  it('each drop of a wishlisted piece is told once in the feed, mailed at most once a day, and the wishlist says what it was', async () => {
    const rita = await shopper(app);
    const [model] = await listings(db, 1, { notSeller: rita.id });
    const listing = await listLike(model!.id, { price_cents: 10000 });
    // The only piece of its child at that price: the cheapest price is this listing's.
    const { rows } = await db.query<{ child_id: number }>('SELECT child_id FROM listings WHERE id = $1', [listing]);
    await db.query("UPDATE listings SET status = 'archived' WHERE child_id = $1 AND id <> $2 AND status = 'active'", [rows[0]!.child_id, listing]);
    await inject(app, 'PUT', 'customers/wishlist', { token: rita.token, body: { child_id: rows[0]!.child_id } });

    await db.query('UPDATE listings SET price_cents = 8000 WHERE id = $1', [listing]);
    // The same price written again, or a price going up, is no drop.
    await db.query('UPDATE listings SET price_cents = 8000 WHERE id = $1', [listing]);
    expect(await feedOf(rita.id, 'price_drop')).toHaveLength(1);
    const wishlist = WishlistEntries.parse((await inject(app, 'GET', 'customers/wishlist', { token: rita.token })).json());
    expect(wishlist[0]).toMatchObject({ price: 80, was_price: 100 });

    const before = smtp.received.length;
    expect(await app.alerts.sendPriceDropDigests()).toBeGreaterThanOrEqual(1);
    await app.alerts.sendPriceDropDigests();
    expect(await outboxOf('price-drop-digest', rita.id)).toHaveLength(1);
    const mail = await smtp.mailTo(rita.email, before, /\(was €100\.00\)/);
    expect(decodedBody(mail.raw)).toContain('€80.00');

    // A second drop the same day: in the feed at once, in tomorrow's mail (and only it).
    await db.query('UPDATE listings SET price_cents = 7000 WHERE id = $1', [listing]);
    expect(await feedOf(rita.id, 'price_drop')).toHaveLength(2);
    await app.alerts.sendPriceDropDigests();
    expect(await outboxOf('price-drop-digest', rita.id)).toHaveLength(1);
    clock.advance(DAY);
    await app.alerts.sendPriceDropDigests();
    await app.alerts.sendPriceDropDigests();
    const mails = await outboxOf('price-drop-digest', rita.id);
    expect(mails).toHaveLength(2);
    const drops = await feedOf(rita.id, 'price_drop');
    expect(mails[1]!.data.feedIds).toEqual([drops[1]!.id]);
    // Nothing new: no mail the day after.
    clock.advance(DAY);
    await app.alerts.sendPriceDropDigests();
    expect(await outboxOf('price-drop-digest', rita.id)).toHaveLength(2);
  });

  it('a smart-pricing cut due by its date is one drop, told once however often the cuts run', async () => {
    const rita = await shopper(app);
    const [model] = await listings(db, 1, { notSeller: rita.id });
    const listing = await listLike(model!.id, { price_cents: 10000 });
    const anchor = new Date(clock.now().getTime() - 7 * DAY + 60 * 60 * 1000);
    await db.query(
      `UPDATE listings SET smart_pricing = true, price_base_cents = 10000, min_price_cents = 5000, price_anchor_at = $2,
              next_price_drop_at = $2::timestamptz + interval '7 days' WHERE id = $1`,
      [listing, anchor.toISOString()],
    );
    const { rows } = await db.query<{ child_id: number }>('SELECT child_id FROM listings WHERE id = $1', [listing]);
    // The seeded pieces of the same variant keep their prices here: their own weekly cuts fall due by
    // the wall clock the test database was seeded at, and would be drops too when it was seeded hours ago.
    await db.query('UPDATE listings SET smart_pricing = false WHERE child_id = $1 AND id <> $2', [rows[0]!.child_id, listing]);
    await inject(app, 'PUT', 'customers/wishlist', { token: rita.token, body: { child_id: rows[0]!.child_id } });
    await app.smartPricing.applyDue();
    expect(await feedOf(rita.id, 'price_drop')).toHaveLength(0);

    clock.advance(2 * 60 * 60 * 1000);
    await app.smartPricing.applyDue();
    clock.advance(2 * 60 * 1000);
    await app.smartPricing.applyDue();
    const drops = await feedOf(rita.id, 'price_drop');
    expect(drops).toHaveLength(1);
    expect(drops[0]!.data).toMatchObject({ amount_cents: 9000, was_cents: 10000 });
  });
});

describe('similar pieces', () => {
  it('lists up to 8 available pieces of other products in the same category, the same colour first, each group nearest the price', async () => {
    const { rows } = await db.query<{ product_id: number; variant_id: number; colour_id: string; category_id: number; gender: string; brand_id: number }>(
      `SELECT product_id, variant_id, colour_id, category_id, gender, brand_id FROM listings WHERE status = 'active' ORDER BY id LIMIT 1`,
    );
    const ref = rows[0]!;
    const response = await app.inject({ method: 'GET', url: `/api/products/${ref.product_id}/similar?variant=${ref.variant_id}` });
    expect(response.statusCode).toBe(200);
    const { pieces } = SimilarPieces.parse(response.json());
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThanOrEqual(8);
    expect(new Set(pieces.map((piece) => piece.product_variant_id)).size).toBe(pieces.length);
    const { rows: facts } = await db.query<{ id: number; status: string; category_id: number; gender: string; product_id: number; colour_id: string }>(
      'SELECT id, status, category_id, gender, product_id, colour_id FROM listings WHERE id = ANY($1::int[])',
      [pieces.map((piece) => piece.listing_id)],
    );
    for (const fact of facts) expect(fact).toMatchObject({ status: 'active', category_id: ref.category_id, gender: ref.gender });
    expect(facts.some((fact) => fact.product_id === ref.product_id)).toBe(false);
    const sameColour = pieces.map((piece) => piece.colour.id === ref.colour_id);
    expect(sameColour).toEqual([...sameColour].sort((a, b) => Number(b) - Number(a)));
    // The same pieces as a walk of every listing picks: each other variant's listing nearest the
    // variant's lowest price (the lower id between equals), the same colour first, then the nearest.
    const { rows: expected } = await db.query<{ id: number }>(
      `WITH target AS (SELECT min(price_cents) AS price FROM listings WHERE variant_id = $1 AND status = 'active'),
       best AS (
         SELECT DISTINCT ON (l.variant_id) l.id, l.colour_id, abs(l.price_cents - target.price) AS distance
         FROM listings l, target
         WHERE l.status = 'active' AND l.brand_id = $2 AND l.category_id = $3 AND l.gender = $4 AND l.product_id <> $5
         ORDER BY l.variant_id, abs(l.price_cents - target.price), l.id
       )
       SELECT id FROM best ORDER BY (colour_id = $6) DESC, distance, id LIMIT 8`,
      [ref.variant_id, ref.brand_id, ref.category_id, ref.gender, ref.product_id, ref.colour_id],
    );
    expect(pieces.map((piece) => piece.listing_id)).toEqual(expected.map((row) => row.id));

    expect((await app.inject({ method: 'GET', url: '/api/products/999999/similar' })).statusCode).toBe(404);
  });
});
