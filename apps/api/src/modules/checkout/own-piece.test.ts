import { PaymentResult } from '@preloved/contract';
import { testApp } from '../../test/app';
import { fillBag, inject, key, listings, payment, quotedTotal, shopper, proveEmail } from '../../test/checkout';

// The self-purchase check looked only at the signed-in customer, so a seller could buy
// their own piece as a guest with their own e-mail, then claim the order into their account.

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

let skip = 0;
/** A seller (a new account) with a piece of theirs on sale. */
async function sellerWithPiece(email?: string) {
  const seller = await shopper(ctx.app, email);
  const [piece] = await listings(ctx.db, 1, { skip: skip++ });
  await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
  return { seller, piece: piece! };
}

it('refuses a seller who puts their own piece in their bag', async () => {
  const { seller, piece } = await sellerWithPiece();
  await fillBag(ctx.db, seller.id, [piece.id]);
  const answer = await inject(ctx.app, 'POST', 'checkout/quote', { token: seller.token, body: { delivery_option: 'home' } });
  expect(answer.statusCode).toBe(422);
  expect(answer.json().fields).toEqual([{ field: 'cart', key: 'own_listing' }]);
});

it("refuses a guest paying with the seller's e-mail, in any spelling of it", async () => {
  const stamp = Date.now();
  const { piece } = await sellerWithPiece(`marco.silva${stamp}@gmail.com`);
  const total = await quotedTotal(ctx.app, { delivery_option: 'home', cart: [piece.id] });
  for (const email of [`marco.silva${stamp}@gmail.com`, `Marco.Silva${stamp}+sale@GoogleMail.com`]) {
    const answer = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: payment(total, { cart: [piece.id], email }) });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ fields: [{ field: 'cart', key: 'own_listing' }] });
  }
  const status = await ctx.db.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [piece.id]);
  expect(status.rows[0]!.status).toBe('active');
});

it("never lets a seller claim a guest order of their own piece into their account", async () => {
  // An order as it could be made before the fix: a guest paid with another address, and the
  // piece's seller then holds the order's claim token (and registered with its e-mail).
  const email = `claimer-${Date.now()}@example.com`;
  const [piece] = await listings(ctx.db, 1, { skip: skip++ });
  const total = await quotedTotal(ctx.app, { delivery_option: 'home', cart: [piece!.id] });
  const paid = PaymentResult.parse((await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: payment(total, { cart: [piece!.id], email }) })).json());
  const seller = await shopper(ctx.app, email);
  await proveEmail(ctx.db, seller.id);
  await ctx.db.query('UPDATE order_packages SET seller_id = $1 WHERE order_id = $2', [seller.id, paid.order_id]);
  const claimed = await inject(ctx.app, 'POST', 'orders/claim', { token: seller.token, body: { claim_token: paid.claim_token } });
  expect(claimed.statusCode).toBe(404);
  const owner = await ctx.db.query<{ customer_id: number | null }>('SELECT customer_id FROM orders WHERE id = $1', [paid.order_id]);
  expect(owner.rows[0]!.customer_id).toBeNull();
});
