import { PaymentResult } from '@preloved/contract';
import { testPaymentProvider } from '../../plugins/app/payments/test-provider';
import { mailedTestApp, type MailedTestApp } from '../../test/app';
import { ADDRESS, inject, key, listings, payment, quotedTotal, shopper } from '../../test/checkout';
import { decodedBody } from '../../../../../tools/test-support/smtp';

// Issue 24 item 6: an address with a control character is refused naming its field; every other
// character reaches the label; a label that cannot be drawn never keeps a seller's sale mail back.

let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ LABELS_MAX_PER_SALE_PER_HOUR: '3' }, { paymentProvider: testPaymentProvider() }, (store) => ({ ctx, smtp } = store));

const sellerEmail = async (id: number) => (await ctx.db.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [id])).rows[0]!.email;

/** A guest's paid order of one piece from each of two sellers, delivered to `address`. */
async function twoSellerOrder(address: Record<string, string>) {
  const pieces = await listings(ctx.db, 2, { distinctSellers: true });
  const cart = pieces.map((piece) => piece.id);
  const total = await quotedTotal(ctx.app, { delivery_option: 'home', cart });
  const response = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: { ...payment(total, { cart, email: 'guest-labels@example.com' }), address } });
  return { response, pieces };
}

describe('addresses and labels', () => {
  it.each([
    ['address', 'Rua Augusta\u0085 10'],
    ['city', 'Lis\u009fboa'],
    ['last_name', 'Silva\u202e'],
    ['address2', 'Apt\u0007 2'],
  ])('a control character in %s is a 422 naming that field, at checkout and in the address book', async (field, value) => {
    const { response } = await twoSellerOrder({ ...ADDRESS, [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual([{ field: `address.${field}`, key: 'invalid_characters' }]);
    const customer = await shopper(ctx.app);
    const saved = await inject(ctx.app, 'POST', 'customers/addresses', { token: customer.token, body: { ...ADDRESS, [field]: value } });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().fields).toEqual([{ field, key: 'invalid_characters' }]);
  });

  it('any script reaches the label: both sellers get their sale mail with a label', async () => {
    const before = smtp.received.length;
    const { response, pieces } = await twoSellerOrder({ ...ADDRESS, first_name: 'Ελένη', last_name: 'Иванова', address: 'ul. Piotrkowska 1, Łódź', city: 'Zoë Ørsted' });
    expect(response.statusCode).toBe(200);
    for (const piece of pieces) {
      const mail = await smtp.mailTo(await sellerEmail(piece.seller_id), before, /Please ship the package by/);
      expect(mail.raw).toContain('application/pdf');
    }
  });

  it("a label that cannot be drawn leaves that seller's mail without it, and every seller is still told", async () => {
    const placed = smtp.received.length;
    const { response, pieces } = await twoSellerOrder(ADDRESS);
    const order = PaymentResult.parse(response.json());
    // The order's own sale mails leave first (in the background), so they are not mistaken for the ones below.
    for (const piece of pieces) await smtp.mailTo(await sellerEmail(piece.seller_id), placed, /Please ship the package by/);
    // Stored data a label cannot be drawn from (an address without its street, as an older row may be).
    await ctx.db.query(`UPDATE orders SET delivery_address = delivery_address - 'address' WHERE id = $1`, [order.order_id]);
    const before = smtp.received.length;
    ctx.app.mailOutbox.sendSoon(await ctx.db.transaction((tx) => ctx.app.orderMails.queueOrderPlaced(order.order_id!, null, tx)));
    for (const piece of pieces) {
      const mail = await smtp.mailTo(await sellerEmail(piece.seller_id), before, /Please ship the package by/);
      expect(decodedBody(mail.raw)).toContain('The shipping label could not be attached');
    }
  });

  it('the label resend is limited per sale: the 4th in an hour is a 429 with Retry-After', async () => {
    const { response, pieces } = await twoSellerOrder(ADDRESS);
    const order = PaymentResult.parse(response.json());
    const { rows } = await ctx.db.query<{ id: number; seller_id: number }>('SELECT id, seller_id FROM order_packages WHERE order_id = $1 ORDER BY id LIMIT 1', [order.order_id]);
    const sale = rows[0]!;
    const seller = pieces.find((piece) => piece.seller_id === sale.seller_id)!;
    // Seeded sellers have no password: a session opened in the database signs this one in.
    const token = await ctx.app.sessions.open(seller.seller_id);
    for (let i = 0; i < 3; i++) expect((await inject(ctx.app, 'POST', `sales/${sale.id}/label`, { token })).statusCode).toBe(200);
    const refused = await inject(ctx.app, 'POST', `sales/${sale.id}/label`, { token });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });
});
