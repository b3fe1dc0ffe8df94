import { PayoutPreference, Wallet } from '@preloved/contract';
import { testPaymentProvider } from '../payments/test-provider';
import { mailedTestApp, type MailedTestApp, testClock } from '../../test/app';
import { inject, shopper, stepUp } from '../../test/checkout';
import { deliver, IBAN, sale } from '../../test/wallet';
import { decodedBody } from '../../../../../tools/test-support/smtp';

// Issue 41 (finding 2): a session token alone never moves money out. After the first choice at
// onboarding, every payout change, bank transfer and main-shop code needs a step-up proof on the
// session (10 minutes); every IBAN new to the account is held 48 hours, the first too; every change
// is mailed to the owner with a link that freezes payouts until a password reset.

const OTHER_IBAN = 'DE89370400440532013000';
const HOUR = 3600_000;
const clock = testClock();
let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ PUBLIC_URL: 'http://shop.test' }, { paymentProvider: testPaymentProvider(), clock }, (store) => ({ ctx, smtp } = store));
beforeEach(() => clock.set(new Date()));

const put = (token: string, body: object, language = 'en') =>
  ctx.app.inject({ method: 'PUT', url: '/api/customers/payout', headers: { authorization: `Bearer ${token}`, 'accept-language': language }, payload: body });
const transfer = (token: string, language = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/wallet/transfers', headers: { authorization: `Bearer ${token}`, 'accept-language': language }, payload: { amount: 10 } });
const walletCode = (token: string) => inject(ctx.app, 'POST', 'wallet/codes', { token, body: { amount: 5 } });
const preference = async (token: string) => PayoutPreference.parse((await inject(ctx.app, 'GET', 'customers/payout', { token })).json());
/** Another device's session of the account: a token that never gave a proof (as a stolen one). */
const otherSession = async (email: string) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email, password: 'Secret#123', id_brand: 1 } })).json<{ Customer: { Token: string } }>().Customer.Token;
const freezeLinkIn = (raw: string) => /http:\/\/shop\.test(\/api\/customers\/payout\/freeze\?token=[\w-]+)/.exec(decodedBody(raw))![1]!;

describe('money out needs a fresh proof, not a token alone', () => {
  it('refuses every payout change, bank transfer and main-shop code of a session that gave no proof, and moves nothing', async () => {
    const s = await sale(ctx.app, ctx.db, { price: 4000 });
    await deliver(ctx.app, s);
    expect((await put(s.seller.token, { method: 'bank_transfer', iban: IBAN })).statusCode).toBe(200);
    const stolen = await otherSession(s.seller.email);
    const before = Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token: stolen })).json());

    // The red team's path: clear the IBAN without a password, then set one as the "first".
    for (const body of [{ method: 'wallet', iban: null }, { method: 'wallet', iban: OTHER_IBAN }, { method: 'bank_transfer', iban: OTHER_IBAN }]) {
      const refused = await put(stolen, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'step_up_required' });
    }
    expect((await transfer(stolen)).json()).toMatchObject({ code: 'step_up_required' });
    expect((await walletCode(stolen)).json()).toMatchObject({ code: 'step_up_required' });
    expect(await preference(stolen)).toMatchObject({ method: 'bank_transfer', iban: IBAN });
    expect(Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token: stolen })).json())).toMatchObject({ available: before.available, count: before.count });

    // A wrong password proves nothing; the right one, sent along, does.
    const wrong = await put(stolen, { method: 'wallet', iban: OTHER_IBAN, password: 'Wrong#123' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toEqual([{ field: 'password', key: 'current_password_wrong' }]);
    expect((await put(stolen, { method: 'wallet', iban: OTHER_IBAN, password: 'Secret#123' })).statusCode).toBe(200);

    // The proof holds 10 minutes on its session, not longer.
    clock.advance(10 * 60_000 + 1000);
    expect((await walletCode(stolen)).json()).toMatchObject({ code: 'step_up_required' });
  });

  it('an unverified e-mail sets no IBAN and moves no credit, whatever the proof', async () => {
    const seller = await shopper(ctx.app);
    await stepUp(ctx.app, seller.token);
    const refused = await put(seller.token, { method: 'bank_transfer', iban: IBAN });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'email_not_verified' });
    expect((await transfer(seller.token)).json()).toMatchObject({ code: 'email_not_verified' });
    expect((await walletCode(seller.token)).json()).toMatchObject({ code: 'email_not_verified' });
    // The first choice into the wallet, without an IBAN, moves nothing: it needs nothing.
    const first = await put(seller.token, { method: 'wallet', iban: null });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ onboarded: true, iban: null });
  });

  it('a Google account (no password) proves itself by a code mailed to it, once', async () => {
    const s = await sale(ctx.app, ctx.db);
    await ctx.db.query(`UPDATE customers SET password_hash = NULL, google_sub = 'google-' || id WHERE id = $1`, [s.seller.id]);
    const session = await ctx.app.sessions.open(s.seller.id);
    expect((await put(session, { method: 'wallet', iban: IBAN })).json()).toMatchObject({ code: 'step_up_required' });
    const before = smtp.received.length;
    expect((await inject(ctx.app, 'POST', 'customers/step-up/code', { token: session })).statusCode).toBe(200);
    const mail = await smtp.mailTo(s.seller.email, before, /security code/);
    const code = /Your code: (\d{6})/.exec(decodedBody(mail.raw))![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await inject(ctx.app, 'POST', 'customers/step-up', { token: session, body: { code: wrongCode } })).json()).toMatchObject({ fields: [{ field: 'code', key: 'email_code_wrong' }] });
    expect((await inject(ctx.app, 'POST', 'customers/step-up', { token: session, body: { code } })).statusCode).toBe(200);
    expect((await put(session, { method: 'wallet', iban: IBAN })).statusCode).toBe(200);
    // The code worked once.
    expect((await inject(ctx.app, 'POST', 'customers/step-up', { token: session, body: { code } })).statusCode).toBe(422);
  });
});

describe('a new IBAN', () => {
  it('is held 48 hours, the first one too, and the owner is mailed in the language of the change, saying until when', async () => {
    const s = await sale(ctx.app, ctx.db, { price: 4000 });
    await deliver(ctx.app, s);
    const before = smtp.received.length;
    const first = await put(s.seller.token, { method: 'wallet', iban: IBAN }, 'pt-PT');
    expect(first.statusCode).toBe(200);
    expect(new Date(PayoutPreference.parse(first.json()).iban_hold_until!).getTime()).toBe(clock.now().getTime() + 48 * HOUR);
    const mail = await smtp.mailTo(s.seller.email, before, /O IBAN para onde a Preloved transfere/);
    expect(decodedBody(mail.raw)).toMatch(/PT50 .+0154\./);
    expect(decodedBody(mail.raw)).toMatch(/só são feitas a partir de \d+ de \w+ de \d{4} às \d\d:\d\d\./);
    expect(decodedBody(mail.raw)).toContain('Olá ');

    const held = await transfer(s.seller.token);
    expect(held.statusCode).toBe(422);
    expect(held.json().fields).toEqual([{ field: 'iban', key: 'iban_on_hold' }]);
    expect(held.json().message).toMatch(/^Transfers to a new IBAN are held for 48 hours: you can transfer from \d+ \w+ \d{4}/);
    expect((await transfer(s.seller.token, 'pt')).json().message).toMatch(/^As transferências para um IBAN novo ficam retidas/);

    clock.advance(47 * HOUR);
    await stepUp(ctx.app, s.seller.token);
    expect((await transfer(s.seller.token)).statusCode).toBe(422);
    clock.advance(1 * HOUR + 1000);
    await stepUp(ctx.app, s.seller.token);
    expect((await transfer(s.seller.token)).statusCode).toBe(200);

    // Clearing it and setting another (or the same) again is a new IBAN again: held again.
    expect((await put(s.seller.token, { method: 'wallet', iban: null })).statusCode).toBe(200);
    const again = await put(s.seller.token, { method: 'wallet', iban: OTHER_IBAN });
    expect(again.json().iban_hold_until).not.toBeNull();
    expect((await transfer(s.seller.token)).json().fields).toEqual([{ field: 'iban', key: 'iban_on_hold' }]);
  });

  it('switching the payout method alone, with the same IBAN, holds nothing more', async () => {
    const s = await sale(ctx.app, ctx.db);
    const saved = await put(s.seller.token, { method: 'wallet', iban: IBAN });
    const switched = await put(s.seller.token, { method: 'bank_transfer', iban: IBAN });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().iban_hold_until).toBe(saved.json().iban_hold_until);
  });
});

describe("'This wasn't me'", () => {
  it('freezes payouts and signs out every device; a password reset through the inbox releases them', async () => {
    const s = await sale(ctx.app, ctx.db, { price: 4000 });
    await deliver(ctx.app, s);
    const before = smtp.received.length;
    expect((await put(s.seller.token, { method: 'bank_transfer', iban: IBAN })).statusCode).toBe(200);
    const link = freezeLinkIn((await smtp.mailTo(s.seller.email, before, /freezes every payout/)).raw);

    const opened = await ctx.app.inject(link);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('http://shop.test/user/security?payouts=frozen');
    expect((await inject(ctx.app, 'GET', 'wallet', { token: s.seller.token })).statusCode).toBe(401);
    expect((await ctx.app.inject(link)).headers.location).toBe('http://shop.test/user/security?payouts=link-expired');

    // Whoever knows the password is still refused: only the inbox releases the payouts.
    const session = await otherSession(s.seller.email);
    await stepUp(ctx.app, session);
    clock.advance(49 * HOUR);
    await stepUp(ctx.app, session);
    expect(await preference(session)).toMatchObject({ frozen: true });
    expect((await transfer(session)).json()).toMatchObject({ code: 'payouts_frozen' });
    expect((await walletCode(session)).json()).toMatchObject({ code: 'payouts_frozen' });
    expect((await put(session, { method: 'wallet', iban: OTHER_IBAN })).json()).toMatchObject({ code: 'payouts_frozen' });

    const asked = smtp.received.length;
    await ctx.app.inject({ method: 'POST', url: '/api/customers/passwordrecovery', payload: { id_brand: 1, email: s.seller.email } });
    const reset = /reset-password\/([\w-]{43})/.exec(decodedBody((await smtp.mailTo(s.seller.email, asked, /reset-password/)).raw))![1]!;
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/customers/passwordreset', payload: { id: reset, password: 'Renewed#22', confirm_password: 'Renewed#22' } });
    const token = signedIn.json<{ Customer: { Token: string } }>().Customer.Token;
    await stepUp(ctx.app, token, 'Renewed#22');
    expect(await preference(token)).toMatchObject({ frozen: false });
    expect((await transfer(token)).statusCode).toBe(200);
  });
});
