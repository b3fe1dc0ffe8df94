import { PaymentResult } from '@preloved/contract';
import { testPaymentProvider } from '../payments/test-provider';
import { mailedTestApp, type MailedTestApp } from '../../test/app';
import { ADDRESS, inject, key, listings, payment, quotedTotal, shopper } from '../../test/checkout';
import { nextTrackingNumber } from '../../test/wallet';
import { decodedBody, subjectOf } from '../../../../../tools/test-support/smtp';

// An address with a control character is refused naming its field; every other
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

  it('a label resend that cannot be drawn is a 503 the seller sees at once, and is not sent later by the outbox', async () => {
    const { response, pieces } = await twoSellerOrder(ADDRESS);
    const order = PaymentResult.parse(response.json());
    const { rows } = await ctx.db.query<{ id: number; seller_id: number }>('SELECT id, seller_id FROM order_packages WHERE order_id = $1 ORDER BY id LIMIT 1', [order.order_id]);
    const sale = rows[0]!;
    const token = await ctx.app.sessions.open(pieces.find((piece) => piece.seller_id === sale.seller_id)!.seller_id);
    await ctx.db.query(`UPDATE orders SET delivery_address = delivery_address - 'address' WHERE id = $1`, [order.order_id]);
    const failed = await inject(ctx.app, 'POST', `sales/${sale.id}/label`, { token });
    expect([failed.statusCode, failed.json().code]).toEqual([503, 'mail_unavailable']);
    // Even once the label could be drawn, the job's sweep does not send it: the row is given up, its error kept.
    await ctx.db.query(`UPDATE orders SET delivery_address = delivery_address || '{"address": "Rua Augusta 10"}'::jsonb WHERE id = $1`, [order.order_id]);
    const resend = "SELECT sent_at IS NOT NULL AS sent, last_error IS NOT NULL AS has_error FROM mail_outbox WHERE kind = 'label-resend' AND (data->>'packageId')::int = $1";
    await ctx.db.query("UPDATE mail_outbox SET claimed_until = NULL WHERE kind = 'label-resend'");
    await ctx.app.mailOutbox.sendDue();
    expect((await ctx.db.query(resend, [sale.id])).rows).toEqual([{ sent: false, has_error: true }]);
  });
});

describe('the buyer’s mail when a package ships', () => {
  /** Two pieces of `first`'s and one of another seller's, bought by a guest in `language`. */
  async function guestOrder(language: 'en' | 'pt') {
    const [first, other] = [await shopper(ctx.app), await shopper(ctx.app)];
    const pieces = await listings(ctx.db, 3, { skip: 90 + Math.floor(Math.random() * 40) });
    const sellers = [first.id, first.id, other.id];
    for (const [index, piece] of pieces.entries()) await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [sellers[index], piece.id]);
    const cart = pieces.map((piece) => piece.id);
    const email = `guest-shipped-${language}-${Date.now()}@example.com`;
    const total = await quotedTotal(ctx.app, { delivery_option: 'home', cart });
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/payment',
      headers: { 'idempotency-key': key(), 'accept-language': language },
      payload: { ...payment(total, { cart, email }), address: ADDRESS },
    });
    expect(paid.statusCode).toBe(200);
    const order = PaymentResult.parse(paid.json());
    const pkg = async (sellerId: number) =>
      (await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1 AND seller_id = $2', [order.order_id, sellerId])).rows[0]!.id;
    const titles = async (ids: number[]) => (await ctx.db.query<{ title: string }>('SELECT title FROM order_lines WHERE listing_id = ANY($1::int[]) ORDER BY id', [ids])).rows.map((row) => row.title);
    return { first, other, email, order, firstPkg: await pkg(first.id), firstTitles: await titles(cart.slice(0, 2)), otherTitles: await titles(cart.slice(2)) };
  }

  it('a guest gets one mail per package, naming its seller and only its pieces, with the carrier, tracking number and link; a corrected number sends nothing', async () => {
    const { first, email, order, firstPkg, firstTitles, otherTitles } = await guestOrder('en');
    const before = smtp.received.length;
    const tracking = nextTrackingNumber();
    const shipped = await inject(ctx.app, 'POST', `sales/${firstPkg}/shipped`, { token: first.token, body: { tracking_number: tracking } });
    expect(shipped.statusCode).toBe(200);
    const mail = await smtp.mailTo(email, before, new RegExp(`Part of your order ${order.order_number} is on its way`));
    const body = decodedBody(mail.raw);
    expect(body).toContain(`has shipped their package of your order ${order.order_number}:`);
    for (const title of firstTitles) expect(body).toContain(title);
    // Only this package's two pieces (another seller's piece may share a product's title).
    expect(body.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(2);
    for (const title of otherTitles.filter((other) => !firstTitles.includes(other))) expect(body).not.toContain(title);
    expect(body).toContain(`Carrier: CTT. Tracking number: ${tracking}.`);
    expect(body).toContain(`objects=${tracking}`);
    expect(body).toContain('you get a mail for each');
    // The same package again with a corrected number: no second shipping mail (the order's confirmation may still arrive late).
    const after = smtp.received.length;
    expect((await inject(ctx.app, 'POST', `sales/${firstPkg}/shipped`, { token: first.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(200);
    await ctx.app.mailOutbox.sendDue();
    const shippingMails = smtp.received.slice(after).filter((received) => received.to.includes(email) && subjectOf(received.raw).includes('is on its way'));
    expect(shippingMails).toEqual([]);
  });

  it('is in the order’s language: Portuguese for an order placed in Portuguese', async () => {
    const { first, email, order, firstPkg } = await guestOrder('pt');
    const before = smtp.received.length;
    const tracking = nextTrackingNumber();
    expect((await inject(ctx.app, 'POST', `sales/${firstPkg}/shipped`, { token: first.token, body: { tracking_number: tracking } })).statusCode).toBe(200);
    const mail = await smtp.mailTo(email, before, /enviou a sua embalagem/);
    const body = decodedBody(mail.raw);
    expect(body).toContain(`enviou a sua embalagem da encomenda ${order.order_number}:`);
    expect(body).toContain(`Transportadora: CTT. Número de seguimento: ${tracking}.`);
    expect(body).toContain('lang=pt');
  });
});
