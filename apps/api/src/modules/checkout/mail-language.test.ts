import { PaymentResult } from '@preloved/contract';
import { testPaymentProvider } from '../payments/test-provider';
import { mailedTestApp, type MailedTestApp } from '../../test/app';
import { ADDRESS, fillBag, key, listings, payment, quotedTotal } from '../../test/checkout';
import { decodedBody as decoded, subjectOf } from '../../../../../tools/test-support/smtp';

// A shopper's mails are in the language the store was shown in (Accept-Language)
// and their dates in the time zone their browser reported at checkout, stored on the account and
// on a guest order. English stays the fallback.

let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ PUBLIC_URL: 'http://shop.test' }, { paymentProvider: testPaymentProvider() }, (store) => ({ ctx, smtp } = store));

const PORTUGUESE = { 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.5' };
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers });
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const pieceColour = async (listingId: number) =>
  (await ctx.db.query<{ name: string }>('SELECT c.name FROM listings l JOIN colours c ON c.id = l.colour_id WHERE l.id = $1', [listingId])).rows[0]!.name;

describe('mails in the shopper’s language', () => {
  it('a Portuguese guest’s order mail is in Portuguese, dated in their time zone; the order keeps both', async () => {
    const [piece] = await listings(ctx.db, 1, { skip: 3 });
    const cart = [piece!.id];
    const total = await quotedTotal(ctx.app, { delivery_option: 'home', cart });
    const email = unique('convidada');
    const before = smtp.received.length;
    const answer = await post('checkout/payment', payment(total, { cart, email, time_zone: 'America/Sao_Paulo' }), { ...PORTUGUESE, 'idempotency-key': key() });
    expect(answer.statusCode).toBe(200);
    const paid = PaymentResult.parse(answer.json());

    const stored = await ctx.db.query<{ language: string; time_zone: string; created_at: Date }>('SELECT language, time_zone, created_at FROM orders WHERE id = $1', [paid.order_id]);
    expect(stored.rows[0]).toMatchObject({ language: 'pt', time_zone: 'America/Sao_Paulo' });

    const mail = await smtp.mailTo(email, before, /Obrigado pela sua encomenda/);
    expect(subjectOf(mail.raw)).toBe(`A sua encomenda Preloved ${paid.order_number}`);
    const text = decoded(mail.raw);
    const placed = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(stored.rows[0]!.created_at);
    expect(text).toContain(`Olá ${ADDRESS.first_name},`);
    expect(text).toContain(`Obrigado pela sua encomenda ${paid.order_number}, feita a ${placed}.`);
    const shipBy = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${paid.ship_by}T00:00:00Z`));
    expect(text).toContain(`o vendedor envia em 5 dias úteis, até ${shipBy}`);
    expect(text).toMatch(/Total: \d+,\d{2}\s€/);
    expect(text).toContain('Para acompanhar esta encomenda numa conta');
    // The piece's colour in Portuguese, not the catalogue's English name.
    const colour = await pieceColour(piece!.id);
    expect(text).not.toContain(`(${colour},`);
    expect(text).not.toMatch(/Thank you|Hello|Subtotal:.*€\d/);
  });

  it('an account registered in Portuguese gets its order, sale and reset mails in Portuguese; signing in in English switches it', async () => {
    const email = unique('rita');
    const signup = await post('customers/signin', { first_name: 'Rita', last_name: 'Lopes', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 }, PORTUGUESE);
    expect(signup.statusCode).toBe(200);
    const customerId: number = signup.json().Customer.CustomerID;
    const token: string = signup.json().Customer.token;
    expect((await ctx.db.query('SELECT language, time_zone FROM customers WHERE id = $1', [customerId])).rows[0]).toEqual({ language: 'pt', time_zone: 'Europe/Lisbon' });

    let before = smtp.received.length;
    expect((await post('customers/passwordrecovery', { id_brand: 1, email })).statusCode).toBe(200);
    const reset = await smtp.mailTo(email, before, /reset-password\//);
    expect(subjectOf(reset.raw)).toBe('Redefina a palavra-passe da sua conta Preloved');
    expect(decoded(reset.raw)).toContain('O link funciona uma vez e durante uma hora.');
    expect(decoded(reset.raw)).toMatch(/http:\/\/shop\.test\/reset-password\/[\w-]{43}\?lang=pt/);

    // A Portuguese seller's sale mail: the seller of the piece this shopper buys.
    const [piece] = await listings(ctx.db, 1, { skip: 5, notSeller: customerId });
    await ctx.db.query("UPDATE customers SET language = 'pt' WHERE id = $1", [piece!.seller_id]);
    const sellerEmail = (await ctx.db.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [piece!.seller_id])).rows[0]!.email;
    await fillBag(ctx.db, customerId, [piece!.id]);
    const total = await quotedTotal(ctx.app, { delivery_option: 'home' }, token);
    before = smtp.received.length;
    const answer = await post('checkout/payment', payment(total, { time_zone: 'Atlantic/Azores' }), { ...PORTUGUESE, authorization: `Bearer ${token}`, 'idempotency-key': key() });
    expect(answer.statusCode).toBe(200);
    const paid = PaymentResult.parse(answer.json());
    expect((await ctx.db.query('SELECT language, time_zone FROM customers WHERE id = $1', [customerId])).rows[0]).toEqual({ language: 'pt', time_zone: 'Atlantic/Azores' });
    const confirmation = await smtp.mailTo(email, before, /Obrigado pela sua encomenda/);
    // Its link opens the order page in Portuguese on any device (a page the browser renders reads ?lang=).
    expect(decoded(confirmation.raw)).toContain(`Pode acompanhá-la em http://shop.test/user/orders/${paid.order_id}?lang=pt`);
    const sale = await smtp.mailTo(sellerEmail, before, new RegExp(`peça sua foi vendida na encomenda ${paid.order_number}`));
    expect(subjectOf(sale.raw)).toMatch(/^Vendeu .+ — envie até /);
    expect(decoded(sale.raw)).toContain('A etiqueta de envio segue em anexo');
    await ctx.db.query("UPDATE customers SET language = 'en' WHERE id = $1", [piece!.seller_id]);

    // Signed in from an English store, the account's mails are English again.
    expect((await post('customers/login', { email, password: 'Secret#123', cart: [], id_brand: 1 }, { 'accept-language': 'en' })).statusCode).toBe(200);
    before = smtp.received.length;
    await post('customers/passwordrecovery', { id_brand: 1, email });
    expect(subjectOf((await smtp.mailTo(email, before)).raw)).toBe('Reset your Preloved password');
  });

  it('refuses a time zone no one has with a 422 that names it', async () => {
    const [piece] = await listings(ctx.db, 1, { skip: 7 });
    const answer = await post('checkout/payment', payment(10, { cart: [piece!.id], email: unique('zone'), time_zone: 'Mars/Olympus_Mons' }), { 'idempotency-key': key() });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toContain('time_zone must be an IANA time zone');
  });
});
