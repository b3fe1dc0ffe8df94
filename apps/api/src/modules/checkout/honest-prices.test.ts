import { Address, AddressList, CheckoutSummary, OrderList, ProductResponse, Quote, type PaymentResult } from '@preloved/contract';
import { testPaymentProvider } from '../payments/test-provider';
import { testApp } from '../../test/app';
import { ADDRESS, fillBag, inject, key, listings, payment, quotedTotal, shopper, proveEmail } from '../../test/checkout';

// Issue 26 ("Trust and honest prices") on the real app and database (PGlite; PostgreSQL with
// DATABASE_URL): the product page's all-in price, the order summary from the first step, the
// countries the store ships to, "save this address", and one claim for every guest order of an e-mail.

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({ VERIFICATION_MODE: 'hub' }, { paymentProvider: testPaymentProvider() });
});
afterAll(() => ctx?.close());

const productOf = async (listingId: number) => {
  const { rows } = await ctx.db.query<{ product_id: number; variant_id: number }>(
    'SELECT product_id, variant_id FROM listings WHERE id = $1',
    [listingId],
  );
  const { product_id, variant_id } = rows[0]!;
  const response = await inject(ctx.app, 'GET', `products/${product_id}?variant=${variant_id}&listing=${listingId}&id_brand=1`);
  expect(response.statusCode).toBe(200);
  return ProductResponse.parse(response.json());
};

describe('all-in prices upfront', () => {
  it("a product page's price incl. Buyer Protection is the one-piece checkout total before delivery", async () => {
    const pieces = await listings(ctx.db, 3, { distinctSellers: true });
    for (const piece of pieces) {
      const offer = (await productOf(piece.id)).listings.find((listing) => listing.listing_id === piece.id)!;
      const quote = Quote.parse((await inject(ctx.app, 'POST', 'checkout/quote', { body: { delivery_option: 'home', cart: [piece.id] } })).json());
      const cents = (euros: number) => Math.round(euros * 100);
      expect(cents(offer.buyer_price!)).toBe(cents(quote.subtotal) + cents(quote.fees.processing) + cents(quote.fees.verification ?? 0));
      expect(cents(offer.buyer_price!) - cents(offer.price)).toBe(cents(offer.buyer_protection!));
      // With the default fees: €0.70 + 5 % processing and €1.50 verification on top of the piece.
      expect(cents(offer.buyer_protection!)).toBe(70 + Math.round(piece.price_cents * 0.05) + 150);
    }
  });

  it('the summary shows every fee line before a delivery option is chosen, each option its price, and then the total the payment takes', async () => {
    const pieces = await listings(ctx.db, 2, { distinctSellers: true, skip: 3 });
    const cart = pieces.map((piece) => piece.id);
    const before = CheckoutSummary.parse((await inject(ctx.app, 'POST', 'checkout/summary', { body: { cart } })).json());
    expect(before.delivery_option).toBeNull();
    expect(before.total).toBeNull();
    expect(before.packages).toBe(2);
    const home = Quote.parse((await inject(ctx.app, 'POST', 'checkout/quote', { body: { delivery_option: 'home', cart } })).json());
    expect(before.subtotal).toBe(home.subtotal);
    expect(before.fees).toEqual({ ...home.fees, delivery: 0 });
    expect(before.before_delivery).toBe(Math.round((home.subtotal + home.fees.processing + (home.fees.verification ?? 0)) * 100) / 100);
    expect(before.delivery_prices.home).toBe(Math.round((home.fees.shipping + home.fees.delivery) * 100) / 100);
    expect(Math.round((before.before_delivery + before.delivery_prices.home) * 100)).toBe(Math.round(home.total * 100));

    const chosen = CheckoutSummary.parse((await inject(ctx.app, 'POST', 'checkout/summary', { body: { cart, delivery_option: 'home' } })).json());
    expect(chosen.total).toBe(home.total);
    expect(chosen.fees).toEqual(home.fees);
    // The total it shows is the one the payment accepts.
    const paid = await inject(ctx.app, 'POST', 'checkout/payment', {
      idempotencyKey: key(),
      body: payment(chosen.total!, { cart, email: `summary-${Date.now()}@example.com` }),
    });
    expect(paid.statusCode).toBe(200);
  });

  it('the summary leaves out pieces that can no longer be bought and refuses a bag with none', async () => {
    const buyer = await shopper(ctx.app);
    const [kept, sold] = await listings(ctx.db, 2, { skip: 8 });
    await fillBag(ctx.db, buyer.id, [kept!.id, sold!.id]);
    await ctx.db.query("UPDATE listings SET status = 'sold' WHERE id = $1", [sold!.id]);
    const summary = CheckoutSummary.parse((await inject(ctx.app, 'POST', 'checkout/summary', { token: buyer.token, body: {} })).json());
    expect(Math.round(summary.subtotal * 100)).toBe(kept!.price_cents);
    await ctx.db.query("UPDATE listings SET status = 'archived' WHERE id = $1", [kept!.id]);
    const empty = await inject(ctx.app, 'POST', 'checkout/summary', { token: buyer.token, body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields).toEqual([{ field: 'cart', key: 'empty_bag' }]);
  });
});

describe('checkout once', () => {
  it('refuses a country the store does not ship to, in the address book and at payment (422), and takes one it does', async () => {
    const buyer = await shopper(ctx.app);
    for (const country of ['Po', 'FR', 'Portugal']) {
      const refused = await inject(ctx.app, 'POST', 'customers/addresses', { token: buyer.token, body: { ...ADDRESS, country } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().fields).toEqual([{ field: 'country', key: 'invalid_country' }]);
    }
    // A postcode is its country's: Portugal's 1000-001 is no Spanish one, and "12" is nobody's.
    for (const [zip, country, key] of [['1100-053', 'es', 'invalid_zip_es'], ['12', 'PT', 'invalid_zip_pt'], ['28001', 'PT', 'invalid_zip_pt']]) {
      const wrong = await inject(ctx.app, 'POST', 'customers/addresses', { token: buyer.token, body: { ...ADDRESS, zip_code: zip, city: 'Madrid', country } });
      expect([zip, wrong.statusCode, wrong.json().fields]).toEqual([zip, 422, [{ field: 'zip_code', key }]]);
    }
    const spain = await inject(ctx.app, 'POST', 'customers/addresses', { token: buyer.token, body: { ...ADDRESS, zip_code: '28001', city: 'Madrid', country: 'es' } });
    expect(spain.statusCode).toBe(201);
    expect(Address.parse(spain.json()).country).toBe('ES');

    const [piece] = await listings(ctx.db, 1, { skip: 12 });
    const body = { delivery_option: 'home', cart: [piece!.id], email: `abroad-${Date.now()}@example.com` };
    const total = await quotedTotal(ctx.app, body);
    const abroad = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: payment(total, { ...body, address: { ...ADDRESS, country: 'DE' } }) });
    expect(abroad.statusCode).toBe(422);
    expect(abroad.json().fields).toEqual([{ field: 'address.country', key: 'invalid_country' }]);
  });

  it('keeps a new address in the account only when the shopper asks', async () => {
    const buyer = await shopper(ctx.app);
    const book = async () => AddressList.parse((await inject(ctx.app, 'GET', 'customers/addresses', { token: buyer.token })).json()).addresses;
    const [first, second] = await listings(ctx.db, 2, { skip: 14, notSeller: buyer.id });
    await fillBag(ctx.db, buyer.id, [first!.id]);
    let total = await quotedTotal(ctx.app, { delivery_option: 'home' }, buyer.token);
    const once = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total, { address: { ...ADDRESS, city: 'Porto' } }) });
    expect(once.statusCode).toBe(200);
    expect(await book()).toEqual([]);

    await fillBag(ctx.db, buyer.id, [second!.id]);
    total = await quotedTotal(ctx.app, { delivery_option: 'home' }, buyer.token);
    const kept = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total, { save_address: true }) });
    expect(kept.statusCode).toBe(200);
    expect(await book()).toEqual([expect.objectContaining({ address: ADDRESS.address, city: ADDRESS.city, country: 'PT' })]);
  });

  it("a guest order's payment token brings that order alone into a verified account; every other guest order of the e-mail needs a code mailed to it, and nobody else's comes", async () => {
    const email = `twice-${Date.now()}@example.com`;
    const other = `other-${Date.now()}@example.com`;
    const pieces = await listings(ctx.db, 3, { skip: 20 });
    const guestOrder = async (listingId: number, address: string): Promise<PaymentResult> => {
      const body = { delivery_option: 'home', cart: [listingId], email: address };
      const answer = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: payment(await quotedTotal(ctx.app, body), body) });
      expect(answer.statusCode).toBe(200);
      return answer.json<PaymentResult>();
    };
    const first = await guestOrder(pieces[0]!.id, email);
    const second = await guestOrder(pieces[1]!.id, email.toUpperCase());
    const stranger = await guestOrder(pieces[2]!.id, other);

    const owner = await shopper(ctx.app, email);
    await proveEmail(ctx.db, owner.id);
    const claimed = await inject(ctx.app, 'POST', 'orders/claim', { token: owner.token, body: { claim_token: second.claim_token } });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ number: second.order_number });
    const mine = OrderList.parse((await inject(ctx.app, 'GET', 'orders', { token: owner.token })).json()).orders.map((order) => order.number);
    expect(mine).toEqual([second.order_number]);
    // The first order's token still claims it, once; the stranger's order stays theirs to claim.
    expect((await inject(ctx.app, 'POST', 'orders/claim', { token: owner.token, body: { claim_token: first.claim_token } })).statusCode).toBe(200);
    expect((await inject(ctx.app, 'POST', 'orders/claim', { token: owner.token, body: { claim_token: first.claim_token } })).statusCode).toBe(404);
    expect((await inject(ctx.app, 'POST', 'orders/claim', { token: owner.token, body: { claim_token: stranger.claim_token } })).statusCode).toBe(404);
    const after = OrderList.parse((await inject(ctx.app, 'GET', 'orders', { token: owner.token })).json()).orders.map((order) => order.number);
    expect(after.sort()).toEqual([first.order_number, second.order_number].sort());
  });
});
