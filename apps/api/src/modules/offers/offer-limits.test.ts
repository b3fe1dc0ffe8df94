import { OfferLists } from '@preloved/contract';
import { testApp, testClock } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';

// Offers are limited per buyer and per buyer and seller in an hour (each one mails
// the seller), and the seller's received list pages and never hides a live offer.

const clock = testClock(new Date('2026-11-23T10:00:00Z'));
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({ OFFERS_MAX_PER_BUYER_PER_HOUR: '7', OFFERS_MAX_PER_SELLER_PER_HOUR: '5' }, { clock });
});
afterAll(() => ctx.close());

let skip = 0;
/** A new seller given `count` seeded listings at €100. */
async function sellerWith(count: number) {
  const seller = await shopper(ctx.app);
  const pieces = await listings(ctx.db, count, { skip: (skip += 20) });
  await ctx.db.query('UPDATE listings SET seller_id = $1, price_cents = 10000 WHERE id = ANY($2::int[])', [seller.id, pieces.map((piece) => piece.id)]);
  return { seller, listingIds: pieces.map((piece) => piece.id) };
}
const offer = (token: string, listing_id: number, language = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/offers', headers: { authorization: `Bearer ${token}`, 'accept-language': language }, payload: { listing_id, price: 80 } });

describe('offer limits', () => {
  it('5 offers an hour from one buyer to one seller, 7 in all; then 429 with Retry-After in the buyer’s language', async () => {
    const buyer = await shopper(ctx.app);
    const a = await sellerWith(6);
    const b = await sellerWith(3);
    for (const id of a.listingIds.slice(0, 5)) expect((await offer(buyer.token, id)).statusCode).toBe(200);
    const toA = await offer(buyer.token, a.listingIds[5]!, 'pt');
    expect(toA.statusCode).toBe(429);
    expect(Number(toA.headers['retry-after'])).toBeGreaterThan(3000);
    expect(toA.json().message).toMatch(/^Demasiadas tentativas/);
    // Another seller is still open to this buyer, up to the buyer's 7 an hour.
    for (const id of b.listingIds.slice(0, 2)) expect((await offer(buyer.token, id)).statusCode).toBe(200);
    expect((await offer(buyer.token, b.listingIds[2]!)).statusCode).toBe(429);
    // The seller got 5 offers from this buyer, not 6.
    const received = OfferLists.parse((await inject(ctx.app, 'GET', 'offers', { token: a.seller.token })).json());
    expect(received.received_total).toBe(5);
  });

  it('a refused offer (out of bounds) does not count', async () => {
    const buyer = await shopper(ctx.app);
    const a = await sellerWith(6);
    for (let i = 0; i < 6; i++) {
      const low = await ctx.app.inject({ method: 'POST', url: '/api/offers', headers: { authorization: `Bearer ${buyer.token}` }, payload: { listing_id: a.listingIds[0], price: 1 } });
      expect(low.statusCode).toBe(422);
    }
    expect((await offer(buyer.token, a.listingIds[0]!)).statusCode).toBe(200);
  });
});

describe("the seller's received offers", () => {
  it('page by 100, leave out withdrawn offers, and put a live offer first however many old ones there are', async () => {
    const { seller, listingIds } = await sellerWith(1);
    const honest = await shopper(ctx.app);
    expect((await offer(honest.token, listingIds[0]!)).statusCode).toBe(200);
    const flooder = await shopper(ctx.app);
    clock.advance(60_000);
    const later = clock.now();
    // 150 newer offers answered long ago, and 80 withdrawn ones (stored directly: the limits would stop them at the door).
    await ctx.db.query(
      `INSERT INTO offers (listing_id, buyer_id, seller_id, price_cents, listing_price_cents, created_at, answer_by, declined_at)
       SELECT $1, $2, $3, 8000, 10000, $4::timestamptz + make_interval(secs => n), $4::timestamptz + interval '48 hours', $4::timestamptz + make_interval(secs => n + 1)
       FROM generate_series(1, 150) AS n`,
      [listingIds[0], flooder.id, seller.id, later],
    );
    await ctx.db.query(
      `INSERT INTO offers (listing_id, buyer_id, seller_id, price_cents, listing_price_cents, created_at, answer_by, withdrawn_at)
       SELECT $1, $2, $3, 8000, 10000, $4::timestamptz + make_interval(secs => 200 + n), $4::timestamptz + interval '48 hours', $4::timestamptz + make_interval(secs => 201 + n)
       FROM generate_series(1, 80) AS n`,
      [listingIds[0], flooder.id, seller.id, later],
    );
    clock.advance(3600_000);
    const first = OfferLists.parse((await inject(ctx.app, 'GET', 'offers', { token: seller.token })).json());
    expect(first.received_total).toBe(151);
    expect(first.received).toHaveLength(100);
    expect(first.received[0]).toMatchObject({ status: 'active' });
    expect(first.received.filter((row) => row.status === 'active')).toHaveLength(1);
    const second = OfferLists.parse((await inject(ctx.app, 'GET', 'offers?page=2', { token: seller.token })).json());
    expect(second).toMatchObject({ page: 2, received_total: 151 });
    expect(second.received).toHaveLength(51);
    expect((await inject(ctx.app, 'GET', 'offers?page=0', { token: seller.token })).statusCode).toBe(422);
  });
});
