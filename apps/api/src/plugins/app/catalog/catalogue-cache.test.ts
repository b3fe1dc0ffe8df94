import type { ListingsResponse, ProductResponse } from '@preloved/contract';
import { testApp } from '../../../test/app';
import { CATALOGUE_VERSION_CHECK_MS } from './catalogue-cache';

// The catalogue cache on (testApp turns it off for every other test).
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({ CATALOGUE_CACHE_MS: '5000' });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
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
});
