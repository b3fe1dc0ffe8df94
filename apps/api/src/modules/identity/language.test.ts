import { testPaymentProvider } from '../payments/test-provider';
import { mailedTestApp, type MailedTestApp } from '../../test/app';
import { nextTrackingNumber, sale } from '../../test/wallet';
import { subjectOf } from '../../../../../tools/test-support/smtp';

// An account's mails follow the language the store is shown in when it switches (the
// header's switcher, or a mail link's ?lang=), not only the one it signed up or in with.

let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ PUBLIC_URL: 'http://shop.test' }, { paymentProvider: testPaymentProvider() }, (store) => ({ ctx, smtp } = store));

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const setLanguage = (language: unknown, token?: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/customers/language', payload: { language }, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('PUT /api/customers/language', () => {
  it('an account registered in English that switches to Portuguese gets its next mail in Portuguese, and back', async () => {
    const email = unique('seller');
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/customers/signin',
      payload: { first_name: 'Rui', last_name: 'Costa', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 },
      headers: { 'accept-language': 'en' },
    });
    expect(signup.statusCode).toBe(200);
    const { token, CustomerID } = signup.json().Customer as { token: string; CustomerID: number };
    const stored = async () => (await ctx.db.query<{ language: string }>('SELECT language FROM customers WHERE id = $1', [CustomerID])).rows[0]!.language;
    expect(await stored()).toBe('en');

    const switched = await setLanguage('pt', token);
    expect([switched.statusCode, switched.json()]).toEqual([200, { language: 'pt' }]);
    expect(await stored()).toBe('pt');
    let before = smtp.received.length;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/customers/passwordrecovery', payload: { id_brand: 1, email } })).statusCode).toBe(200);
    expect(subjectOf((await smtp.mailTo(email, before, /reset-password\//)).raw)).toBe('Redefina a palavra-passe da sua conta Preloved');

    expect((await setLanguage('en', token)).statusCode).toBe(200);
    before = smtp.received.length;
    await ctx.app.inject({ method: 'POST', url: '/api/customers/passwordrecovery', payload: { id_brand: 1, email } });
    expect(subjectOf((await smtp.mailTo(email, before, /reset-password\//)).raw)).toBe('Reset your Preloved password');
  });

  it('needs a session and one of the store’s languages (401, 422; never 5xx)', async () => {
    expect((await setLanguage('pt')).statusCode).toBe(401);
    const signup = await ctx.app.inject({ method: 'POST', url: '/api/customers/signin', payload: { first_name: 'Ana', last_name: 'Reis', EmailAddress: unique('ana'), password: 'Secret#123', cart: [], id_brand: 1 } });
    const { token } = signup.json().Customer as { token: string };
    for (const language of ['fr', '', 5, null]) expect((await setLanguage(language, token)).statusCode).toBe(422);
  });
});

describe('a Portuguese seller’s sale after “Marcar como enviada”', () => {
  it('is answered in the page’s language, as the list of sales is (it turned English)', async () => {
    const sold = await sale(ctx.app, ctx.db);
    const packageId = (await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [sold.orderId])).rows[0]!.id;
    const portuguese = { authorization: `Bearer ${sold.seller.token}`, 'accept-language': 'pt-PT' };
    const listed = (await ctx.app.inject({ url: '/api/sales', headers: portuguese })).json<{ sales: { id: number; products: unknown[] }[] }>().sales.find((entry) => entry.id === packageId)!;
    const english = (await ctx.app.inject({ url: '/api/sales', headers: { authorization: `Bearer ${sold.seller.token}`, 'accept-language': 'en' } }))
      .json<{ sales: { id: number; products: unknown[] }[] }>()
      .sales.find((entry) => entry.id === packageId)!;
    // The piece has its Portuguese words (else this would prove nothing).
    expect(english.products).not.toEqual(listed.products);
    const shipped = await ctx.app.inject({ method: 'POST', url: `/api/sales/${packageId}/shipped`, headers: portuguese, payload: { tracking_number: nextTrackingNumber() } });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.headers['content-language']).toBe('pt');
    expect(shipped.json<{ products: unknown[] }>().products).toEqual(listed.products);
  });
});
