import { priceAt, type ListingsResponse, type OfferLists, type ProductResponse, type SellerListing, type SellerListingList, type UploadedPhoto } from '@preloved/contract';
import sharp from 'sharp';
import { inject, shopper } from '../../test/checkout';
import { testApp, testClock } from '../../test/app';

// The seller's listings (spec §2–§6) on a real database (PGlite; PostgreSQL with DATABASE_URL), with
// a clock the test moves for smart pricing.

const clock = testClock(new Date('2026-11-02T10:00:00Z'));
let ctx: Awaited<ReturnType<typeof testApp>>;
let seller: Awaited<ReturnType<typeof shopper>>;
let other: Awaited<ReturnType<typeof shopper>>;
let photos: string[];
/** A variant whose seeded listings are archived, so its card shows only the test's listings. */
let piece: { productId: number; variantId: number; childId: number; title: string };

const jpeg = (colour: string) => sharp({ create: { width: 1200, height: 1600, channels: 3, background: colour } }).jpeg().toBuffer();
const upload = (bytes: Buffer, token = seller.token, type = 'image/jpeg') =>
  ctx.app.inject({ method: 'POST', url: '/api/seller/photos', headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload: bytes });

const listingBody = (extra: Record<string, unknown> = {}) => ({
  product_child_id: piece.childId,
  condition_id: 2,
  comment: 'Worn twice.',
  photos,
  price: 100,
  min_price: 75,
  smart_pricing: true,
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}) => {
  const response = await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: listingBody(extra) });
  expect(response.statusCode).toBe(201);
  return response.json<SellerListing>();
};
const card = async () => {
  const body = (await ctx.app.inject(`/api/products/listings/all?id_brand=1&limit=60&q=${encodeURIComponent(piece.title)}`)).json<ListingsResponse>();
  return body.products_listings.find((c) => c.product_variant_id === piece.variantId);
};
const productPage = async () =>
  (await ctx.app.inject(`/api/products/${piece.productId}?variant=${piece.variantId}&id_brand=1`)).json<ProductResponse>();

beforeAll(async () => {
  ctx = await testApp({}, { clock });
  seller = await shopper(ctx.app);
  other = await shopper(ctx.app);
  const { rows } = await ctx.db.query<{ product_id: number; variant_id: number; child_id: number; title: string }>(
    `SELECT p.id AS product_id, v.id AS variant_id, c.id AS child_id, p.title FROM product_children c
     JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id ORDER BY c.id LIMIT 1`,
  );
  piece = { productId: rows[0]!.product_id, variantId: rows[0]!.variant_id, childId: rows[0]!.child_id, title: rows[0]!.title };
  await ctx.db.query(`UPDATE listings SET status = 'archived' WHERE variant_id = $1 AND status = 'active'`, [piece.variantId]);
  photos = [];
  for (const colour of ['#aa3344', '#3344aa']) {
    const response = await upload(await jpeg(colour));
    expect(response.statusCode).toBe(201);
    photos.push(response.json<UploadedPhoto>().url);
  }
});
afterAll(() => ctx.close());

describe('submitting a listing', () => {
  it('is active at once, with every field of spec §3, in the catalogue, in search and on the product page', async () => {
    const listing = await create();
    expect(listing).toMatchObject({
      number: expect.stringMatching(/^SL-\d{6}$/),
      status: 'active',
      product: piece.title,
      size: expect.any(String),
      colour: expect.any(String),
      condition_id: 2,
      comment: 'Worn twice.',
      photos,
      price: 100,
      min_price: 75,
      smart_pricing: true,
      you_receive: 100,
      sold_date: null,
      customer: null,
      package_id: null,
      next_update_date: '2026-11-09T10:00:00.000Z',
    });
    expect(listing.buyer_pays).toBeGreaterThan(100);
    expect(listing.suggested_price).toBeGreaterThan(0);
    expect(listing.original_price).toBeGreaterThan(0);
    expect(await card()).toMatchObject({ min_price: 100, max_price: 100, listings_count: 1 });
    expect((await productPage()).listings.map((offer) => offer.listing_id)).toContain(listing.id);
    const mine = (await inject(ctx.app, 'GET', 'seller/listings?status=active', { token: seller.token })).json<SellerListingList>();
    expect(mine.listings.find((l) => l.id === listing.id)!.photo).toBe(photos[0]!.replace('.webp', '-card.webp'));
    await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/status`, { token: seller.token, body: { status: 'archived' } });
  });

  it.each([
    ['one photo', { photos: ['x'].map(() => '/api/photos/0123456789abcdef0123456789abcdef.webp') }, 'photos', 'photos_count'],
    ['five photos', { photos: Array.from({ length: 5 }, () => '/api/photos/0123456789abcdef0123456789abcdef.webp') }, 'photos', 'photos_count'],
    ['the same photo twice', { photos: ['/api/photos/0123456789abcdef0123456789abcdef.webp', '/api/photos/0123456789abcdef0123456789abcdef.webp'] }, 'photos', 'photos_repeated'],
    ['a price under 5 €', { price: 4.99, min_price: 4.99 }, 'price', 'price_out_of_bounds'],
    ['a price over 5000 €', { price: 5000.01 }, 'price', 'price_out_of_bounds'],
    ['a minimum above the price', { price: 50, min_price: 60 }, 'min_price', 'min_price_above_price'],
    ['no minimum price', { min_price: undefined }, 'min_price', 'no_min_price'],
    ['no condition', { condition_id: undefined }, 'condition_id', 'no_condition'],
  ])('refuses %s with a 422 naming the field', async (_name, extra, field, key) => {
    const response = await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: listingBody(extra) });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ fields: { field: string; key: string }[] }>().fields).toContainEqual({ field, key });
  });

  it('names the product in the seller’s language, in the list and in the listing (Portuguese when the product has it)', async () => {
    const created = await create();
    const { rows } = await ctx.db.query<{ title_pt: string | null }>('SELECT title_pt FROM products WHERE id = $1', [piece.productId]);
    const portuguese = rows[0]!.title_pt ?? piece.title;
    const read = (url: string, lang: string) => ctx.app.inject({ url: `/api/${url}`, headers: { authorization: `Bearer ${seller.token}`, 'accept-language': lang } });
    expect((await read(`seller/listings/${created.id}`, 'pt')).json<SellerListing>().product).toBe(portuguese);
    expect((await read(`seller/listings/${created.id}`, 'en')).json<SellerListing>().product).toBe(piece.title);
    const list = (await read('seller/listings?status=all', 'pt')).json<SellerListingList>();
    expect(list.listings.find((listing) => listing.id === created.id)?.product).toBe(portuguese);
    expect(portuguese).not.toBe(piece.title);
    // Out of the catalogue again: the tests below count this variant's listings.
    await inject(ctx.app, 'PUT', `seller/listings/${created.id}/status`, { token: seller.token, body: { status: 'archived' } });
  });

  it('finds the piece to sell by its Portuguese name too, accents and case aside, and names it in the seller’s language', async () => {
    const { rows } = await ctx.db.query<{ id: number; title: string; title_pt: string }>(
      "SELECT id, title, title_pt FROM products WHERE brand_id = 1 AND title_pt ~ '[áàâãéêíóôõúç]' ORDER BY id LIMIT 1",
    );
    const product = rows[0]!;
    // "Calças" typed as "CALCAS": the first word of the Portuguese name, without its accents, in capitals.
    const typed = product.title_pt.split(' ')[0]!.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    const search = (lang: string) =>
      ctx.app.inject({ url: `/api/seller/products?q=${encodeURIComponent(typed)}`, headers: { authorization: `Bearer ${seller.token}`, 'accept-language': lang } });
    const found = (await search('pt')).json<{ products: { product_id: number; title: string }[] }>().products;
    expect(found.find((candidate) => candidate.product_id === product.id)?.title).toBe(product.title_pt);
    const inEnglish = (await search('en')).json<{ products: { product_id: number; title: string }[] }>().products;
    expect(inEnglish.find((candidate) => candidate.product_id === product.id)?.title).toBe(product.title);
  });

  it('refuses a size that is not one of the brand’s pieces', async () => {
    const response = await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: listingBody({ product_child_id: 99_999_999 }) });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ fields: { key: string }[] }>().fields[0]!.key).toBe('no_size');
  });

  it('needs a signed-in customer', async () => {
    expect((await inject(ctx.app, 'POST', 'seller/listings', { body: listingBody() })).statusCode).toBe(401);
    expect((await inject(ctx.app, 'GET', 'seller/listings')).statusCode).toBe(401);
  });
});

describe("another seller's listing", () => {
  it('is answered 404 on every route, and stays unchanged', async () => {
    const listing = await create();
    const routes: [method: 'GET' | 'PUT', url: string, body?: unknown][] = [
      ['GET', `seller/listings/${listing.id}`],
      ['PUT', `seller/listings/${listing.id}`, listingBody()],
      ['PUT', `seller/listings/${listing.id}/pricing`, { min_price: 10, smart_pricing: false }],
      ['PUT', `seller/listings/${listing.id}/price`, { price: 90 }],
      ['PUT', `seller/listings/${listing.id}/status`, { status: 'archived' }],
    ];
    for (const [method, url, body] of routes) {
      const response = await inject(ctx.app, method, url, { token: other.token, body });
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    const after = (await inject(ctx.app, 'GET', `seller/listings/${listing.id}`, { token: seller.token })).json<SellerListing>();
    expect(after).toMatchObject({ status: 'active', price: 100, min_price: 75, smart_pricing: true });
    await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/status`, { token: seller.token, body: { status: 'archived' } });
  });
});

describe('smart pricing', () => {
  it('cuts 10 % of the current price every 7 days from the listing date down to the minimum, and the catalogue follows', async () => {
    clock.set(new Date('2026-11-02T10:00:00Z'));
    const listing = await create({ price: 100, min_price: 75 });
    const priceOf = async () => (await inject(ctx.app, 'GET', `seller/listings/${listing.id}`, { token: seller.token })).json<SellerListing>();

    clock.set(new Date('2026-11-09T09:59:00Z'));
    expect((await priceOf()).price).toBe(100);
    clock.set(new Date('2026-11-09T10:00:00Z'));
    expect(await priceOf()).toMatchObject({ price: 90, next_update_date: '2026-11-16T10:00:00.000Z' });
    expect(await card()).toMatchObject({ min_price: 90, max_price: 90 });
    const offer = (await productPage()).listings.find((o) => o.listing_id === listing.id)!;
    expect(offer.price).toBe(90);
    // Buyers see when the price drops next and to what, but not a drop that would reveal the minimum.
    expect(offer.next_price_drop).toEqual({ date: '2026-11-16T10:00:00.000Z', price: 81 });

    clock.set(new Date('2026-11-16T10:00:00Z'));
    expect((await priceOf()).price).toBe(81);
    expect((await productPage()).listings.find((o) => o.listing_id === listing.id)!.next_price_drop).toBeNull();
    clock.set(new Date('2026-11-23T10:00:00Z'));
    // 72.90 would be under the minimum: the price stops at 75 and no further drop is planned.
    expect(await priceOf()).toMatchObject({ price: 75, next_update_date: null });
    expect(await card()).toMatchObject({ min_price: 75 });
    expect(await ctx.app.smartPricing.currentPriceCents(listing.id)).toBe(7500);
    await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/status`, { token: seller.token, body: { status: 'archived' } });
  });

  it('accepts an open offer once a cut brings the price to it or below, and leaves a lower one waiting', async () => {
    clock.set(new Date('2026-11-02T10:00:00Z'));
    const listing = await create({ price: 100, min_price: 75 });
    // The day before the second cut (90 → 81): one offer at 85 (reached by 81), one at 80 (not).
    clock.set(new Date('2026-11-15T10:00:00Z'));
    const [near, far] = [await shopper(ctx.app), await shopper(ctx.app)];
    expect((await inject(ctx.app, 'POST', 'offers', { token: near.token, body: { listing_id: listing.id, price: 85 } })).statusCode).toBe(200);
    expect((await inject(ctx.app, 'POST', 'offers', { token: far.token, body: { listing_id: listing.id, price: 80 } })).statusCode).toBe(200);
    const statusOf = async (token: string) => (await inject(ctx.app, 'GET', 'offers', { token })).json<OfferLists>().made[0]!.status;
    expect([await statusOf(near.token), await statusOf(far.token)]).toEqual(['active', 'active']);

    clock.set(new Date('2026-11-16T10:00:00Z'));
    expect((await inject(ctx.app, 'GET', `seller/listings/${listing.id}`, { token: seller.token })).json<SellerListing>().price).toBe(81);
    expect([await statusOf(near.token), await statusOf(far.token)]).toEqual(['accepted', 'active']);
    await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/status`, { token: seller.token, body: { status: 'archived' } });
  });

  it('turned off freezes the current price; turned on again it starts from that price now', async () => {
    clock.set(new Date('2026-12-01T10:00:00Z'));
    const listing = await create({ price: 200, min_price: 50 });
    const put = (body: unknown) => inject(ctx.app, 'PUT', `seller/listings/${listing.id}/pricing`, { token: seller.token, body });
    clock.set(new Date('2026-12-09T10:00:00Z'));
    const off = (await put({ min_price: 50, smart_pricing: false })).json<SellerListing>();
    expect(off).toMatchObject({ price: 180, smart_pricing: false, next_update_date: null });
    clock.set(new Date('2027-01-20T10:00:00Z'));
    expect((await inject(ctx.app, 'GET', `seller/listings/${listing.id}`, { token: seller.token })).json<SellerListing>().price).toBe(180);
    const on = (await put({ min_price: 50, smart_pricing: true })).json<SellerListing>();
    expect(on).toMatchObject({ price: 180, smart_pricing: true, next_update_date: '2027-01-27T10:00:00.000Z' });
    const above = await put({ min_price: 181, smart_pricing: true });
    expect(above.statusCode).toBe(422);
    expect(above.json<{ fields: { key: string }[] }>().fields[0]!.key).toBe('min_price_above_price');
    clock.set(new Date('2027-01-27T10:00:00Z'));
    expect((await inject(ctx.app, 'GET', `seller/listings/${listing.id}`, { token: seller.token })).json<SellerListing>().price).toBe(162);
    await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/status`, { token: seller.token, body: { status: 'archived' } });
  });

  it('computes the same price in SQL as priceAt() in the contract', async () => {
    const anchor = new Date('2026-01-01T00:00:00Z');
    for (const [base, min, days] of [[12345, 500, 0], [12345, 500, 7], [12345, 500, 70], [999, 600, 13.9], [500000, 1000, 400], [777, 777, 21]] as const) {
      const at = new Date(anchor.getTime() + days * 86_400_000);
      const { rows } = await ctx.db.query<{ p: number }>('SELECT listing_price_at($1, $2, true, $3, $4) AS p', [base, min, anchor.toISOString(), at.toISOString()]);
      expect([base, min, days, rows[0]!.p]).toEqual([base, min, days, priceAt({ baseCents: base, minCents: min, smartPricing: true, anchor }, at)]);
    }
  });
});

describe('editing a listing', () => {
  it('rewrites an unsold listing, its price schedule starting again from the new price; a sold one is 409', async () => {
    clock.set(new Date('2027-02-01T10:00:00Z'));
    const listing = await create({ price: 100, min_price: 50 });
    clock.set(new Date('2027-02-10T10:00:00Z'));
    const edited = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}`, { token: seller.token, body: listingBody({ price: 70, min_price: 50, comment: 'Shortened sleeves.', condition_id: 3 }) });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<SellerListing>()).toMatchObject({ price: 70, comment: 'Shortened sleeves.', condition_id: 3, next_update_date: '2027-02-17T10:00:00.000Z' });
    await ctx.db.query(`UPDATE listings SET status = 'sold', sold_at = now() WHERE id = $1`, [listing.id]);
    const sold = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}`, { token: seller.token, body: listingBody() });
    expect(sold.statusCode).toBe(409);
    const archive = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/status`, { token: seller.token, body: { status: 'archived' } });
    expect(archive.statusCode).toBe(409);
  });
});

describe('the price alone, from My listings', () => {
  it('changes it in one step, the schedule starting again from it; the listing rules and messages of the editor apply', async () => {
    clock.set(new Date('2027-03-01T10:00:00Z'));
    const listing = await create({ price: 100, min_price: 50 });
    clock.set(new Date('2027-03-05T10:00:00Z'));
    const changed = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/price`, { token: seller.token, body: { price: 80.5 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<SellerListing>()).toMatchObject({ price: 80.5, min_price: 50, smart_pricing: true, next_update_date: '2027-03-12T10:00:00.000Z' });
    const list = (await inject(ctx.app, 'GET', 'seller/listings?status=active&limit=60', { token: seller.token })).json<SellerListingList>();
    expect(list.listings.find((row) => row.id === listing.id)?.price).toBe(80.5);

    const below = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/price`, { token: seller.token, body: { price: 40 } });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({ fields: [{ field: 'price', key: 'min_price_above_price' }] });
    for (const price of [4.99, 5000.01, 12.345]) {
      const outside = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/price`, { token: seller.token, body: { price } });
      expect([price, outside.statusCode, outside.json().fields]).toEqual([price, 422, [{ field: 'price', key: 'price_out_of_bounds' }]]);
    }
    expect((await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/price`, { token: seller.token, body: {} })).json()).toMatchObject({ fields: [{ field: 'price', key: 'no_price' }] });
    expect((await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/price`, { body: { price: 60 } })).statusCode).toBe(401);

    await ctx.db.query(`UPDATE listings SET status = 'sold', sold_at = now() WHERE id = $1`, [listing.id]);
    const sold = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/price`, { token: seller.token, body: { price: 60 } });
    expect(sold.statusCode).toBe(409);
    expect(sold.json()).toMatchObject({ code: 'listing_sold' });
  });
});

describe('a seeded listing whose photos are placeholder drawings', () => {
  it('is saved from the editor with those photos kept; a placeholder it did not have is refused naming the photo', async () => {
    const { rows } = await ctx.db.query<{ id: number; photos: string[] }>(
      `SELECT id, photos FROM listings WHERE status = 'active' AND photos[1] LIKE '/api/assets/photos/%.svg' ORDER BY id DESC LIMIT 2`,
    );
    const [seeded, another] = rows;
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, seeded!.id]);
    const current = (await inject(ctx.app, 'GET', `seller/listings/${seeded!.id}`, { token: seller.token })).json<SellerListing>();
    const body = { product_child_id: piece.childId, condition_id: 2, comment: 'Checked again.', price: 60, min_price: 30, smart_pricing: false };
    const saved = await inject(ctx.app, 'PUT', `seller/listings/${seeded!.id}`, { token: seller.token, body: { ...body, photos: current.photos } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SellerListing>()).toMatchObject({ price: 60, comment: 'Checked again.', photos: current.photos });
    // One placeholder replaced by an upload of the seller's: kept and new together.
    const mixed = [current.photos[0]!, photos[0]!];
    expect((await inject(ctx.app, 'PUT', `seller/listings/${seeded!.id}`, { token: seller.token, body: { ...body, photos: mixed } })).statusCode).toBe(200);
    // Another listing's drawing is not this listing's: the second photo is named.
    const foreign = await inject(ctx.app, 'PUT', `seller/listings/${seeded!.id}`, { token: seller.token, body: { ...body, photos: [mixed[0], another!.photos[0]] } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ fields: [{ field: 'photos.1', key: 'photo_not_yours' }] });
    // A new listing is made of the seller's uploads only.
    const created = await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: { ...body, photos: [photos[0], another!.photos[0]] } });
    expect(created.json()).toMatchObject({ fields: [{ field: 'photos.1', key: 'photo_not_yours' }] });
    // Now of the test's variant: out of the catalogue again, as the variant's seeded listings are.
    await inject(ctx.app, 'PUT', `seller/listings/${seeded!.id}/status`, { token: seller.token, body: { status: 'archived' } });
  });
});

describe('archive and reactivate', () => {
  it('takes a listing out of the catalogue and puts it back', async () => {
    const listing = await create({ smart_pricing: false, price: 42, min_price: 40 });
    expect((await card())?.listings_count).toBe(1);
    const archived = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/status`, { token: seller.token, body: { status: 'archived' } });
    expect(archived.json<SellerListing>().status).toBe('archived');
    expect(await card()).toBeUndefined();
    const archivedList = (await inject(ctx.app, 'GET', 'seller/listings?status=archived', { token: seller.token })).json<SellerListingList>();
    expect(archivedList.listings.map((l) => l.id)).toContain(listing.id);
    await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/status`, { token: seller.token, body: { status: 'active' } });
    expect(await card()).toMatchObject({ min_price: 42, listings_count: 1 });
    await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/status`, { token: seller.token, body: { status: 'archived' } });
  });
});
