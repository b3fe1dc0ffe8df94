import { LoginResult } from '@preloved/contract';
import { fakeGoogle, TEST_GOOGLE_CLIENT_ID } from '../../test/google';
import { testApp } from '../../test/app';

let google: Awaited<ReturnType<typeof fakeGoogle>>;
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  google = await fakeGoogle();
  ctx = await testApp({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });
});
afterAll(async () => {
  await ctx?.close();
  await google?.close();
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
    expect(withPassword.json().message).toBe('incorret_combination');
  });

  it('links a verified Google e-mail to the existing account of that e-mail', async () => {
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/customers/signin',
      payload: { first_name: 'Lia', last_name: 'Matos', EmailAddress: 'lia@example.com', password: 'Secret#123', cart: [], id_brand: 1 },
    });
    const customerId = signup.json().Customer.CustomerID;
    const response = await signInWithGoogle(await google.token('google-lia', { claims: { email: 'LIA@example.com', given_name: 'Other' } }));
    expect(response.statusCode).toBe(200);
    expect(response.json().Customer).toMatchObject({ CustomerID: customerId, FirstName: 'Lia' });
    const { rows } = await ctx.db.query<{ google_sub: string }>('SELECT google_sub FROM customers WHERE id = $1', [customerId]);
    expect(rows[0]!.google_sub).toBe('google-lia');
    // The password still works too.
    const login = await ctx.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email: 'lia@example.com', password: 'Secret#123', id_brand: 1 } });
    expect(login.statusCode).toBe(200);
  });

  it('does not link or create from an unverified Google e-mail', async () => {
    const response = await signInWithGoogle(await google.token('google-unverified', { claims: { email: 'lia@example.com', email_verified: false } }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual(expect.any(String));
    const { rows } = await ctx.db.query(`SELECT 1 FROM customers WHERE google_sub = 'google-unverified'`);
    expect(rows).toHaveLength(0);
  });

  it('answers 401 with a message to a forged, expired, wrong-audience or wrong-issuer token, and creates nobody', async () => {
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
      expect(response.json().message).toBe('Google sign-in failed. Please try again.');
    }
    const { rows } = await ctx.db.query(`SELECT 1 FROM customers WHERE email = 'mallory@gmail.com'`);
    expect(rows).toHaveLength(0);
    expect(google.requests()).toBeGreaterThan(0);
  });
});
