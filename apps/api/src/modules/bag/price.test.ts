import { BagLines, MAX_CART_IDS, type SellerListing, type UploadedPhoto } from '@preloved/contract';
import sharp from 'sharp';
import { testPaymentProvider } from '../payments/test-provider';
import { testApp, testClock } from '../../test/app';
import { inject, key, payment, quotedTotal, shopper } from '../../test/checkout';

// POST /api/cart/price: a bag the browser keeps (a visitor's), priced as GET cart prices the server
// bag, on the real app and database (PGlite; PostgreSQL with DATABASE_URL), with a clock the tests
// move for smart pricing and offer windows.
const HOUR = 60 * 60 * 1000;
const clock = testClock(new Date('2026-11-23T10:00:00Z'));
let ctx: Awaited<ReturnType<typeof testApp>>;
let seller: Awaited<ReturnType<typeof shopper>>;
let photos: string[];
let childId: number;

beforeAll(async () => {
  ctx = await testApp({}, { paymentProvider: testPaymentProvider(), clock });
  seller = await shopper(ctx.app);
  const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM product_children ORDER BY id LIMIT 1');
  childId = rows[0]!.id;
  photos = [];
  for (const colour of ['#aa3344', '#3344aa']) {
    const bytes = await sharp({ create: { width: 800, height: 1000, channels: 3, background: colour } }).jpeg().toBuffer();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/photos',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'image/jpeg' },
      payload: bytes,
    });
    expect(response.statusCode).toBe(201);
    photos.push(response.json<UploadedPhoto>().url);
  }
});
afterAll(() => ctx?.close());

const listingBody = (extra: Record<string, unknown> = {}) => ({
  product_child_id: childId,
  condition_id: 2,
  comment: 'Worn once.',
  photos,
  price: 100,
  min_price: 50,
  smart_pricing: false,
  ...extra,
});

/** A new listing of the test's seller, listed through the API at the clock's now. */
async function listing(extra: Record<string, unknown> = {}): Promise<SellerListing> {
  const response = await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: listingBody(extra) });
  expect(response.statusCode).toBe(201);
  return response.json<SellerListing>();
}

const price = (lines: unknown, token?: string) => inject(ctx.app, 'POST', 'cart/price', { body: { lines }, token });
async function priced(lines: { listing_id: number; offer_id?: number | null }[], token?: string): Promise<BagLines> {
  const response = await price(lines, token);
  expect(response.statusCode).toBe(200);
  return BagLines.parse(response.json());
}

describe('POST /api/cart/price', () => {
  it('answers the bag lines of the ids, in the order sent, with every field GET cart has, no token needed', async () => {
    const first = await listing();
    const second = await listing({ price: 42.5, min_price: 40 });
    const lines = await priced([{ listing_id: second.id }, { listing_id: first.id, offer_id: null }]);
    expect(lines.map((line) => line.listing_id)).toEqual([second.id, first.id]);
    expect(lines[0]).toMatchObject({
      id: 0,
      offer_id: null,
      valid_listing: true,
      valid_offer: true,
      offer_expire: null,
      product_child_id: childId,
      photo: photos[0],
      CustomerID: seller.id,
      customer_name: 'Rita',
      price: 42.5,
      currency_symb_code: expect.any(String),
      wishlisted: false,
    });

    // The same listings in a signed-in bag: GET cart prices them alike (only the line ids differ).
    const buyer = await shopper(ctx.app);
    for (const id of [second.id, first.id]) expect((await inject(ctx.app, 'POST', 'cart', { token: buyer.token, body: { listing_id: id } })).statusCode).toBe(200);
    const server = BagLines.parse((await inject(ctx.app, 'GET', 'cart', { token: buyer.token })).json());
    const withoutIds = (bag: BagLines) => bag.map(({ id: _id, price_added: _added, ...rest }) => rest);
    expect(withoutIds(lines)).toEqual(withoutIds(server));
    // The server bag remembers the price each line was added at.
    expect(server.map((line) => line.price_added)).toEqual([42.5, 100]);
  });

  it('says a piece another buyer took is unavailable, at its price, and leaves it out of nothing else', async () => {
    const sold = await listing();
    const kept = await listing();
    const body = { delivery_option: 'home', cart: [sold.id] };
    const total = await quotedTotal(ctx.app, body);
    const paid = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: payment(total, { ...body, email: 'other-buyer@example.com' }) });
    expect(paid.statusCode).toBe(200);

    const lines = await priced([{ listing_id: sold.id }, { listing_id: kept.id }]);
    expect(lines.map(({ listing_id, valid_listing, valid_offer, price: euros }) => ({ listing_id, valid_listing, valid_offer, price: euros }))).toEqual([
      { listing_id: sold.id, valid_listing: false, valid_offer: true, price: 100 },
      { listing_id: kept.id, valid_listing: true, valid_offer: true, price: 100 },
    ]);
  });

  it('says an archived piece is unavailable, and available again once the seller reactivates it', async () => {
    const piece = await listing();
    const status = (value: string) => inject(ctx.app, 'PUT', `seller/listings/${piece.id}/status`, { token: seller.token, body: { status: value } });
    expect((await status('archived')).statusCode).toBe(200);
    expect((await priced([{ listing_id: piece.id }]))[0]).toMatchObject({ valid_listing: false });
    expect((await status('active')).statusCode).toBe(200);
    expect((await priced([{ listing_id: piece.id }]))[0]).toMatchObject({ valid_listing: true });
  });

  it('answers the price the seller set since, up or down', async () => {
    const piece = await listing();
    expect((await priced([{ listing_id: piece.id }]))[0]!.price).toBe(100);
    const edit = (euros: number) => inject(ctx.app, 'PUT', `seller/listings/${piece.id}`, { token: seller.token, body: listingBody({ price: euros }) });
    expect((await edit(80)).statusCode).toBe(200);
    expect((await priced([{ listing_id: piece.id }]))[0]!.price).toBe(80);
    expect((await edit(120)).statusCode).toBe(200);
    expect((await priced([{ listing_id: piece.id }]))[0]!.price).toBe(120);
  });

  it('a visitor’s answer is never older than the call: a change another instance made (straight in the database) shows at once', async () => {
    const piece = await listing();
    const first = await priced([{ listing_id: piece.id }]);
    expect(first[0]).toMatchObject({ price: 100, valid_listing: true });
    // Asked again with nothing changed: the same answer (kept per listing while the catalogue stands still).
    expect(await priced([{ listing_id: piece.id }])).toEqual(first);
    await ctx.db.query(`UPDATE listings SET price_cents = 3300 WHERE id = $1`, [piece.id]);
    expect((await priced([{ listing_id: piece.id }]))[0]).toMatchObject({ price: 33, valid_listing: true });
    await ctx.db.query(`UPDATE listings SET status = 'sold' WHERE id = $1`, [piece.id]);
    expect((await priced([{ listing_id: piece.id }]))[0]).toMatchObject({ price: 33, valid_listing: false });
  });

  it('answers the smart price after its weekly drop, as the clock passes it', async () => {
    clock.set(new Date('2026-11-23T10:00:00Z'));
    const piece = await listing({ smart_pricing: true, min_price: 75 });
    clock.set(new Date('2026-11-30T09:59:00Z'));
    expect((await priced([{ listing_id: piece.id }]))[0]!.price).toBe(100);
    clock.set(new Date('2026-11-30T10:00:00Z'));
    expect((await priced([{ listing_id: piece.id }]))[0]!.price).toBe(90);
    clock.set(new Date('2026-12-07T10:00:00Z'));
    expect((await priced([{ listing_id: piece.id }]))[0]!.price).toBe(81);
  });

  it('prices an accepted offer for its buyer until its buy window ends, then says "Offer unavailable"', async () => {
    clock.set(new Date('2026-12-20T10:00:00Z'));
    const piece = await listing();
    const buyer = await shopper(ctx.app);
    const made = await inject(ctx.app, 'POST', 'offers', { token: buyer.token, body: { listing_id: piece.id, price: 70 } });
    expect(made.statusCode).toBe(200);
    const offerId = made.json<{ id: number }>().id;
    const accepted = await inject(ctx.app, 'POST', `offers/${offerId}/accept`, { token: seller.token });
    expect(accepted.statusCode).toBe(200);
    const line = [{ listing_id: piece.id, offer_id: offerId }];

    expect((await priced(line, buyer.token))[0]).toMatchObject({
      offer_id: offerId,
      valid_listing: true,
      valid_offer: true,
      price: 70,
      offer_expire: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    // Someone else's offer (or a visitor naming one) is not theirs: the listing's price, offer unavailable.
    const stranger = await shopper(ctx.app);
    for (const token of [undefined, stranger.token]) {
      expect((await priced(line, token))[0]).toMatchObject({ valid_listing: true, valid_offer: false, price: 100, offer_expire: null });
    }

    clock.advance(24 * HOUR - 1000);
    expect((await priced(line, buyer.token))[0]).toMatchObject({ valid_offer: true });
    clock.advance(1000);
    expect((await priced(line, buyer.token))[0]).toMatchObject({ valid_listing: true, valid_offer: false });
  });

  it('leaves out unknown ids and repeats, keeps the rest in order', async () => {
    const first = await listing();
    const second = await listing();
    const lines = await priced([
      { listing_id: 2147483647 },
      { listing_id: second.id },
      { listing_id: first.id },
      { listing_id: second.id },
      { listing_id: 999_999 },
    ]);
    expect(lines.map((line) => line.listing_id)).toEqual([second.id, first.id]);
    expect(await priced([])).toEqual([]);
  });

  it(`refuses more than ${MAX_CART_IDS} lines, and lines that are not lines, with 422 naming the lines`, async () => {
    const tooMany = await price(Array.from({ length: MAX_CART_IDS + 1 }, (_, index) => ({ listing_id: index + 1 })));
    expect(tooMany.statusCode).toBe(422);
    // Still the generic code, not bag_full with its max: the schema refuses before the bag's rule.
    expect(tooMany.json()).toMatchObject({ code: 'invalid_request', fields: [{ field: 'lines' }] });
    expect((await price(Array.from({ length: MAX_CART_IDS }, (_, index) => ({ listing_id: index + 1 })))).statusCode).toBe(200);

    for (const lines of ['1,2', [1, 2], [{ listing_id: 'abc' }], [{ listing_id: -1 }], [{ listing_id: 1, offer_id: 0 }], null]) {
      const response = await price(lines);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
    }
    const noBody = await inject(ctx.app, 'POST', 'cart/price');
    expect(noBody.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBody.statusCode).toBeLessThan(500);
  });
});
