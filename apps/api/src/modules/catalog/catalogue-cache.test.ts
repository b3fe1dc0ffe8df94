import type { ListingsResponse, ProductResponse } from '@preloved/contract';
import { testApp } from '../../test/app';
import { CATALOGUE_VERSION_CHECK_MS } from './catalogue-cache';

// The catalogue cache on (testApp turns it off for every other test).
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({ CATALOGUE_CACHE_MS: '5000' });
});
afterAll(() => ctx.close());

const get = (url: string, language = 'en') => ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
/** What a client and a CDN see of an answer besides its body (the date and connection aside). */
const headersOf = (response: Awaited<ReturnType<typeof get>>) => {
  // Each answer names its own request (X-Request-Id): the rest must be the same.
  const { date: _date, connection: _connection, 'x-request-id': _requestId, ...rest } = response.headers;
  return rest;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cached catalogue answers', () => {
  it('tells a CDN to keep listing, search, product and seller answers a few seconds', async () => {
    const browse = await get('/api/products/listings/all?id_brand=1&limit=0');
    const search = await get('/api/products/listings/all?id_brand=1&search=dress');
    const card = browse.json<ListingsResponse>().products_listings[0]!;
    const product = await get(`/api/products/${card.product_id}?variant=${card.product_variant_id}&id_brand=1`);
    for (const response of [browse, search, product]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+$/);
    }
    // The bag is personal and always read from the database: no shared cache may keep it.
    const bag = await get('/api/cart');
    expect(String(bag.headers['cache-control'] ?? '')).not.toContain('s-maxage');
  });

  it('answers the same request from memory, without asking the database again', async () => {
    const url = '/api/products/listings/all?id_brand=1&limit=0&sort=newest';
    await get(url);
    const before = { ...ctx.app.catalogueCache.stats };
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(ctx.app.catalogueCache.stats.hits).toBe(before.hits + 1);
    expect(ctx.app.catalogueCache.stats.misses).toBe(before.misses);
  });

  it('stops showing a sold piece as soon as the catalogue version moves (a sale by any instance)', async () => {
    const browse = (await get('/api/products/listings/all?id_brand=1&limit=0')).json<ListingsResponse>();
    const card = browse.products_listings[0]!;
    const productUrl = `/api/products/${card.product_id}?variant=${card.product_variant_id}&id_brand=1`;
    const listed = (await get(productUrl)).json<ProductResponse>();
    const ids = listed.listings.map((listing) => listing.listing_id);
    expect(ids.length).toBeGreaterThan(0);
    // All the variant's pieces, not only the first 12 of each size the page lists.
    const { rows } = await ctx.db.query<{ id: number }>(`SELECT id FROM listings WHERE variant_id = $1 AND status = 'active'`, [card.product_variant_id]);
    ids.push(...rows.map((row) => row.id));
    // Another instance sells every piece of this variant: straight into the database, past this app.
    await ctx.db.query(`UPDATE listings SET status = 'sold', sold_at = now() WHERE id = ANY($1::int[])`, [ids]);
    await pause(CATALOGUE_VERSION_CHECK_MS + 100);
    const after = await get(productUrl);
    if (after.statusCode === 200) expect(after.json<ProductResponse>().listings).toEqual([]);
    else expect(after.statusCode).toBe(404);
    const cards = (await get('/api/products/listings/all?id_brand=1&limit=0')).json<ListingsResponse>();
    expect(cards.products_listings.some((entry) => entry.product_variant_id === card.product_variant_id)).toBe(false);
  });

  it.each(['en', 'pt'])('sends a kept answer byte for byte as the fresh one, with the same headers (%s)', async (language) => {
    const linen = (await get('/api/products/listings/all?id_brand=1&q=linen%20wrap', language)).json<ListingsResponse>().products_listings[0]!;
    const product = `/api/products/${linen.product_id}?variant=${linen.product_variant_id}&id_brand=1`;
    const { rows } = await ctx.db.query<{ id: number }>('SELECT seller_id AS id FROM listings WHERE product_id = $1 AND status = $2 LIMIT 1', [linen.product_id, 'active']);
    const urls = ['/api/products/listings/all?id_brand=1&limit=0', '/api/products/listings/all?id_brand=1&search=dress', product, `/api/vendors/${rows[0]!.id}?id_brand=1`];
    for (const url of urls) {
      ctx.app.catalogueCache.clear();
      const fresh = await get(url, language);
      const before = { ...ctx.app.catalogueCache.stats };
      const kept = await get(url, language);
      expect([url, ctx.app.catalogueCache.stats.hits, ctx.app.catalogueCache.stats.misses]).toEqual([url, before.hits + 1, before.misses]);
      expect([url, fresh.statusCode]).toEqual([url, 200]);
      expect(kept.rawPayload.equals(fresh.rawPayload)).toBe(true);
      expect(headersOf(kept)).toEqual(headersOf(fresh));
      expect(fresh.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'content-language': language,
        vary: expect.stringContaining('Accept-Language'),
        'cache-control': 'public, max-age=0, s-maxage=5, stale-while-revalidate=5',
        'content-length': String(fresh.rawPayload.length),
      });
    }
    // Each language is kept apart: the product's title is the one asked for.
    const title = (await get(product, language)).json<ProductResponse>().product.title;
    expect(title).toBe(language === 'pt' ? 'Vestido traçado de linho' : 'Linen wrap dress');
  });

  it('serves an answer past its window while the catalogue has not changed, and a fresh one right after', async () => {
    const quick = await testApp({ CATALOGUE_CACHE_MS: '2000' });
    const stats = quick.app.catalogueCache.stats;
    try {
      const url = '/api/products/listings/all?id_brand=1&limit=0&sort=newest';
      const first = await quick.app.inject(url);
      await pause(2500);
      const before = { ...stats };
      const late = await quick.app.inject(url);
      // Past its window: answered from memory at once, while one read brings it up to date.
      expect([stats.stale, stats.misses]).toEqual([before.stale + 1, before.misses]);
      expect(late.rawPayload.equals(first.rawPayload)).toBe(true);
      // Once read anew, it is a fresh hit again, and no request waited for that read as a miss.
      let hit = false;
      for (let tries = 0; tries < 100 && !hit; tries++) {
        await pause(50);
        const hits = stats.hits;
        await quick.app.inject(url);
        hit = stats.hits === hits + 1;
      }
      expect([hit, stats.misses]).toEqual([true, before.misses]);
    } finally {
      await quick.close();
    }
  });
});
