import type { ListingsResponse, ProductResponse, VendorResponse } from '@preloved/contract';
import { testApp } from '../../test/app';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

const listings = async (query: string) => {
  const response = await ctx.app.inject(`/api/products/listings/all?id_brand=1&${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<ListingsResponse>();
};
const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('the demo catalogue', () => {
  it('has at least 60 products and 400 active listings across genders, categories, sellers and conditions', async () => {
    expect(await count('SELECT count(*)::int AS n FROM products')).toBeGreaterThanOrEqual(60);
    expect(await count(`SELECT count(*)::int AS n FROM listings WHERE status = 'active'`)).toBeGreaterThanOrEqual(400);
    expect(await count('SELECT count(DISTINCT gender)::int AS n FROM listings')).toBe(2);
    expect(await count('SELECT count(DISTINCT category_id)::int AS n FROM listings')).toBe(3);
    expect(await count('SELECT count(DISTINCT seller_id)::int AS n FROM listings')).toBeGreaterThanOrEqual(4);
    expect(await count('SELECT count(DISTINCT condition_id)::int AS n FROM listings')).toBeGreaterThanOrEqual(4);
    expect(await count('SELECT count(*)::int AS n FROM listings l JOIN brands b ON b.sample_customer_id = l.seller_id')).toBeGreaterThan(0);
    // Some product variants are offered several times, at different prices.
    expect(await count('SELECT count(*)::int AS n FROM (SELECT variant_id FROM listings GROUP BY variant_id HAVING count(DISTINCT price_cents) > 1) t')).toBeGreaterThan(0);
  });
});

describe('GET /api/products/listings/all', () => {
  it('groups active listings by product variant, cheapest first, with the spec fields', async () => {
    const body = await listings('limit=0');
    expect(body.limit).toBe(24);
    expect(body.products_listings).toHaveLength(24);
    const prices = body.products_listings.map((card) => card.min_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const card = body.products_listings[0]!;
    expect(card).toMatchObject({ product_id: expect.any(Number), product_variant_id: expect.any(Number), title: expect.any(String), photo: expect.stringMatching(/^\/api\/assets\/photos\//) });
    expect(card.max_price).toBeGreaterThanOrEqual(card.min_price);
    expect(card.Size[0]).toEqual({ O2Child: expect.any(String) });
    expect(card.option1array.length).toBeGreaterThan(0);
    // The price range is exactly the variant's active listings'.
    const { rows } = await ctx.db.query<{ lo: number; hi: number }>(`SELECT min(price_cents) AS lo, max(price_cents) AS hi FROM listings WHERE variant_id = $1 AND status = 'active'`, [card.product_variant_id]);
    expect([card.min_price, card.max_price]).toEqual([rows[0]!.lo / 100, rows[0]!.hi / 100]);
    expect(body.filters.condition.values[0]).toEqual({ id: expect.any(Number), option: expect.any(String), count: expect.any(Number) });
    expect(body.total).toBe(await count(`SELECT count(DISTINCT variant_id)::int AS n FROM listings WHERE status = 'active'`));
  });

  it('filters by gender and category ids (women; accessories are 7 and 11)', async () => {
    const women = await listings('gender=women&limit=60');
    const ids = women.products_listings.map((card) => card.product_id);
    expect(await count(`SELECT count(*)::int AS n FROM products WHERE id = ANY($1::int[]) AND gender <> 'women'`, [ids])).toBe(0);
    expect(women.total).toBe(await count(`SELECT count(DISTINCT variant_id)::int AS n FROM listings WHERE status = 'active' AND gender = 'women'`));
    const accessories = await listings('category=7,11&limit=60');
    const accessoryIds = accessories.products_listings.map((card) => card.product_id);
    expect(accessoryIds.length).toBeGreaterThan(0);
    expect(await count(`SELECT count(*)::int AS n FROM products WHERE id = ANY($1::int[]) AND category_id NOT IN (7, 11)`, [accessoryIds])).toBe(0);
  });

  it('filters by size, colour, condition and price, and the filters describe what is left', async () => {
    const all = await listings('limit=1');
    const size = all.filters.size.values[0]!.id;
    const colour = all.filters.colour.values[0]!.id;
    const bySize = await listings(`size=${encodeURIComponent(String(size))}&limit=60`);
    expect(bySize.total).toBeGreaterThan(0);
    expect(bySize.products_listings.every((card) => card.Size.some((entry) => entry.O2Child === size))).toBe(true);
    const byColour = await listings(`colour=${colour}&limit=60`);
    expect(byColour.total).toBeGreaterThan(0);
    const variants = byColour.products_listings.map((card) => card.product_variant_id);
    expect(await count(`SELECT count(*)::int AS n FROM product_variants WHERE id = ANY($1::int[]) AND colour_id <> $2`, [variants, colour])).toBe(0);
    // Facets describe the page's scope, not the chosen filters, so a shopper can add another colour.
    expect(byColour.filters.colour.values.length).toBe(all.filters.colour.values.length);
    const good = await listings('condition=1,2&limit=60');
    expect(good.total).toBeGreaterThan(0);
    expect(good.products_listings.every((card) => card.condition_id <= 2)).toBe(true);
    const cheap = await listings('min_price=20&max_price=40&limit=60');
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.products_listings.every((card) => card.min_price >= 20 && card.max_price <= 40)).toBe(true);
  });

  it('gives filtered cards exactly the prices, counts, sizes and conditions of their matching listings, also after a sale', async () => {
    const exact = async (query: string, where: string, params: unknown[]) => {
      const body = await listings(`${query}&limit=60`);
      const { rows } = await ctx.db.query<{ variant_id: number; lo: number; hi: number; n: number; sizes: string[]; conditions: number[] }>(
        `SELECT variant_id, min(price_cents) AS lo, max(price_cents) AS hi, count(*)::int AS n,
                array_agg(DISTINCT size ORDER BY size) AS sizes, array_agg(DISTINCT condition_id ORDER BY condition_id) AS conditions
         FROM listings WHERE status = 'active' AND ${where} GROUP BY variant_id ORDER BY min(price_cents), variant_id LIMIT 60`,
        params,
      );
      // A card describes only the pieces that match: its sizes and conditions are theirs, not the variant's.
      expect(
        body.products_listings.map((card) => [
          card.product_variant_id, card.min_price, card.max_price, card.listings_count,
          card.Size.map((entry) => entry.O2Child).sort(), card.condition_ids,
        ]),
      ).toEqual(rows.map((row) => [row.variant_id, row.lo / 100, row.hi / 100, row.n, [...row.sizes].sort(), row.conditions]));
      expect(body.total).toBe(await count(`SELECT count(DISTINCT variant_id)::int AS n FROM listings WHERE status = 'active' AND ${where}`, params));
      return body;
    };
    await exact('sort=price_asc', 'true', []);
    await exact('size=M', `size = 'M'`, []);
    await exact('size=M,L&min_price=20&max_price=60', `size IN ('M', 'L') AND price_cents BETWEEN 2000 AND 6000`, []);
    await exact('gender=women&size=S,M&condition=1,2', `gender = 'women' AND size IN ('S', 'M') AND condition_id IN (1, 2)`, []);
    const colour = (await listings('limit=1')).filters.colour.values[0]!.id;
    const before = await exact(`colour=${colour}&condition=3`, `colour_id = $1 AND condition_id = 3`, [colour]);
    // A sale (any writer of listings) is reflected at once.
    const sold = before.products_listings[0]!.product_variant_id;
    await ctx.db.query(`UPDATE listings SET status = 'sold', sold_at = now() WHERE id = (SELECT min(id) FROM listings WHERE variant_id = $1 AND status = 'active' AND condition_id = 3)`, [sold]);
    await exact(`colour=${colour}&condition=3`, `colour_id = $1 AND condition_id = 3`, [colour]);
  });

  it('sorts by price descending and newest, and pages without overlap', async () => {
    const desc = await listings('sort=price_desc&limit=10');
    const maxes = desc.products_listings.map((card) => card.max_price);
    expect(maxes).toEqual([...maxes].sort((a, b) => b - a));
    const first = await listings('limit=10&page=1');
    const second = await listings('limit=10&page=2');
    const overlap = first.products_listings.filter((a) => second.products_listings.some((b) => b.product_variant_id === a.product_variant_id));
    expect(overlap).toHaveLength(0);
    expect(second.page).toBe(2);
    const beyond = await listings('limit=60&page=500');
    expect(beyond.products_listings).toEqual([]);
  });

  it('refuses bad parameters with 422 and a message, never an unbounded list', async () => {
    for (const query of ['limit=61', 'limit=-1', 'page=0', 'page=501', 'page=abc', 'gender=kids', 'condition=abc', 'category=1;DROP', 'sort=random', 'min_price=-5', 'min_price=abc', `size=${'x'.repeat(300)}`]) {
      const response = await ctx.app.inject(`/api/products/listings/all?id_brand=1&${query}`);
      expect([query, response.statusCode]).toEqual([query, 422]);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const noBrand = await ctx.app.inject('/api/products/listings/all?limit=0');
    expect(noBrand.statusCode).toBe(422);
  });
});

describe('cards and counts that agree', () => {
  it('gives each card its own colour, on both readers (summaries; listings with a price filter)', async () => {
    for (const extra of ['', '&min_price=0']) {
      const body = await listings(`limit=60&gender=women${extra}`);
      const ids = body.products_listings.map((card) => card.product_variant_id);
      const colours = await ctx.db.query<{ id: number; colour_id: string; name: string }>(
        'SELECT v.id, v.colour_id, c.name FROM product_variants v JOIN colours c ON c.id = v.colour_id WHERE v.id = ANY($1::int[])',
        [ids],
      );
      const byId = new Map(colours.rows.map((row) => [row.id, { id: row.colour_id, option: row.name }]));
      for (const card of body.products_listings) {
        expect([extra, card.product_variant_id, card.colour]).toEqual([extra, card.product_variant_id, byId.get(card.product_variant_id)]);
        expect(card.option1array).toContain(card.colour!.option);
      }
    }
  });

  it('counts in the filter menus what the page lists: every colour count sums to the total, and the total is the cards listed on every page', async () => {
    for (const scope of ['gender=women', 'gender=men', 'category=7,11', '']) {
      const first = await listings(`${scope}&limit=24`);
      const cards = new Set<number>();
      for (let page = 1; page <= Math.ceil(first.total / 24); page++) {
        for (const card of (await listings(`${scope}&limit=24&page=${page}`)).products_listings) cards.add(card.product_variant_id);
      }
      expect([scope, cards.size]).toEqual([scope, first.total]);
      // A card has one colour: the colour menu's counts add up to the cards listed.
      const colourSum = first.filters.colour.values.reduce((sum, value) => sum + (value.count ?? 0), 0);
      expect([scope, colourSum]).toEqual([scope, first.total]);
      // And the total is the cards of active listings in the scope, counted from the listings themselves.
      const where = scope.startsWith('gender=') ? `AND gender = '${scope.slice(7)}'` : scope ? 'AND category_id IN (7, 11)' : '';
      expect([scope, await count(`SELECT count(DISTINCT variant_id)::int AS n FROM listings WHERE status = 'active' AND brand_id = 1 ${where}`)]).toEqual([scope, first.total]);
    }
  });
});

describe('GET /api/products/{product_id}', () => {
  it('gives the product, its colour variants and the chosen variant’s active listings with their sellers', async () => {
    const { rows } = await ctx.db.query<{ product_id: number; variant_id: number }>(
      `SELECT l.product_id, l.variant_id FROM listings l JOIN brands b ON b.sample_customer_id = l.seller_id WHERE l.status = 'active' LIMIT 1`,
    );
    const { product_id, variant_id } = rows[0]!;
    const response = await ctx.app.inject(`/api/products/${product_id}?variant=${variant_id}&id_brand=1`);
    expect(response.statusCode).toBe(200);
    const body = response.json<ProductResponse>();
    expect(body.product.product_id).toBe(product_id);
    expect(body.variant.product_variant_id).toBe(variant_id);
    expect(body.variants.length).toBeGreaterThanOrEqual(1);
    expect(body.listings.length).toBe(await count(`SELECT count(*)::int AS n FROM listings WHERE variant_id = $1 AND status = 'active'`, [variant_id]));
    const prices = body.listings.map((listing) => listing.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const verified = body.listings.filter((listing) => listing.verified);
    expect(verified.length).toBeGreaterThan(0);
    expect(verified[0]).toMatchObject({ listing_id: expect.any(Number), condition: expect.any(String), O2Child: expect.any(String), FirstName: 'Marta', CustomerID: expect.any(Number) });
    expect(body.listings.filter((listing) => !listing.verified).every((listing) => listing.FirstName !== 'Marta')).toBe(true);
    // Each size says how many pieces it has and from what price; receiving one costs the checkout's fees.
    const sizes = await ctx.db.query<{ size: string; n: number; lo: number }>(
      `SELECT size, count(*)::int AS n, min(price_cents) AS lo FROM listings WHERE variant_id = $1 AND status = 'active' GROUP BY size ORDER BY size`,
      [variant_id],
    );
    expect([...body.size_offers].sort((a, b) => a.size.localeCompare(b.size))).toEqual(
      sizes.rows.map((row) => ({ size: row.size, listings_count: row.n, min_price: row.lo / 100 })),
    );
    expect(body.delivery).toEqual({ shipping_per_package: 3.9, home_delivery: 2.5, pickup_point: 0, ships_within_business_days: 5, delivery_business_days: 2 });
  });

  it('answers unknown products and variants with 404, and malformed ids with 422', async () => {
    expect((await ctx.app.inject('/api/products/999999?id_brand=1')).statusCode).toBe(404);
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
    const other = await ctx.db.query<{ id: number }>('SELECT id FROM product_variants WHERE product_id <> $1 LIMIT 1', [rows[0]!.id]);
    const wrongVariant = await ctx.app.inject(`/api/products/${rows[0]!.id}?variant=${other.rows[0]!.id}&id_brand=1`);
    expect(wrongVariant.statusCode).toBe(404);
    expect(wrongVariant.json().message).toEqual(expect.any(String));
    for (const url of ['/api/products/abc?id_brand=1', '/api/products/-3?id_brand=1', '/api/products/1?variant=x&id_brand=1', '/api/products/99999999999?id_brand=1']) {
      const response = await ctx.app.inject(url);
      expect([url, response.statusCode]).toEqual([url, 422]);
    }
  });
});

describe('a variant with many listings', () => {
  it('shows the 12 cheapest of each size, every size, the true count, and a linked listing beyond them', async () => {
    const { rows } = await ctx.db.query<{ id: number; product_id: number; variant_id: number; size: string }>(
      `SELECT id, product_id, variant_id, size FROM listings WHERE status = 'active' ORDER BY id LIMIT 1`,
    );
    const source = rows[0]!;
    await ctx.db.query(
      `INSERT INTO listings (number, child_id, seller_id, condition_id, comment, photos, price_cents, min_price_cents, product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order)
       SELECT 'BULK-' || n, child_id, seller_id, condition_id, comment, photos, price_cents + n, min_price_cents, product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order
       FROM listings, generate_series(1, 40) AS n WHERE id = $1`,
      [source.id],
    );
    const body = (await ctx.app.inject(`/api/products/${source.product_id}?variant=${source.variant_id}&id_brand=1`)).json<ProductResponse>();
    const total = await count(`SELECT count(*)::int AS n FROM listings WHERE variant_id = $1 AND status = 'active'`, [source.variant_id]);
    expect(body.variant.listings_count).toBe(total);
    expect(body.listings.filter((listing) => listing.O2Child === source.size)).toHaveLength(12);
    const sizes = await ctx.db.query<{ size: string }>(`SELECT DISTINCT size FROM listings WHERE variant_id = $1 AND status = 'active'`, [source.variant_id]);
    expect(body.sizes.sort()).toEqual(sizes.rows.map((row) => row.size).sort());
    // A link to a dearer piece of that size (a bag line's, a seller's card's) still finds it, once.
    const dearest = await ctx.db.query<{ id: number }>(
      `SELECT id FROM listings WHERE variant_id = $1 AND size = $2 AND status = 'active' ORDER BY price_cents DESC, id DESC LIMIT 1`,
      [source.variant_id, source.size],
    );
    const linked = (await ctx.app.inject(`/api/products/${source.product_id}?variant=${source.variant_id}&listing=${dearest.rows[0]!.id}&id_brand=1`)).json<ProductResponse>();
    const ofSize = linked.listings.filter((listing) => listing.O2Child === source.size);
    expect(ofSize).toHaveLength(13);
    expect(ofSize.at(-1)!.listing_id).toBe(dearest.rows[0]!.id);
    const cheapest = body.listings.find((listing) => listing.O2Child === source.size)!.listing_id;
    const again = (await ctx.app.inject(`/api/products/${source.product_id}?variant=${source.variant_id}&listing=${cheapest}&id_brand=1`)).json<ProductResponse>();
    expect(again.listings.filter((listing) => listing.O2Child === source.size)).toHaveLength(12);
    expect((await ctx.app.inject(`/api/products/${source.product_id}?listing=abc&id_brand=1`)).statusCode).toBe(422);
  });
});

describe('GET /api/vendors/{id}', () => {
  it('gives the seller’s first name, member-since date and active listings only', async () => {
    const { rows } = await ctx.db.query<{ id: number }>('SELECT sample_customer_id AS id FROM brands WHERE id = 1');
    const sellerId = rows[0]!.id;
    const { rows: listing } = await ctx.db.query<{ id: number }>(`SELECT id FROM listings WHERE seller_id = $1 AND status = 'active' LIMIT 1`, [sellerId]);
    await ctx.db.query(`UPDATE listings SET status = 'sold', sold_at = now() WHERE id = $1`, [listing[0]!.id]);
    const response = await ctx.app.inject(`/api/vendors/${sellerId}?id_brand=1`);
    expect(response.statusCode).toBe(200);
    const body = response.json<VendorResponse>();
    expect(body).toMatchObject({ CustomerID: sellerId, FirstName: 'Marta', verified: true, member_since: expect.any(String) });
    expect(body.listings.length).toBe(await count(`SELECT count(*)::int AS n FROM listings WHERE seller_id = $1 AND status = 'active'`, [sellerId]));
    expect(body.listings.some((item) => item.listing_id === listing[0]!.id)).toBe(false);
    expect((await ctx.app.inject('/api/vendors/999999?id_brand=1')).statusCode).toBe(404);
    expect((await ctx.app.inject('/api/vendors/abc?id_brand=1')).statusCode).toBe(422);
  });
});

describe('generated photos', () => {
  it('are served as images with a year-long immutable cache', async () => {
    const body = await listings('limit=1');
    const response = await ctx.app.inject(body.products_listings[0]!.photo);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
  });

  it('give each demo listing photos of its own: its angle, framing and the wear of its condition, the same on every request', async () => {
    const { rows } = await ctx.db.query<{ id: number; condition_id: number; photos: string[] }>(
      `SELECT id, condition_id, photos FROM listings WHERE status = 'active' ORDER BY id LIMIT 40`,
    );
    const all = rows.flatMap((row) => row.photos);
    expect(new Set(all).size).toBe(all.length);
    for (const row of rows) {
      row.photos.forEach((photo, index) => expect(photo).toMatch(new RegExp(`/${index + 1}-${row.id}-c${row.condition_id}\\.svg$`)));
    }
    const svg = async (url: string) => {
      const response = await ctx.app.inject(url);
      expect([url, response.statusCode]).toEqual([url, 200]);
      return response.body;
    };
    const [a, b] = rows.filter((row) => row.photos[0]!.split('/').slice(0, -1).join('/') === rows[0]!.photos[0]!.split('/').slice(0, -1).join('/'));
    const first = await svg(a!.photos[0]!);
    expect(await svg(a!.photos[0]!)).toBe(first);
    if (b) expect(await svg(b.photos[0]!)).not.toBe(first);
    // A worn piece shows marks of wear; a new one with tags shows its tag.
    const marks = (body: string) => (body.match(/<(circle|ellipse) [^>]*opacity/g) ?? []).length;
    const worn = rows.find((row) => row.condition_id === 5);
    if (worn) expect(marks(await svg(worn.photos[0]!))).toBeGreaterThan(1);
    const fresh = rows.find((row) => row.condition_id === 1);
    if (fresh) expect(await svg(fresh.photos[0]!)).toContain('<rect x="226" y="148"');
    for (const bad of ['5.svg', '1-abc-c1.svg', '1-1-c9.svg', '1-1.svg']) {
      expect((await ctx.app.inject(`/api/assets/photos/dress/black/${bad}`)).statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});
