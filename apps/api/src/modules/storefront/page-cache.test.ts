import path from 'node:path';
import type { ListingsResponse, ProductResponse } from '@preloved/contract';
import { testApp } from '../../test/app';
import { standInBuild } from '../../test/stand-in-build';
import { CATALOGUE_VERSION_CHECK_MS } from '../catalog/catalogue-cache';

// Item 5: the anonymous-page cache. The shell's server build here is a small stand-in with
// the real one's contract (apps/shell/src/server/render.tsx): it renders a product page from the
// product endpoint of this same server, in the page's language, so what a kept page shows is what the
// catalogue said when it was rendered. Each render is counted, to tell a kept page from a fresh one.

const build = standInBuild(
  'page-cache',
  `const { PassThrough } = require('node:stream');
globalThis.renders = 0;
exports.render = async (options) => {
  globalThis.renders++;
  const url = new URL(options.url);
  const product = /^\\/product\\/(\\d+)$/.exec(url.pathname);
  if (!product) return { kind: 'client', reason: 'not a public page' };
  const answer = await fetch(options.apiBase + '/products/' + product[1] + '?id_brand=1&variant=' + url.searchParams.get('variant'), { headers: { 'accept-language': options.language } });
  const body = await answer.json();
  const stream = new PassThrough();
  stream.end('<ul>' + body.listings.map((listing) => '<li data-listing="' + listing.listing_id + '">' + listing.price.toFixed(2) + '</li>').join('') + '</ul>');
  return { kind: 'page', status: 200, stream, data: '{}', remotePages: [], meta: { title: body.product.title } };
};`,
);
const { root, write, switchRemotes } = build;
write(path.join(root, 'remotes/catalog/dist/mf-manifest.json'), '{}');
write(path.join(root, 'remotes/catalog/dist/server/remoteEntry.js'), 'catalog');

switchRemotes({ catalog: '/remotes/catalog/mf-manifest.json' });

let ctx: Awaited<ReturnType<typeof testApp>>;
let productPage: string;
let variantId: number;
beforeAll(async () => {
  ctx = await testApp({ ...build.env, CATALOGUE_CACHE_MS: '5000', PAGE_CACHE_MS: '30000' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const card = (await ctx.app.inject({ method: 'GET', url: '/api/products/listings/all?id_brand=1&limit=0' })).json<ListingsResponse>().products_listings[0]!;
  productPage = `/product/${card.product_id}?variant=${card.product_variant_id}`;
  variantId = card.product_variant_id;
  // A fresh database and the store's plugins: slow on a loaded machine.
}, 240_000);
afterAll(async () => {
  await ctx.close();
  build.remove();
}, 120_000);

const renders = () => (globalThis as { renders?: number }).renders ?? 0;
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const listingIds = (html: string) => [...html.matchAll(/data-listing="(\d+)"/g)].map((match) => Number(match[1]));
/** The product endpoint's own answer, read past both caches (what the database says now). */
async function listedNow(): Promise<ProductResponse['listings']> {
  ctx.app.catalogueCache.clear();
  const [, id] = /\/product\/(\d+)/.exec(productPage)!;
  return (await get(`/api/products/${id}?id_brand=1&variant=${variantId}`)).json<ProductResponse>().listings;
}

describe('the anonymous-page cache', () => {
  it('renders an anonymous visitor’s page once and answers the next ones from memory, with headers a CDN honours', async () => {
    const first = await get(productPage);
    expect(first.statusCode).toBe(200);
    const rendered = renders();
    const again = await get(productPage);
    expect(renders()).toBe(rendered);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers.etag).toMatch(/^"[^"]+"$/);
    const conditional = await get(productPage, { 'if-none-match': String(first.headers.etag) });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
    expect(conditional.headers.etag).toBe(first.headers.etag);
  });

  it('keeps each language apart', async () => {
    const english = await get(productPage);
    const portuguese = await get(`${productPage}&lang=pt`);
    const byCookie = await get(productPage, { cookie: 'preloved-lang=pt' });
    expect([english.headers['content-language'], portuguese.headers['content-language'], byCookie.headers['content-language']]).toEqual(['en', 'pt', 'pt']);
    // The language cookie is not a session; the page chosen by it is the visitor's alone for a CDN.
    expect(byCookie.headers['cache-control']).toBe('private, no-cache');
    expect((await get(productPage, { cookie: 'preloved-lang=pt' })).headers['x-page-cache']).toBe('hit');
  });

  it('a page asked for with ?lang= sets the visitor’s language cookie, as the switcher does, and is theirs alone', async () => {
    const asked = await get(`${productPage}&lang=pt`);
    expect(asked.headers['content-language']).toBe('pt');
    expect(asked.headers['set-cookie']).toBe('preloved-lang=pt; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(asked.headers['cache-control']).toBe('private, no-cache');
    // Already the visitor's language: nothing to set.
    expect((await get(`${productPage}&lang=pt`, { cookie: 'preloved-lang=pt' })).headers['set-cookie']).toBeUndefined();
    expect((await get(`${productPage}&lang=en`, { cookie: 'preloved-lang=pt' })).headers['set-cookie']).toBe('preloved-lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    // A page the browser renders (the checkout, a mail's order link) sets it too.
    expect((await get('/user/orders/5?lang=pt')).headers['set-cookie']).toBe('preloved-lang=pt; Path=/; Max-Age=31536000; SameSite=Lax');
    expect((await get(productPage)).headers['set-cookie']).toBeUndefined();
    // A crawler following the hreflang links gets the shared page, no cookie.
    const crawled = await get(`${productPage}&lang=pt`, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(crawled.headers['set-cookie']).toBeUndefined();
    expect(crawled.headers['cache-control']).toMatch(/^public, /);
  });

  it('never answers a request with a session token or cookie from it, nor keeps what it rendered for one', async () => {
    const page = `${productPage}&from=session`;
    const sessions: Record<string, string>[] = [{ authorization: 'Bearer some-token' }, { cookie: 'session=abc' }, { cookie: 'preloved-lang=en; sid=abc' }];
    for (const headers of sessions) {
      const before = renders();
      const response = await get(page, headers);
      expect(response.statusCode).toBe(200);
      expect(renders()).toBe(before + 1);
      expect(response.headers['x-page-cache']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
    // Nothing of those renders was kept: the first anonymous visitor has it rendered.
    expect((await get(page)).headers['x-page-cache']).toBe('miss');
    expect((await get(page)).headers['x-page-cache']).toBe('hit');
    // And a kept page is not served to a session either.
    const before = renders();
    expect((await get(page, { authorization: 'Bearer some-token' })).headers['x-page-cache']).toBeUndefined();
    expect(renders()).toBe(before + 1);
  });

  it('stops showing a sold piece as soon as the catalogue version moves', async () => {
    const kept = listingIds((await get(productPage)).body);
    expect((await get(productPage)).headers['x-page-cache']).toBe('hit');
    const sold = kept[0]!;
    // Sold by another instance: straight into the database, past this app.
    await ctx.db.query(`UPDATE listings SET status = 'sold', sold_at = now() WHERE id = $1`, [sold]);
    await pause(CATALOGUE_VERSION_CHECK_MS + 100);
    const after = await get(productPage);
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(listingIds(after.body)).not.toContain(sold);
  });

  it('shows a new price as soon as the catalogue version moves', async () => {
    const [listing] = await listedNow();
    await get(productPage);
    expect((await get(productPage)).headers['x-page-cache']).toBe('hit');
    const cents = Math.round(listing!.price * 100) + 1234;
    await ctx.db.query('UPDATE listings SET price_cents = $2, min_price_cents = LEAST(min_price_cents, $2) WHERE id = $1', [listing!.listing_id, cents]);
    await pause(CATALOGUE_VERSION_CHECK_MS + 100);
    const after = await get(productPage);
    expect(after.body).toContain(`<li data-listing="${listing!.listing_id}">${(cents / 100).toFixed(2)}</li>`);
  });

  it('shows a new listing as soon as the catalogue version moves', async () => {
    await get(productPage);
    expect((await get(productPage)).headers['x-page-cache']).toBe('hit');
    // The cheapest piece there has ever been of this variant: listed first, whatever else is listed.
    const { rows } = await ctx.db.query<{ id: number }>(
      `INSERT INTO listings (number, child_id, seller_id, condition_id, comment, photos, price_cents, min_price_cents, product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order)
       SELECT 'PAGE-CACHE-1', child_id, seller_id, condition_id, comment, photos, 1, 1, product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order
       FROM listings WHERE variant_id = $1 AND status = 'active' LIMIT 1 RETURNING id`,
      [variantId],
    );
    await pause(CATALOGUE_VERSION_CHECK_MS + 100);
    const after = await get(productPage);
    expect(listingIds(after.body)).toContain(rows[0]!.id);
  });

  it('renders anew when a remote is deployed (a new remotes.json)', async () => {
    await get(productPage);
    expect((await get(productPage)).headers['x-page-cache']).toBe('hit');
    switchRemotes({ catalog: '/remotes/catalog/mf-manifest.json', search: '/remotes/search/mf-manifest.json' });
    expect((await get(productPage)).headers['x-page-cache']).toBe('miss');
    expect((await get(productPage)).headers['x-page-cache']).toBe('hit');
  });
});
