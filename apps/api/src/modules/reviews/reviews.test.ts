import { ProductResponse, SellerReview, SellerReviews, VendorResponse } from '@preloved/contract';
import { auditLedger } from '../wallet/ledger-audit';
import { seed } from '../../db/seed';
import { testApp } from '../../test/app';
import { inject, shopper } from '../../test/checkout';
import { deliver, sale } from '../../test/wallet';

// A seller's reputation — the rating on the catalogue's reads, the reviews list with
// paging, and the seller's one answer to each review.

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(async () => {
  await ctx?.close();
});

type Seller = Awaited<ReturnType<typeof shopper>>;

/** A delivered sale of `seller`'s, rated by its buyer. */
async function reviewedSale(seller: Seller, rating: number, comment = '') {
  const s = await sale(ctx.app, ctx.db, { seller });
  await deliver(ctx.app, s);
  const reviewed = await inject(ctx.app, 'POST', `orders/${s.orderId}/review`, { token: s.buyer.token, body: { rating, comment } });
  if (reviewed.statusCode !== 200) throw new Error(`review failed: ${reviewed.body}`);
  return s;
}

const reviewsOf = async (sellerId: number, query = '') => inject(ctx.app, 'GET', `vendors/${sellerId}/reviews?id_brand=1${query}`);

describe("a seller's rating", () => {
  it('is the mean of their reviews rounded half up to one decimal, on the seller page and beside each of their listings', async () => {
    const seller = await shopper(ctx.app);
    // 5, 5, 4, 5, 4, 5 → 28 / 6 = 4.666… → 4.7
    for (const rating of [5, 5, 4, 5, 4, 5]) await reviewedSale(seller, rating);
    // A listing still for sale, so the seller's rating shows on a product page.
    const { rows } = await ctx.db.query<{ id: number; product_id: number; variant_id: number }>(
      `UPDATE listings SET seller_id = $1 WHERE id = (SELECT id FROM listings WHERE status = 'active' AND NOT EXISTS (SELECT 1 FROM bag_lines b WHERE b.listing_id = listings.id) ORDER BY id DESC LIMIT 1)
       RETURNING id, product_id, variant_id`,
      [seller.id],
    );
    const listing = rows[0]!;

    const vendor = VendorResponse.parse((await inject(ctx.app, 'GET', `vendors/${seller.id}?id_brand=1`)).json());
    expect(vendor.rating).toEqual({ average: 4.7, count: 6 });
    const product = ProductResponse.parse((await inject(ctx.app, 'GET', `products/${listing.product_id}?id_brand=1&variant=${listing.variant_id}&listing=${listing.id}`)).json());
    expect(product.listings.find((offer) => offer.listing_id === listing.id)!.seller_rating).toEqual({ average: 4.7, count: 6 });
  });

  it('is absent (null, 0 reviews) for a seller nobody rated', async () => {
    const s = await sale(ctx.app, ctx.db);
    expect(VendorResponse.parse((await inject(ctx.app, 'GET', `vendors/${s.seller.id}?id_brand=1`)).json()).rating).toEqual({ average: null, count: 0 });
    expect(SellerReviews.parse((await reviewsOf(s.seller.id)).json())).toMatchObject({ rating: { average: null, count: 0 }, reviews: [] });
  });
});

describe("a seller's reviews", () => {
  it('are listed newest first with stars, words (or none), date and piece, a page at a time', async () => {
    const seller = await shopper(ctx.app);
    const first = await reviewedSale(seller, 3, 'Took a while to ship.');
    await reviewedSale(seller, 5);
    const last = await reviewedSale(seller, 4, 'Lovely coat, as described.');

    const page1 = SellerReviews.parse((await reviewsOf(seller.id, '&limit=2')).json());
    expect(page1.rating).toEqual({ average: 4, count: 3 });
    expect(page1.reviews.map((review) => [review.id, review.rating, review.comment])).toEqual([
      [last.orderId, 4, 'Lovely coat, as described.'],
      [expect.any(Number), 5, ''],
    ]);
    expect(page1.reviews[0]!.pieces).toEqual([last.piece.title]);
    expect(Date.parse(page1.reviews[0]!.date)).not.toBeNaN();
    expect(page1.reviews[0]!.reply).toBeNull();
    const page2 = SellerReviews.parse((await reviewsOf(seller.id, '&limit=2&page=2')).json());
    expect(page2.reviews.map((review) => review.id)).toEqual([first.orderId]);
  });

  it('answer 404 for someone who never sold, and 422 for a bad page', async () => {
    const nobody = await shopper(ctx.app);
    expect((await reviewsOf(nobody.id)).statusCode).toBe(404);
    expect((await reviewsOf(2147483647)).statusCode).toBe(404);
    expect((await reviewsOf(1, '&page=0')).statusCode).toBe(422);
    expect((await reviewsOf(1, '&limit=500')).statusCode).toBe(422);
  });
});

describe("the seller's answer", () => {
  it('is written once, shows under the review, and a second one is refused with 409', async () => {
    const seller = await shopper(ctx.app);
    const s = await reviewedSale(seller, 2, 'The zip was broken.');
    const answered = await inject(ctx.app, 'POST', `reviews/${s.orderId}/reply`, { token: seller.token, body: { reply: '  Sorry! I sent you a new zip.  ' } });
    expect(answered.statusCode).toBe(200);
    expect(SellerReview.parse(answered.json()).reply).toMatchObject({ text: 'Sorry! I sent you a new zip.' });

    const again = await inject(ctx.app, 'POST', `reviews/${s.orderId}/reply`, { token: seller.token, body: { reply: 'Changed my mind.' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('review_already_answered');
    const listed = SellerReviews.parse((await reviewsOf(seller.id)).json());
    expect(listed.reviews[0]!.reply).toMatchObject({ text: 'Sorry! I sent you a new zip.' });
  });

  it("is refused on someone else's review (403), by the buyer too, on an unrated or unknown order (404), and signed out (401)", async () => {
    const seller = await shopper(ctx.app);
    const s = await reviewedSale(seller, 5, 'Perfect.');
    const other = await shopper(ctx.app);
    expect((await inject(ctx.app, 'POST', `reviews/${s.orderId}/reply`, { token: other.token, body: { reply: 'Thanks!' } })).statusCode).toBe(403);
    expect((await inject(ctx.app, 'POST', `reviews/${s.orderId}/reply`, { token: s.buyer.token, body: { reply: 'Thanks!' } })).statusCode).toBe(403);
    expect((await inject(ctx.app, 'POST', `reviews/${s.orderId}/reply`, { body: { reply: 'Thanks!' } })).statusCode).toBe(401);
    const unrated = await sale(ctx.app, ctx.db, { seller });
    expect((await inject(ctx.app, 'POST', `reviews/${unrated.orderId}/reply`, { token: seller.token, body: { reply: 'Thanks!' } })).statusCode).toBe(404);
    expect((await inject(ctx.app, 'POST', 'reviews/2147483647/reply', { token: seller.token, body: { reply: 'Thanks!' } })).statusCode).toBe(404);
    // Nothing was written by the refused attempts: the seller may still answer.
    expect((await inject(ctx.app, 'POST', `reviews/${s.orderId}/reply`, { token: seller.token, body: { reply: 'Thanks!' } })).statusCode).toBe(200);
  });

  it('must say something, in at most 500 characters (422 naming the field and its message key)', async () => {
    const seller = await shopper(ctx.app);
    const s = await reviewedSale(seller, 4);
    const reply = (body: unknown) => inject(ctx.app, 'POST', `reviews/${s.orderId}/reply`, { token: seller.token, body });
    const empty = await reply({ reply: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ fields: [{ field: 'reply', key: 'no_reply' }] });
    expect((await reply({})).json()).toMatchObject({ fields: [{ field: 'reply', key: 'no_reply' }] });
    const long = await reply({ reply: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ fields: [{ field: 'reply', key: 'comment_too_long' }] });
    expect((await reply({ reply: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it('answers one of two concurrent attempts and refuses the other', async () => {
    const seller = await shopper(ctx.app);
    const s = await reviewedSale(seller, 5);
    const answers = await Promise.all(
      ['One', 'Two'].map((reply) => inject(ctx.app, 'POST', `reviews/${s.orderId}/reply`, { token: seller.token, body: { reply } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('the demo', () => {
  const sellerId = async (email: string) => (await ctx.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [email])).rows[0]!.id;

  it('shows rated sellers to a new visitor, and its rated sales keep the ledger whole', async () => {
    const joana = SellerReviews.parse((await reviewsOf(await sellerId('joana@preloved.test'))).json());
    expect(joana.rating).toEqual({ average: 4.7, count: 3 });
    expect(joana.reviews[0]).toMatchObject({ rating: 5, comment: 'Exactly as described and beautifully packed. Thank you!', reply: { text: 'Thank you, Carla! Enjoy it.' } });
    expect(joana.reviews[0]!.pieces).toHaveLength(1);
    expect(VendorResponse.parse((await inject(ctx.app, 'GET', `vendors/${await sellerId('rui@preloved.test')}?id_brand=1`)).json()).rating).toEqual({ average: 4, count: 4 });
    // The demo seller's sales and wallet stay empty, as the README says.
    expect(VendorResponse.parse((await inject(ctx.app, 'GET', `vendors/${await sellerId('marta@preloved.test')}?id_brand=1`)).json()).rating).toEqual({ average: null, count: 0 });
    const report = await auditLedger(ctx.db, ctx.config, ctx.app.carriers, new Date());
    expect(report.mismatches).toEqual([]);
  });

  it('is seeded once: a second run adds no review', async () => {
    const count = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE reviewed_at IS NOT NULL')).rows[0]!.n;
    const before = await count();
    await seed(ctx.db, ctx.config);
    expect(await count()).toBe(before);
  });
});

describe('with the catalogue cache on', () => {
  let cached: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    cached = await testApp({ CATALOGUE_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it("a new review and a seller's answer reach the kept seller page and reviews within the version check (migration 024's triggers)", async () => {
    const seller = await shopper(cached.app);
    const s = await sale(cached.app, cached.db, { seller });
    await deliver(cached.app, s);
    const vendorRating = async () => VendorResponse.parse((await inject(cached.app, 'GET', `vendors/${seller.id}?id_brand=1`)).json()).rating;
    expect(await vendorRating()).toEqual({ average: null, count: 0 });
    // Written straight in the database, as another instance would: only the catalogue's version tells this one.
    await cached.db.query("UPDATE orders SET review_rating = 4, review_comment = 'Nice', reviewed_at = now() WHERE id = $1", [s.orderId]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await vendorRating()).toEqual({ average: 4, count: 1 });
    expect(SellerReviews.parse((await inject(cached.app, 'GET', `vendors/${seller.id}/reviews?id_brand=1`)).json()).reviews[0]!.reply).toBeNull();
    await cached.db.query("INSERT INTO review_replies (order_id, seller_id, body) VALUES ($1, $2, 'Thanks')", [s.orderId, seller.id]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(SellerReviews.parse((await inject(cached.app, 'GET', `vendors/${seller.id}/reviews?id_brand=1`)).json()).reviews[0]!.reply).toMatchObject({ text: 'Thanks' });
  });
});
