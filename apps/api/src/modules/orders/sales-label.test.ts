import { PaymentResult } from '@preloved/contract';
import { testPaymentProvider } from '../payments/test-provider';
import { mailedTestApp, type MailedTestApp } from '../../test/app';
import { ADDRESS, inject, key, listings, payment, quotedTotal, shopper } from '../../test/checkout';

// With the test carrier (the demo's), the seller downloads the label the store draws
// from the sale itself, the one the sale mail attaches; it was only mailed again.

let ctx: MailedTestApp['ctx'];
mailedTestApp({}, { paymentProvider: testPaymentProvider() }, (store) => ({ ctx } = store));

/** A guest's paid order of one piece: the sale's package id and a session of its seller. */
async function sale() {
  const [piece] = await listings(ctx.db, 1, { skip: 200 + Math.floor(Math.random() * 50) });
  const cart = [piece!.id];
  const total = await quotedTotal(ctx.app, { delivery_option: 'home', cart });
  const response = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: { ...payment(total, { cart, email: 'guest-label-download@example.com' }), address: ADDRESS } });
  expect(response.statusCode).toBe(200);
  const order = PaymentResult.parse(response.json());
  const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [order.order_id]);
  // Seeded sellers have no password: a session opened in the database signs this one in.
  return { id: rows[0]!.id, sellerId: piece!.seller_id, token: await ctx.app.sessions.open(piece!.seller_id) };
}

describe('GET /api/sales/:id/label with the test carrier', () => {
  it("answers the drawn label as a PDF to the sale's seller, in the seller's language too", async () => {
    const sold = await sale();
    const pdf = await inject(ctx.app, 'GET', `sales/${sold.id}/label`, { token: sold.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="label-.+-${sold.id}\\.pdf"$`));
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await ctx.db.query(`UPDATE customers SET language = 'pt' WHERE id = $1`, [sold.sellerId]);
    const pt = await inject(ctx.app, 'GET', `sales/${sold.id}/label`, { token: sold.token });
    expect(pt.statusCode).toBe(200);
    expect(pt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("is another seller's 404 and a signed-out 401", async () => {
    const sold = await sale();
    const stranger = await shopper(ctx.app);
    const refused = await inject(ctx.app, 'GET', `sales/${sold.id}/label`, { token: stranger.token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'sale_not_found' });
    expect((await inject(ctx.app, 'GET', `sales/${sold.id}/label`)).statusCode).toBe(401);
    expect((await inject(ctx.app, 'GET', `sales/999999999/label`, { token: sold.token })).statusCode).toBe(404);
  });
});
