import { bagBundles, BagLines, BundleSettings, OrderDetail, PaymentResult, ProductResponse, Quote, Sale, VendorResponse, Wallet } from '@preloved/contract';
import { auditLedger, formatAudit } from '../wallet/ledger-audit';
import { testPaymentProvider } from '../payments/test-provider';
import { testApp, testClock } from '../../test/app';
import { fillBag, inject, key, listings, payment, shopper } from '../../test/checkout';

// Bundles on the real app and database (PGlite, or PostgreSQL with DATABASE_URL):
// one seller's pieces are one package with one shipping fee; the seller's bundle discount, chosen
// within bounds, is one line per package on the quote, paid by the seller (their deposit is the
// pieces less it), and the ledger audit holds through orders and cancellations.

const clock = testClock();
const provider = testPaymentProvider();
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({}, { clock, paymentProvider: provider });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const SHIPPING = 390;
let skip = 0;
/** `count` listings given to the seller at these prices (cents). */
async function pieces(sellerId: number, prices: number[]) {
  const rows = await listings(ctx.db, prices.length, { skip: 60 + skip });
  skip += prices.length;
  for (const [index, row] of rows.entries()) await ctx.db.query('UPDATE listings SET seller_id = $1, price_cents = $2 WHERE id = $3', [sellerId, prices[index], row.id]);
  return rows.map((row) => row.id);
}
const setTiers = (token: string, tiers: unknown) => inject(ctx.app, 'PUT', 'seller/bundle', { token, body: { tiers } });
const quote = async (token: string) => {
  const response = await inject(ctx.app, 'POST', 'checkout/quote', { token, body: { delivery_option: 'home' } });
  expect(response.statusCode).toBe(200);
  return Quote.parse(response.json());
};
const pay = async (token: string, total: number) => inject(ctx.app, 'POST', 'checkout/payment', { token, idempotencyKey: key(), body: payment(total) });
const wallet = async (token: string) => Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token })).json());
const audit = async () => {
  const report = await auditLedger(ctx.db, ctx.config, ctx.app.carriers, clock.now());
  if (!report.ok) throw new Error(formatAudit(report, 'test'));
};

describe("the seller's bundle discount", () => {
  it('starts empty with its bounds; the seller sets up to 3 tiers, more pieces more off, and sees them sorted', async () => {
    const seller = await shopper(ctx.app);
    expect(BundleSettings.parse((await inject(ctx.app, 'GET', 'seller/bundle', { token: seller.token })).json())).toEqual({
      tiers: [],
      bounds: { min_pieces: 2, max_pieces: 10, max_percent: 30, max_tiers: 3 },
    });
    const saved = await setTiers(seller.token, [{ min_pieces: 5, percent_off: 15 }, { min_pieces: 2, percent_off: 5 }, { min_pieces: 3, percent_off: 10 }]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().tiers).toEqual([{ min_pieces: 2, percent_off: 5 }, { min_pieces: 3, percent_off: 10 }, { min_pieces: 5, percent_off: 15 }]);
    expect((await setTiers(seller.token, [])).json().tiers).toEqual([]);
    expect((await inject(ctx.app, 'GET', 'seller/bundle')).statusCode).toBe(401);
  });

  it('refuses a discount out of bounds with a 422, the field and a stable code, and keeps the tiers it had', async () => {
    const seller = await shopper(ctx.app);
    await setTiers(seller.token, [{ min_pieces: 2, percent_off: 10 }]);
    const refused: [unknown, string, string][] = [
      [[{ min_pieces: 2, percent_off: 31 }], 'tiers.0.percent_off', 'bundle_percent_out_of_bounds'],
      [[{ min_pieces: 2, percent_off: 0 }], 'tiers.0.percent_off', 'bundle_percent_out_of_bounds'],
      [[{ min_pieces: 2, percent_off: -10 }], 'tiers.0.percent_off', 'bundle_percent_out_of_bounds'],
      [[{ min_pieces: 1, percent_off: 10 }], 'tiers.0.min_pieces', 'bundle_pieces_out_of_bounds'],
      [[{ min_pieces: 11, percent_off: 10 }], 'tiers.0.min_pieces', 'bundle_pieces_out_of_bounds'],
      [[2, 3, 4, 5].map((n) => ({ min_pieces: n, percent_off: n })), 'tiers', 'bundle_too_many_tiers'],
      [[{ min_pieces: 2, percent_off: 10 }, { min_pieces: 3, percent_off: 10 }], 'tiers', 'bundle_tiers_not_increasing'],
      [[{ min_pieces: 3, percent_off: 10 }, { min_pieces: 3, percent_off: 20 }], 'tiers', 'bundle_tiers_not_increasing'],
    ];
    for (const [tiers, field, code] of refused) {
      const response = await setTiers(seller.token, tiers);
      expect([response.statusCode, response.json().code, response.json().fields]).toEqual([422, code, [{ field, key: code }]]);
      expect(response.json().message).toEqual(expect.any(String));
    }
    for (const bad of [[{ min_pieces: 2, percent_off: 10.5 }], [{ min_pieces: '2', percent_off: 10 }], 'all', null]) {
      expect((await setTiers(seller.token, bad)).statusCode).toBe(422);
    }
    expect((await inject(ctx.app, 'GET', 'seller/bundle', { token: seller.token })).json().tiers).toEqual([{ min_pieces: 2, percent_off: 10 }]);
  });

  it("is shown with the seller's pieces on the product page and on the seller's page", async () => {
    const seller = await shopper(ctx.app);
    const [id] = await pieces(seller.id, [4000]);
    await setTiers(seller.token, [{ min_pieces: 2, percent_off: 10 }]);
    const { rows } = await ctx.db.query<{ product_id: number; variant_id: number }>('SELECT product_id, variant_id FROM listings WHERE id = $1', [id]);
    const product = ProductResponse.parse((await ctx.app.inject(`/api/products/${rows[0]!.product_id}?variant=${rows[0]!.variant_id}&listing=${id}&id_brand=1`)).json());
    expect(product.listings.find((listing) => listing.listing_id === id)?.bundle_tiers).toEqual([{ min_pieces: 2, percent_off: 10 }]);
    const vendor = VendorResponse.parse((await ctx.app.inject(`/api/vendors/${seller.id}?id_brand=1`)).json());
    expect(vendor.bundle_tiers).toEqual([{ min_pieces: 2, percent_off: 10 }]);
  });
});

describe('a bag with a bundle', () => {
  it("two pieces of one seller and one of another: two packages, two shipping fees, one bundle line for the bundle's seller", async () => {
    const [bundler, other, buyer] = [await shopper(ctx.app), await shopper(ctx.app), await shopper(ctx.app)];
    await setTiers(bundler.token, [{ min_pieces: 2, percent_off: 10 }, { min_pieces: 3, percent_off: 20 }]);
    await setTiers(other.token, [{ min_pieces: 2, percent_off: 30 }]);
    await fillBag(ctx.db, buyer.id, [...(await pieces(bundler.id, [3000, 2555])), ...(await pieces(other.id, [1000]))]);
    const priced = await quote(buyer.token);
    expect(priced.packages).toBe(2);
    expect(priced.fees.shipping).toBe((2 * SHIPPING) / 100);
    expect(priced.bundles).toEqual([{ seller_id: bundler.id, FirstName: 'Rita', pieces: 2, percent_off: 10, discount: 5.56 }]);
    expect(priced.fees.bundle_discount).toBe(5.56);
    const { processing, verification, shipping, delivery, discount, bundle_discount } = priced.fees;
    expect(priced.total).toBeCloseTo(priced.subtotal + processing + (verification ?? 0) + shipping + delivery - discount - bundle_discount, 2);
    const summary = (await inject(ctx.app, 'POST', 'checkout/summary', { token: buyer.token, body: { delivery_option: 'home' } })).json();
    expect([summary.total, summary.bundles]).toEqual([priced.total, priced.bundles]);

    // The bag's lines carry each seller's tiers, so the bag panel takes off what checkout takes off
    //: the signed-in bag and a visitor's priced bag alike.
    const bag = BagLines.parse((await inject(ctx.app, 'GET', 'cart', { token: buyer.token })).json());
    const asCheckout = priced.bundles!.map(({ seller_id, pieces, percent_off, discount }) => ({ seller_id, pieces, percent: percent_off, discount: Math.round(discount * 100) }));
    expect(bagBundles(bag)).toEqual(asCheckout);
    const visitor = BagLines.parse((await inject(ctx.app, 'POST', 'cart/price', { body: { lines: bag.map((line) => ({ listing_id: line.listing_id })) } })).json());
    expect(bagBundles(visitor)).toEqual(asCheckout);
  });

  it("an order of one seller's bundle: one package, one shipping fee, the discount on the order; the seller receives the pieces less it; the ledger holds", async () => {
    const [seller, buyer] = [await shopper(ctx.app), await shopper(ctx.app)];
    await setTiers(seller.token, [{ min_pieces: 2, percent_off: 15 }]);
    await fillBag(ctx.db, buyer.id, await pieces(seller.id, [4000, 2999]));
    const priced = await quote(buyer.token);
    expect([priced.packages, priced.fees.shipping, priced.fees.bundle_discount]).toEqual([1, SHIPPING / 100, 10.5]);
    const paid = PaymentResult.parse((await pay(buyer.token, priced.total)).json());
    const packages = await ctx.db.query('SELECT seller_id, bundle_percent, bundle_discount_cents FROM order_packages WHERE order_id = $1', [paid.order_id]);
    expect(packages.rows).toEqual([{ seller_id: seller.id, bundle_percent: 15, bundle_discount_cents: 1050 }]);
    const order = OrderDetail.parse((await inject(ctx.app, 'GET', `orders/${paid.order_id}`, { token: buyer.token })).json());
    expect(order.fees).toMatchObject({ shipping: SHIPPING / 100, bundle_discount: 10.5 });
    expect(await wallet(seller.token)).toMatchObject({ total_credit: 59.49 });
    const sales = (await inject(ctx.app, 'GET', 'sales', { token: seller.token })).json<{ sales: Sale[] }>().sales;
    expect(sales[0]).toMatchObject({ amount: 59.49, bundle_discount: 10.5, bundle_percent: 15 });
    await audit();
  });

  it('a tier changed after the quote: the payment at the old total is refused (409), nothing is charged', async () => {
    const [seller, buyer] = [await shopper(ctx.app), await shopper(ctx.app)];
    await setTiers(seller.token, [{ min_pieces: 2, percent_off: 30 }]);
    await fillBag(ctx.db, buyer.id, await pieces(seller.id, [5000, 5000]));
    const priced = await quote(buyer.token);
    await setTiers(seller.token, [{ min_pieces: 2, percent_off: 5 }]);
    const response = await pay(buyer.token, priced.total);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('total_changed');
    expect((await ctx.db.query('SELECT 1 FROM order_packages WHERE seller_id = $1', [seller.id])).rows).toHaveLength(0);
  });
});

describe('cancelling or refunding part of a bundle', () => {
  // A bundle is one package, and money goes back by order: a cancellation or a problem's refund
  // gives back the whole total the buyer paid (the discount was never paid) and takes back the
  // seller's whole deposit (the pieces less the discount). A seller whose package is one of several
  // cannot cancel it alone (409 other_sellers); no call cancels one piece of a package.
  it("the buyer cancels a bundle: the discounted total refunded, the seller's discounted credit taken back, the ledger holds", async () => {
    const [seller, buyer] = [await shopper(ctx.app), await shopper(ctx.app)];
    await setTiers(seller.token, [{ min_pieces: 2, percent_off: 20 }]);
    await fillBag(ctx.db, buyer.id, await pieces(seller.id, [3000, 3000]));
    const priced = await quote(buyer.token);
    const paid = PaymentResult.parse((await pay(buyer.token, priced.total)).json());
    expect(await wallet(seller.token)).toMatchObject({ total_credit: 48 });
    const cancelled = await inject(ctx.app, 'POST', `orders/${paid.order_id}/cancel`, { token: buyer.token });
    expect([cancelled.statusCode, cancelled.json().refunded]).toEqual([200, priced.total]);
    expect(await wallet(seller.token)).toMatchObject({ total_credit: 0, pending: 0 });
    await audit();
  });

  it("the bundle's seller cannot cancel their package of an order with another seller's", async () => {
    const [seller, other, buyer] = [await shopper(ctx.app), await shopper(ctx.app), await shopper(ctx.app)];
    await setTiers(seller.token, [{ min_pieces: 2, percent_off: 10 }]);
    await fillBag(ctx.db, buyer.id, [...(await pieces(seller.id, [2000, 2000])), ...(await pieces(other.id, [1500]))]);
    const paid = PaymentResult.parse((await pay(buyer.token, (await quote(buyer.token)).total)).json());
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1 AND seller_id = $2', [paid.order_id, seller.id]);
    const response = await inject(ctx.app, 'POST', `sales/${rows[0]!.id}/cancel`, { token: seller.token });
    expect(response.statusCode).toBe(409);
    expect(await wallet(seller.token)).toMatchObject({ total_credit: 36 });
    await audit();
  });
});
