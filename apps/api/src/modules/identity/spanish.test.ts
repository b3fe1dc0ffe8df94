import { PaymentResult } from '@preloved/contract';
import { decodedBody, subjectOf } from '../../../../../tools/test-support/smtp';
import { contentLanguage } from '../../core/language';
import { mailText, pageLink, readerOf } from '../../core/mail/mail-texts';
import { mailedTestApp, NO_REGISTRATION_LIMITS, type MailedTestApp } from '../../test/app';
import { ADDRESS, key, listings, payment, quotedTotal } from '../../test/checkout';
import { testPaymentProvider } from '../payments/test-provider';
import { headTags } from '../storefront/server-render';

// Issue 48, Spain: Spanish is a language of the store like the other two. The API takes `es` wherever
// it takes a language (Accept-Language, the account's language, its mails), and answers the
// catalogue's product texts in Spanish to a Spanish reader (migration 069), in English where none is given.

let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ PUBLIC_URL: 'http://shop.test', ...NO_REGISTRATION_LIMITS }, { paymentProvider: testPaymentProvider() }, (store) => ({ ctx, smtp } = store));

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signUp(email: string, acceptLanguage: string) {
  const signup = await ctx.app.inject({
    method: 'POST',
    url: '/api/customers/signin',
    payload: { first_name: 'Lucía', last_name: 'García', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 },
    headers: { 'accept-language': acceptLanguage },
  });
  expect(signup.statusCode).toBe(200);
  return signup.json().Customer as { token: string; CustomerID: number };
}

const storedLanguage = async (id: number) => (await ctx.db.query<{ language: string }>('SELECT language FROM customers WHERE id = $1', [id])).rows[0]!.language;

describe('Spanish in the API', () => {
  it('reads Spanish from Accept-Language, by its q-values, as it reads Portuguese', () => {
    expect(contentLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(contentLanguage('fr-FR,es;q=0.7,pt;q=0.5')).toBe('es');
    expect(contentLanguage('pt;q=0.9,es;q=0.4')).toBe('pt');
    expect(contentLanguage('de-DE')).toBe('en');
  });

  it('signs a shopper up in the Spanish they read the store in, and mails them the proof of their address in Spanish with a Spanish link', async () => {
    const email = unique('lucia');
    const before = smtp.received.length;
    const { CustomerID } = await signUp(email, 'es-ES,es;q=0.9');
    expect(await storedLanguage(CustomerID)).toBe('es');
    const mail = await smtp.mailTo(email, before, /verify-email\//);
    expect(subjectOf(mail.raw)).toBe('Confirma tu correo en Preloved');
    const body = decodedBody(mail.raw);
    expect(body).toContain('Hola, Lucía:');
    expect(body).toMatch(/\/verify-email\/[^\s?]+\?lang=es/);
  });

  it('records an account’s switch to Spanish (PUT /api/customers/language), and its next mail is in Spanish', async () => {
    const email = unique('pablo');
    const { token, CustomerID } = await signUp(email, 'en');
    expect(await storedLanguage(CustomerID)).toBe('en');
    const switched = await ctx.app.inject({ method: 'PUT', url: '/api/customers/language', payload: { language: 'es' }, headers: { authorization: `Bearer ${token}` } });
    expect([switched.statusCode, switched.json()]).toEqual([200, { language: 'es' }]);
    expect(await storedLanguage(CustomerID)).toBe('es');
    const before = smtp.received.length;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/customers/passwordrecovery', payload: { id_brand: 1, email } })).statusCode).toBe(200);
    expect(subjectOf((await smtp.mailTo(email, before, /reset-password\//)).raw)).toBe('Restablece la contraseña de Preloved');
  });

  it('keeps a Spanish guest’s order in Spanish (migration 064) and mails its confirmation in Spanish, prices as "12,50 €"', async () => {
    const [piece] = await listings(ctx.db, 1, { skip: 5 });
    const cart = [piece!.id];
    const total = await quotedTotal(ctx.app, { delivery_option: 'home', cart });
    const email = unique('invitada');
    const before = smtp.received.length;
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/payment',
      payload: payment(total, { cart, email, time_zone: 'Europe/Madrid' }),
      headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5', 'idempotency-key': key() },
    });
    expect(answer.statusCode).toBe(200);
    const paid = PaymentResult.parse(answer.json());
    const stored = await ctx.db.query<{ language: string; time_zone: string }>('SELECT language, time_zone FROM orders WHERE id = $1', [paid.order_id]);
    expect(stored.rows[0]).toEqual({ language: 'es', time_zone: 'Europe/Madrid' });
    const mail = await smtp.mailTo(email, before, /Gracias por tu pedido/);
    expect(subjectOf(mail.raw)).toBe(`Tu pedido de Preloved ${paid.order_number}`);
    const text = decodedBody(mail.raw);
    expect(text).toContain(`Hola, ${ADDRESS.first_name}:`);
    expect(text).toMatch(/Total: \d+,\d{2}\s€/);
    expect(text).not.toMatch(/Thank you|Hello|Obrigado|Olá/);
  });

  it('answers the catalogue to a Spanish reader with its Spanish product texts, saying Content-Language: es', async () => {
    const found = await ctx.app.inject({ url: '/api/products/listings/all?id_brand=1&q=linen%20wrap', headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-language']).toBe('es');
    const card = found.json<{ products_listings: { title: string; product_id: number }[] }>().products_listings[0]!;
    expect(card.title).toBe('Vestido cruzado de lino');
    const product = await ctx.app.inject({ url: `/api/products/${card.product_id}?id_brand=1`, headers: { 'accept-language': 'es' } });
    expect(product.json()).toMatchObject({ product: { title: 'Vestido cruzado de lino', description: expect.stringMatching(/^Vestido cruzado de lino\. Un vestido cómodo/) } });
    // A product with no Spanish yet is answered its English.
    await ctx.db.query("UPDATE products SET title_es = NULL WHERE id = $1", [card.product_id]);
    const untranslated = await ctx.app.inject({ url: `/api/products/${card.product_id}?id_brand=1&fresh=1`, headers: { 'accept-language': 'es' } });
    expect(untranslated.json()).toMatchObject({ product: { title: 'Linen wrap dress' } });
  });

  it('writes a Spanish reader’s money, dates, colours and links in Spain’s way', () => {
    const reader = readerOf({ language: 'es', time_zone: 'Europe/Madrid' });
    expect(reader).toEqual({ language: 'es', timeZone: 'Europe/Madrid' });
    const text = mailText(reader);
    expect(text.money(1250).replace(/\s/g, ' ')).toBe('12,50 €');
    expect(text.when(new Date('2026-11-27T09:30:00Z'))).toBe('27 de noviembre de 2026 a las 10:30');
    expect(text.date('2026-12-02')).toBe('miércoles, 2 de diciembre de 2026');
    expect(text.colour('Navy')).toBe('Azul marino');
    expect(text.size('One size')).toBe('Talla única');
    expect(text.t('common.hello', { name: 'Lucía' })).toBe('Hola, Lucía:');
    expect(pageLink('http://shop.test/', '/faqs#sizes', 'es')).toBe('http://shop.test/faqs?lang=es#sizes');
    expect(pageLink('http://shop.test', '/search?q=vestido', 'es')).toBe('http://shop.test/search?q=vestido&lang=es');
  });

  it('heads a page rendered in Spanish with its Spanish address, the three alternates and Spain’s locale', () => {
    const head = headTags({ title: 'Sobre Preloved' }, { publicUrl: 'https://shop.example.com', requestUrl: '/about?lang=es', language: 'es' });
    expect(head).toContain('<link rel="canonical" href="https://shop.example.com/about?lang=es">');
    expect(head).toContain('<link rel="alternate" hreflang="es" href="https://shop.example.com/about?lang=es">');
    expect(head).toContain('<link rel="alternate" hreflang="pt" href="https://shop.example.com/about?lang=pt">');
    expect(head).toContain('<link rel="alternate" hreflang="x-default" href="https://shop.example.com/about">');
    expect(head).toContain('<meta property="og:locale" content="es_ES">');
  });

  it('lists every page of the sitemap in Spanish too, with its hreflang', async () => {
    const sitemap = await ctx.app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<loc>http://shop.test/all?lang=es</loc>');
    expect(sitemap.body).toContain('hreflang="es" href="http://shop.test/about?lang=es"');
  });
});
