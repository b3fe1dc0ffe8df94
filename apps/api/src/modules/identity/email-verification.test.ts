import { PaymentResult, StorefrontProfile } from '@preloved/contract';
import { decodedBody, type ReceivedMail } from '../../../../../tools/test-support/smtp';
import { mailedTestApp, type MailedTestApp } from '../../test/app';
import { inject, key, listings, payment, quotedTotal } from '../../test/checkout';

// An e-mail address is trusted only once its owner proved it, by the mailed link or code.

let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp(
  { PUBLIC_URL: 'http://shop.test', REGISTRATIONS_PER_HOUR: '5', REGISTRATIONS_PER_DAY: '20', EMAIL_PROOFS_PER_WINDOW: '2' },
  {},
  (store) => ({ ctx, smtp } = store),
);

let n = 0;
/** Registrations come from their own client address unless a test says otherwise (the per-address limit). */
const register = (email: string, options: { language?: string; address?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/customers/signin',
    remoteAddress: options.address ?? `10.41.${++n % 250}.${(n * 13) % 250}`,
    headers: { 'accept-language': options.language ?? 'en' },
    payload: { first_name: 'Rita', last_name: 'Lopes', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 },
  });
const profile = async (token: string) => StorefrontProfile.parse((await inject(ctx.app, 'GET', 'customers/storefront', { token })).json()).customer;
const codeIn = (mail: ReceivedMail) => /(?:code|código): (\d{6})/.exec(decodedBody(mail.raw))![1]!;
const linkIn = (mail: ReceivedMail) => /http:\/\/shop\.test\/verify-email\/([\w-]{43})/.exec(decodedBody(mail.raw))![1]!;
const confirm = (body: object, token?: string) => inject(ctx.app, 'POST', 'customers/verification/confirm', { token, body });
const unique = (name: string) => `${name}-${Date.now()}-${++n}@example.com`;

describe('the confirmation of a new account', () => {
  it('mails a link and a 6-digit code in the reader\'s language; the account is unverified until the code is typed', async () => {
    const email = unique('rita');
    const before = smtp.received.length;
    const signup = await register(email, { language: 'pt-PT' });
    expect(signup.statusCode).toBe(200);
    const token: string = signup.json().Customer.token;
    expect(await profile(token)).toMatchObject({ email_verified: false, has_password: true });

    const mail = await smtp.mailTo(email, before, /verify-email/);
    const text = decodedBody(mail.raw);
    expect(text).toContain('Olá Rita');
    expect(text).toContain('?lang=pt');
    const code = codeIn(mail);

    const wrong = await confirm({ code: code === '000000' ? '111111' : '000000' }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ fields: [{ field: 'code', key: 'email_code_wrong' }] });
    const malformed = await confirm({ code: '12a' }, token);
    expect(malformed.json()).toMatchObject({ fields: [{ field: 'code', key: 'invalid_email_code' }] });

    const confirmed = await confirm({ code: `${code.slice(0, 3)} ${code.slice(3)}` }, token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().customer).toMatchObject({ email_verified: true });
    expect(await profile(token)).toMatchObject({ email_verified: true });
    // Proven once: asking for another mail says so.
    expect((await inject(ctx.app, 'POST', 'customers/verification', { token })).json()).toMatchObject({ code: 'email_already_verified' });
  });

  it('the link proves the e-mail on any device, without a session and without signing anyone in, once', async () => {
    const email = unique('link');
    const before = smtp.received.length;
    const token: string = (await register(email)).json().Customer.token;
    const link = linkIn(await smtp.mailTo(email, before, /verify-email/));

    const opened = await confirm({ token: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().customer).toMatchObject({ EmailAddress: email, email_verified: true });
    expect(opened.json()).not.toHaveProperty('Customer');
    expect(await profile(token)).toMatchObject({ email_verified: true });
    expect((await confirm({ token: link })).json()).toMatchObject({ code: 'verification_link_unusable' });
    expect((await confirm({ token: 'x'.repeat(43) })).json()).toMatchObject({ code: 'verification_link_unusable' });
  });

  it('a code dies after 5 wrong tries; sending it again is throttled and voids the older one', async () => {
    const email = unique('guess');
    const before = smtp.received.length;
    const token: string = (await register(email)).json().Customer.token;
    const code = codeIn(await smtp.mailTo(email, before, /verify-email/));
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) expect((await confirm({ code: wrongCode }, token)).statusCode).toBe(422);
    // The right code no longer works: the proof is dead, nothing is proven by guessing.
    expect((await confirm({ code }, token)).json()).toMatchObject({ code: 'email_code_wrong' });
    expect(await profile(token)).toMatchObject({ email_verified: false });

    const again = smtp.received.length;
    expect((await inject(ctx.app, 'POST', 'customers/verification', { token })).statusCode).toBe(200);
    const fresh = await smtp.mailTo(email, again, /verify-email/);
    expect((await inject(ctx.app, 'POST', 'customers/verification', { token })).statusCode).toBe(200);
    const throttled = await inject(ctx.app, 'POST', 'customers/verification', { token });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // The newest mail's code is the one that works.
    const newest = await smtp.mailTo(email, smtp.received.indexOf(fresh) + 1, /verify-email/);
    if (codeIn(newest) !== codeIn(fresh)) expect((await confirm({ code: codeIn(fresh) }, token)).statusCode).toBe(422);
    expect((await confirm({ code: codeIn(newest) }, token)).statusCode).toBe(200);
  });

  it('an e-mail change leaves the account unverified until the new address is proven', async () => {
    const email = unique('mover');
    const before = smtp.received.length;
    const token: string = (await register(email)).json().Customer.token;
    expect((await confirm({ code: codeIn(await smtp.mailTo(email, before, /verify-email/)) }, token)).statusCode).toBe(200);
    const moved = unique('moved');
    const changing = smtp.received.length;
    const changed = await inject(ctx.app, 'PUT', 'customers/storefront', { token, body: { first_name: 'Rita', last_name: 'Lopes', EmailAddress: moved, current_password: 'Secret#123' } });
    expect(changed.json().customer).toMatchObject({ EmailAddress: moved, email_verified: false });
    const code = codeIn(await smtp.mailTo(moved, changing, /verify-email/));
    expect((await confirm({ code }, token)).json().customer).toMatchObject({ email_verified: true });
  });
});

describe("an attacker who holds a guest order's payment token", () => {
  it('claims nothing by moving a proven account to the order\'s e-mail: the new address is unproven, and its proofs go to its inbox', async () => {
    const victim = unique('victim');
    const [piece] = await listings(ctx.db, 1, { skip: 302 });
    const body = { delivery_option: 'home', cart: [piece!.id] };
    // The attacker pays a small guest order with the victim's e-mail and keeps the payment's answer.
    const paid = PaymentResult.parse(
      (await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: payment(await quotedTotal(ctx.app, body), { ...body, email: victim }) })).json(),
    );
    const own = unique('attacker');
    const before = smtp.received.length;
    const token: string = (await register(own)).json().Customer.token;
    expect((await confirm({ code: codeIn(await smtp.mailTo(own, before, /verify-email/)) }, token)).statusCode).toBe(200);
    const moved = await inject(ctx.app, 'PUT', 'customers/storefront', { token, body: { first_name: 'Rita', last_name: 'Lopes', EmailAddress: victim, current_password: 'Secret#123' } });
    expect(moved.json().customer).toMatchObject({ EmailAddress: victim, email_verified: false });

    const claim = await inject(ctx.app, 'POST', 'orders/claim', { token, body: { claim_token: paid.claim_token } });
    expect(claim.statusCode).toBe(403);
    expect(claim.json()).toMatchObject({ code: 'email_not_verified' });
    // The code that would claim every guest order of the address goes to the victim's inbox, not the attacker's.
    const asked = smtp.received.length;
    expect((await inject(ctx.app, 'POST', 'orders/claim/code', { token })).statusCode).toBe(200);
    expect((await smtp.mailTo(victim, asked, /You asked to add the orders/)).to).toEqual([victim]);
    expect((await inject(ctx.app, 'POST', 'orders/claim/all', { token, body: { code: '123456' } })).statusCode).toBe(422);
    const { rows } = await ctx.db.query<{ customer_id: number | null }>('SELECT customer_id FROM orders WHERE id = $1', [paid.order_id]);
    expect(rows[0]!.customer_id).toBeNull();
  });
});

describe('registrations from one address', () => {
  it('opens at most 5 accounts an hour from one client address, then 429 with Retry-After (the welcome-code farm)', async () => {
    const address = '10.99.0.1';
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await register(unique('farm'), { address }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held.
    expect((await register(unique('elsewhere'), { address: '10.99.0.2' })).statusCode).toBe(200);
  });
});

describe('guest orders of an e-mail', () => {
  it('join the account only with a code mailed to that e-mail now; a wrong code moves nothing', async () => {
    const email = unique('guest');
    const placed: PaymentResult[] = [];
    for (const skip of [300, 301]) {
      const [piece] = await listings(ctx.db, 1, { skip });
      const body = { delivery_option: 'home', cart: [piece!.id] };
      const paid = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: payment(await quotedTotal(ctx.app, body), { ...body, email }) });
      placed.push(PaymentResult.parse(paid.json()));
    }
    const token: string = (await register(email)).json().Customer.token;
    const before = smtp.received.length;
    expect((await inject(ctx.app, 'POST', 'orders/claim/code', { token })).statusCode).toBe(200);
    const code = codeIn(await smtp.mailTo(email, before, /You asked to add the orders/));
    const wrong = await inject(ctx.app, 'POST', 'orders/claim/all', { token, body: { code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.json()).toMatchObject({ fields: [{ field: 'code', key: 'email_code_wrong' }] });
    expect((await inject(ctx.app, 'GET', 'orders', { token })).json().orders).toEqual([]);

    const claimed = await inject(ctx.app, 'POST', 'orders/claim/all', { token, body: { code } });
    expect(claimed.json()).toEqual({ claimed: 2 });
    const numbers = (await inject(ctx.app, 'GET', 'orders', { token })).json().orders.map((order: { number: string }) => order.number);
    expect(numbers.sort()).toEqual(placed.map((order) => order.order_number).sort());
    expect(await profile(token)).toMatchObject({ email_verified: true });
  });
});
