import { LoginResult } from '@preloved/contract';
import { fakeGoogle, TEST_GOOGLE_CLIENT_ID } from '../../test/google';
import { testApp } from '../../test/app';
import { decodedBody, startMailbox, type Mailbox } from '../../../../../tools/test-support/smtp';

let google: Awaited<ReturnType<typeof fakeGoogle>>;
let ctx: Awaited<ReturnType<typeof testApp>>;
let mailbox: Mailbox;
beforeAll(async () => {
  google = await fakeGoogle();
  mailbox = await startMailbox();
  ctx = await testApp({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, SMTP_URL: mailbox.url });
});
afterAll(async () => {
  await ctx?.close();
  await google?.close();
  await mailbox?.close();
});

const signInWithGoogle = (code: string, cart: number[] = []) =>
  ctx.app.inject({ method: 'POST', url: '/api/customers/google', payload: { code, cart, id_brand: 1 } });

describe('customers: Google sign-in', () => {
  it('creates an account for a new Google user, then signs the same account in again', async () => {
    const { rows } = await ctx.db.query<{ id: number }>(`SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 1`);
    const code = await google.token('google-new', { claims: { email: 'New.Person@Gmail.com', given_name: 'Nova', family_name: 'Pessoa' } });
    const first = await signInWithGoogle(code, [rows[0]!.id]);
    expect(first.statusCode).toBe(200);
    const result = LoginResult.parse(first.json());
    expect(result.Customer).toMatchObject({ FirstName: 'Nova', LastName: 'Pessoa', EmailAddress: 'new.person@gmail.com', Token: expect.stringMatching(/^[\w-]{43}$/) });
    expect(result.Cart.map((line) => line.listing_id)).toEqual([rows[0]!.id]);
    expect(result.Notifications).toBe(0);

    const me = await ctx.app.inject({ url: '/api/customers/storefront', headers: { authorization: `Bearer ${result.Customer.Token}` } });
    expect(me.json().customer.CustomerID).toBe(result.Customer.CustomerID);

    // Found again by Google's account id, even after the e-mail changed at Google.
    const again = await signInWithGoogle(await google.token('google-new', { claims: { email: 'renamed@gmail.com' } }));
    expect(again.statusCode).toBe(200);
    expect(again.json().Customer.CustomerID).toBe(result.Customer.CustomerID);

    // A Google-only account has no password to sign in with.
    const withPassword = await ctx.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email: 'new.person@gmail.com', password: 'Anything#1', id_brand: 1 } });
    expect(withPassword.statusCode).toBe(422);
    expect(withPassword.json().code).toBe('incorret_combination');
  });

  it('takes over for the Google owner an account of that e-mail nobody proved: the pre-hijacker loses the password and the session', async () => {
    // The attacker registers the victim's address first, with a password of their own.
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/customers/signin',
      payload: { first_name: 'Lia', last_name: 'Matos', EmailAddress: 'lia@example.com', password: 'Secret#123', cart: [], id_brand: 1 },
    });
    const customerId = signup.json().Customer.CustomerID;
    const attackerToken: string = signup.json().Customer.token;
    const before = mailbox.received.length;
    const response = await signInWithGoogle(await google.token('google-lia', { claims: { email: 'LIA@example.com', given_name: 'Other' } }));
    expect(response.statusCode).toBe(200);
    expect(response.json().Customer).toMatchObject({ CustomerID: customerId });
    const { rows } = await ctx.db.query<{ google_sub: string; password_hash: string | null; email_verified_at: Date | null }>(
      'SELECT google_sub, password_hash, email_verified_at FROM customers WHERE id = $1',
      [customerId],
    );
    expect(rows[0]).toMatchObject({ google_sub: 'google-lia', password_hash: null, email_verified_at: expect.any(Date) });
    // The attacker's password and session no longer open the owner's account.
    const login = await ctx.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email: 'lia@example.com', password: 'Secret#123', id_brand: 1 } });
    expect(login.statusCode).toBe(422);
    expect((await ctx.app.inject({ url: '/api/customers/storefront', headers: { authorization: `Bearer ${attackerToken}` } })).statusCode).toBe(401);
    // The mailbox is told.
    const mail = await mailbox.mailTo('lia@example.com', before, /now signs in with Google/);
    expect(decodedBody(mail.raw)).toContain('its password was removed');
  });

  it('links a proven account of that e-mail only once its password is typed', async () => {
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/customers/signin',
      payload: { first_name: 'Rui', last_name: 'Matos', EmailAddress: 'rui@example.com', password: 'Secret#123', cart: [], id_brand: 1 },
    });
    const customerId = signup.json().Customer.CustomerID;
    const ownerToken: string = signup.json().Customer.token;
    await ctx.db.query('UPDATE customers SET email_verified_at = now() WHERE id = $1', [customerId]);
    const code = await google.token('google-rui', { claims: { email: 'rui@example.com' } });

    const asked = await signInWithGoogle(code);
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({ code: 'google_link_password', fields: [{ field: 'password', key: 'google_link_password' }] });
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/customers/google', payload: { code, cart: [], id_brand: 1, password: 'Wrong#123' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('incorret_combination');
    const { rows: unlinked } = await ctx.db.query<{ google_sub: string | null }>('SELECT google_sub FROM customers WHERE id = $1', [customerId]);
    expect(unlinked[0]!.google_sub).toBeNull();

    const linked = await ctx.app.inject({ method: 'POST', url: '/api/customers/google', payload: { code, cart: [], id_brand: 1, password: 'Secret#123' } });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().Customer.CustomerID).toBe(customerId);
    // Both ways in work, and nobody was signed out.
    expect((await signInWithGoogle(await google.token('google-rui', { claims: { email: 'rui@example.com' } }))).statusCode).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email: 'rui@example.com', password: 'Secret#123', id_brand: 1 } });
    expect(login.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/customers/storefront', headers: { authorization: `Bearer ${ownerToken}` } })).statusCode).toBe(200);
  });

  it('does not link or create from an unverified Google e-mail', async () => {
    const response = await signInWithGoogle(await google.token('google-unverified', { claims: { email: 'lia@example.com', email_verified: false } }));
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('google_email_unverified');
    const { rows } = await ctx.db.query(`SELECT 1 FROM customers WHERE google_sub = 'google-unverified'`);
    expect(rows).toHaveLength(0);
  });

  it('answers 401 google_failed to a forged, expired, wrong-audience or wrong-issuer token, and creates nobody', async () => {
    const claims = { email: 'mallory@gmail.com' };
    const bad = {
      forged: await google.token('google-mallory', { claims, signWith: google.strangerKey }),
      expired: await google.token('google-mallory', { claims, expiresIn: -60 }),
      audience: await google.token('google-mallory', { claims, audience: 'another-app.apps.googleusercontent.com' }),
      issuer: await google.token('google-mallory', { claims, issuer: 'https://accounts.example.com' }),
      garbage: 'a.b.c',
      // alg "none": a token that is not signed at all.
      unsigned: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'google-mallory', ...claims, aud: TEST_GOOGLE_CLIENT_ID, iss: 'accounts.google.com', exp: 9999999999 })).toString('base64url')}.`,
    };
    for (const [name, code] of Object.entries(bad)) {
      const response = await signInWithGoogle(code);
      expect([name, response.statusCode]).toEqual([name, 401]);
      expect(response.json().code).toBe('google_failed');
    }
    const { rows } = await ctx.db.query(`SELECT 1 FROM customers WHERE email = 'mallory@gmail.com'`);
    expect(rows).toHaveLength(0);
    expect(google.requests()).toBeGreaterThan(0);
  });
});
