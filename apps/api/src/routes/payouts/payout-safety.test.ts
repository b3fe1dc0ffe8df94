import { PayoutPreference } from '@preloved/contract';
import { testPaymentProvider } from '../../plugins/app/payments/test-provider';
import { mailedTestApp, type MailedTestApp, testClock } from '../../test/app';
import { inject } from '../../test/checkout';
import { deliver, IBAN, sale } from '../../test/wallet';
import { decodedBody } from '../../../../../tools/test-support/smtp';

// Issue 24 item 4: a saved IBAN changes only with the current password (a Google account: a mailed
// link), the owner is mailed, and transfers to the new IBAN wait 48 hours.

const OTHER_IBAN = 'DE89370400440532013000';
const HOUR = 3600_000;
const clock = testClock();
let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ PUBLIC_URL: 'http://shop.test' }, { paymentProvider: testPaymentProvider(), clock }, (store) => ({ ctx, smtp } = store));

const put = (token: string, body: object, language = 'en') =>
  ctx.app.inject({ method: 'PUT', url: '/api/customers/payout', headers: { authorization: `Bearer ${token}`, 'accept-language': language }, payload: body });
const transfer = (token: string, language = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/wallet/transfers', headers: { authorization: `Bearer ${token}`, 'accept-language': language }, payload: { amount: 10 } });

describe('changing the IBAN', () => {
  it('needs the current password, mails the owner, and holds transfers to the new IBAN for 48 hours, saying until when', async () => {
    const s = await sale(ctx.app, ctx.db, { price: 4000 });
    await deliver(ctx.app, s);
    // The first IBAN (onboarding) is saved at once, and transfers go.
    expect((await put(s.seller.token, { method: 'wallet', iban: IBAN })).statusCode).toBe(200);
    expect((await transfer(s.seller.token)).statusCode).toBe(200);

    const none = await put(s.seller.token, { method: 'wallet', iban: OTHER_IBAN });
    expect(none.statusCode).toBe(422);
    expect(none.json().fields).toEqual([{ field: 'password', key: 'no_current_password' }]);
    const wrong = await put(s.seller.token, { method: 'wallet', iban: OTHER_IBAN, password: 'Wrong#123' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toEqual([{ field: 'password', key: 'current_password_wrong' }]);
    expect(PayoutPreference.parse((await inject(ctx.app, 'GET', 'customers/payout', { token: s.seller.token })).json()).iban).toBe(IBAN);

    const before = smtp.received.length;
    const changed = await put(s.seller.token, { method: 'wallet', iban: OTHER_IBAN, password: 'Secret#123' }, 'pt-PT');
    expect(changed.statusCode).toBe(200);
    const preference = PayoutPreference.parse(changed.json());
    expect(preference.iban).toBe(OTHER_IBAN);
    expect(new Date(preference.iban_hold_until!).getTime()).toBe(clock.now().getTime() + 48 * HOUR);
    const mail = await smtp.mailTo(s.seller.email, before, /O IBAN para onde a Preloved transfere/);
    expect(decodedBody(mail.raw)).toMatch(/DE89 .+3000\./);
    // In the language the change was asked in, until when in the account's time zone.
    expect(decodedBody(mail.raw)).toMatch(/só são feitas a partir de \d+ de \w+ de \d{4} às \d\d:\d\d\./);
    expect(decodedBody(mail.raw)).toContain('Olá ');
    expect(decodedBody(mail.raw)).not.toContain('Hello');

    const held = await transfer(s.seller.token);
    expect(held.statusCode).toBe(422);
    expect(held.json().fields).toEqual([{ field: 'iban', key: 'iban_on_hold' }]);
    expect(held.json().message).toMatch(/^Transfers to a new IBAN are held for 48 hours: you can transfer from \d+ \w+ \d{4}/);
    expect((await transfer(s.seller.token, 'pt')).json().message).toMatch(/^As transferências para um IBAN novo ficam retidas/);

    clock.advance(47 * HOUR);
    expect((await transfer(s.seller.token)).statusCode).toBe(422);
    clock.advance(1 * HOUR + 1000);
    expect((await transfer(s.seller.token)).statusCode).toBe(200);
  });

  it('switching the payout method alone, with the same IBAN, needs no password and holds nothing', async () => {
    const s = await sale(ctx.app, ctx.db);
    expect((await put(s.seller.token, { method: 'wallet', iban: IBAN })).statusCode).toBe(200);
    const switched = await put(s.seller.token, { method: 'bank_transfer', iban: IBAN });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().iban_hold_until).toBeNull();
  });

  it('a Google account (no password) confirms by the link mailed to it; the link works once', async () => {
    const s = await sale(ctx.app, ctx.db);
    await ctx.db.query(`UPDATE customers SET password_hash = NULL, google_sub = 'google-' || id WHERE id = $1`, [s.seller.id]);
    expect((await put(s.seller.token, { method: 'wallet', iban: IBAN })).statusCode).toBe(200);
    const before = smtp.received.length;
    const asked = await put(s.seller.token, { method: 'wallet', iban: OTHER_IBAN });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ pending: true });
    expect(PayoutPreference.parse((await inject(ctx.app, 'GET', 'customers/payout', { token: s.seller.token })).json()).iban).toBe(IBAN);

    const mail = await smtp.mailTo(s.seller.email, before, /Confirm the new IBAN/);
    const link = /http:\/\/shop\.test(\/api\/customers\/payout\/confirm\?token=[\w-]+)/.exec(decodedBody(mail.raw))![1]!;
    const opened = await ctx.app.inject(link);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('http://shop.test/user/wallet?iban=confirmed');
    const saved = PayoutPreference.parse((await inject(ctx.app, 'GET', 'customers/payout', { token: s.seller.token })).json());
    expect(saved.iban).toBe(OTHER_IBAN);
    expect(saved.iban_hold_until).not.toBeNull();
    expect((await ctx.app.inject(link)).headers.location).toBe('http://shop.test/user/wallet?iban=expired');
  });
});
