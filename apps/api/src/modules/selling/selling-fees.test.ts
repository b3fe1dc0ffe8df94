import { ProductResponse, Quote, SellingTerms, sellingAmounts } from '@preloved/contract';
import { testApp } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';

// A seller's "buyer pays" and the product page's all-in price are the checkout's own fee lines: with a
// price on delivery to a pickup point (free by default) they used to leave it out.

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({ FEE_DELIVERY_PICKUP_CENTS: '199' });
});
afterAll(() => ctx?.close());

const cents = (euros: number) => Math.round(euros * 100);

it("a seller's 'buyer pays' is the one-piece checkout total to a pickup point, when that delivery has a price", async () => {
  const seller = await shopper(ctx.app);
  const terms = SellingTerms.parse((await inject(ctx.app, 'GET', 'seller/terms', { token: seller.token })).json());
  for (const piece of await listings(ctx.db, 3, { distinctSellers: true })) {
    const quote = Quote.parse((await inject(ctx.app, 'POST', 'checkout/quote', { body: { delivery_option: 'pickup', pickup_point_id: 1, cart: [piece.id] } })).json());
    expect(quote.fees.delivery).toBe(1.99);
    expect(sellingAmounts(piece.price_cents, terms.fees).buyerPaysCents).toBe(cents(quote.total));
  }
});

it("a product page's Buyer Protection stays the one-piece processing and verification", async () => {
  const [piece] = await listings(ctx.db, 1);
  const { rows } = await ctx.db.query<{ product_id: number; variant_id: number }>('SELECT product_id, variant_id FROM listings WHERE id = $1', [piece!.id]);
  const product = ProductResponse.parse((await inject(ctx.app, 'GET', `products/${rows[0]!.product_id}?variant=${rows[0]!.variant_id}&listing=${piece!.id}&id_brand=1`)).json());
  const offer = product.listings.find((listing) => listing.listing_id === piece!.id)!;
  const quote = Quote.parse((await inject(ctx.app, 'POST', 'checkout/quote', { body: { delivery_option: 'pickup', pickup_point_id: 1, cart: [piece!.id] } })).json());
  expect(cents(offer.buyer_protection!)).toBe(cents(quote.fees.processing) + cents(quote.fees.verification ?? 0));
  expect(product.delivery?.pickup_point).toBe(1.99);
});
