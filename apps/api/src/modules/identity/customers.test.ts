import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BagLine, isErrorCode, LoginResult, SignupResult, StorefrontProfile } from '@preloved/contract';
import { testApp } from '../../test/app';

let ctx: Awaited<ReturnType<typeof testApp>>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'preloved-customers-'));
beforeAll(async () => {
  ctx = await testApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Every call comes from an address of its own unless a test says otherwise, so the per-IP
// throttling of one test never reaches another.
let lastIp = 0;
const nextIp = () => `127.1.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

type Method = 'GET' | 'POST' | 'PUT';
function call(method: Method, url: string, options: { body?: unknown; token?: string; ip?: string } = {}) {
  return ctx.app.inject({
    method,
    url: `/api/customers/${url}`,
    remoteAddress: options.ip ?? nextIp(),
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body), headers: { 'content-type': 'application/json' } } : {}),
    ...(options.token ? { headers: { authorization: `Bearer ${options.token}`, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) } } : {}),
  });
}

const PASSWORD = 'Secret#123';
let emailCounter = 0;
const freshEmail = () => `shopper${++emailCounter}@example.com`;

async function register(email = freshEmail(), extra: Record<string, unknown> = {}) {
  const response = await call('POST', 'signin', {
    body: { first_name: 'Rita', last_name: 'Lopes', EmailAddress: email, password: PASSWORD, cart: [], id_brand: 1, ...extra },
  });
  expect(response.statusCode).toBe(200);
  return SignupResult.parse(response.json());
}

const login = (email: string, password: string, cart: number[] = [], ip?: string) =>
  call('POST', 'login', { body: { email, password, cart, id_brand: 1 }, ip });

async function activeListings(count: number, notSeller?: number): Promise<{ id: number; photo: string; price_cents: number }[]> {
  const { rows } = await ctx.db.query<{ id: number; photo: string; price_cents: number }>(
    `SELECT id, photos[1] AS photo, price_cents FROM listings WHERE status = 'active' AND seller_id IS DISTINCT FROM $1 ORDER BY id LIMIT $2`,
    [notSeller ?? null, count],
  );
  return rows;
}

describe('customers: the account journey', () => {
  it('registers, reads the profile, signs out, signs in, changes the password and refuses the old one', async () => {
    const email = freshEmail();
    const signup = await register(email.toUpperCase());
    expect(signup.Customer).toEqual({ CustomerID: expect.any(Number), FirstName: 'Rita', LastName: 'Lopes', EmailAddress: email, token: expect.stringMatching(/^[\w-]{43}$/) });
    expect(signup.Notifications).toBe(0);
    const token = signup.Customer.token;

    const me = await call('GET', 'storefront', { token });
    expect(me.statusCode).toBe(200);
    const profile = StorefrontProfile.parse(me.json());
    expect(profile.customer).toMatchObject({ CustomerID: signup.Customer.CustomerID, FirstName: 'Rita', LastName: 'Lopes', EmailAddress: email, verified: false });
    expect(Date.now() - Date.parse(profile.customer.member_since)).toBeLessThan(60_000);

    expect((await call('POST', 'logout', { token })).statusCode).toBe(200);
    const after = await call('GET', 'storefront', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_ended');

    const signedIn = await login(email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const result = LoginResult.parse(signedIn.json());
    expect(result.Customer).toMatchObject({ CustomerID: signup.Customer.CustomerID, EmailAddress: email, Token: expect.stringMatching(/^[\w-]{43}$/) });
    const current = result.Customer.Token;
    const other = LoginResult.parse((await login(email, PASSWORD)).json()).Customer.Token;

    const wrong = await call('PUT', 'password', { token: current, body: { current_password: 'Nope#1234', new_password: 'Newer#2345', confirm_password: 'Newer#2345' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('current_password_wrong');

    const changed = await call('PUT', 'password', { token: current, body: { current_password: PASSWORD, new_password: 'Newer#2345', confirm_password: 'Newer#2345' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toEqual(expect.any(String));
    // This session stays; the customer's other sessions end.
    expect((await call('GET', 'storefront', { token: current })).statusCode).toBe(200);
    expect((await call('GET', 'storefront', { token: other })).statusCode).toBe(401);

    const old = await login(email, PASSWORD);
    expect(old.statusCode).toBe(422);
    expect(old.json().code).toBe('incorret_combination');
    expect((await login(email, 'Newer#2345')).statusCode).toBe(200);
  });

  it('signs the seeded demo customer in', async () => {
    const response = await login('demo@preloved.test', 'Preloved#2026');
    expect(response.statusCode).toBe(200);
    expect(response.json().Customer).toMatchObject({ FirstName: 'Demo', EmailAddress: 'demo@preloved.test' });
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const email = freshEmail();
    await register(email);
    const again = await call('POST', 'signin', {
      body: { first_name: 'Other', last_name: '', EmailAddress: ` ${email.toUpperCase()} `, password: PASSWORD, cart: [], id_brand: 1 },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('email_taken');
    expect(again.json().fields).toEqual([{ field: 'EmailAddress', key: 'email_taken' }]);
  });

  it('accepts a one-word name (empty last name) at registration', async () => {
    const response = await call('POST', 'signin', { body: { first_name: 'Cher', last_name: '', EmailAddress: freshEmail(), password: PASSWORD, cart: [], id_brand: 1 } });
    expect(response.statusCode).toBe(200);
    expect(response.json().Customer.LastName).toBe('');
  });

  it('updates the profile and refuses an e-mail another account has', async () => {
    const taken = freshEmail();
    await register(taken);
    const { Customer } = await register();
    const renamed = freshEmail();
    const updated = await call('PUT', 'storefront', { token: Customer.token, body: { first_name: ' Ana ', last_name: 'Maria Sousa', EmailAddress: renamed.toUpperCase(), current_password: PASSWORD } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().customer).toMatchObject({ FirstName: 'Ana', LastName: 'Maria Sousa', EmailAddress: renamed });
    expect((await login(renamed, PASSWORD)).statusCode).toBe(200);

    const clash = await call('PUT', 'storefront', { token: Customer.token, body: { first_name: 'Ana', last_name: 'Sousa', EmailAddress: taken, current_password: PASSWORD } });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().code).toBe('email_taken');
    expect(clash.json().fields).toEqual([{ field: 'EmailAddress', key: 'email_taken' }]);
    const missing = await call('PUT', 'storefront', { token: Customer.token, body: { first_name: '', last_name: '', EmailAddress: renamed } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields).toEqual([
      { field: 'first_name', key: 'no_first_name' },
      { field: 'last_name', key: 'no_last_name' },
    ]);
  });
});

describe('customers: tokens', () => {
  it('answers 401 session_ended to a missing, malformed, forged, expired or revoked token', async () => {
    const { Customer } = await register();
    const forged = 'A'.repeat(43);
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, { authorization: `Bearer ${forged}` }, { authorization: `Bearer ${Customer.token}x` }]) {
      const response = await ctx.app.inject({ url: '/api/customers/storefront', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('session_ended');
    }
    expect((await call('GET', 'storefront', { token: Customer.token })).statusCode).toBe(200);
    await ctx.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [Customer.CustomerID]);
    expect((await call('GET', 'storefront', { token: Customer.token })).statusCode).toBe(401);
  });

  it('stores tokens hashed and expiring in 30 days', async () => {
    const { Customer } = await register();
    const { rows } = await ctx.db.query<{ token_hash: string; days: number }>(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM sessions WHERE customer_id = $1`,
      [Customer.CustomerID],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(Customer.token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.days).toBe(30);
    const { rows: hashes } = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE id = $1', [Customer.CustomerID]);
    expect(hashes[0]!.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hashes[0]!.password_hash).not.toContain(PASSWORD);
  });

  it('answers logout with 200 without a token or with a dead one', async () => {
    expect((await call('POST', 'logout')).statusCode).toBe(200);
    expect((await call('POST', 'logout', { token: 'B'.repeat(43) })).statusCode).toBe(200);
    const junk = await ctx.app.inject({ method: 'POST', url: '/api/customers/logout', headers: { authorization: 'Bearer <script>' } });
    expect(junk.statusCode).toBe(200);
  });
});

describe('customers: the bag merged at sign-in', () => {
  it('merges listings of other sellers (a sold one as an unavailable line), skips unknown and own ones, keeps one line per listing', async () => {
    const { Customer } = await register();
    const [a, b, sold, own] = await activeListings(4, Customer.CustomerID);
    await ctx.db.query(`UPDATE listings SET status = 'sold' WHERE id = $1`, [sold!.id]);
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [Customer.CustomerID, own!.id]);
    const first = LoginResult.parse((await login(Customer.EmailAddress, PASSWORD, [a!.id, 2147483647, sold!.id, own!.id])).json());
    expect(first.Cart.map((line) => [line.listing_id, line.valid_listing])).toEqual([[a!.id, true], [sold!.id, false]]);
    const second = LoginResult.parse((await login(Customer.EmailAddress, PASSWORD, [b!.id, a!.id])).json());
    expect(second.Cart.map((line) => line.listing_id)).toEqual([a!.id, sold!.id, b!.id]);

    const line = BagLine.parse(second.Cart[0]);
    const { rows } = await ctx.db.query<{ variant_id: number; child_id: number; product_id: number; first_name: string; seller_id: number; colour: string; size: string; description: string }>(
      `SELECT l.variant_id, l.child_id, l.product_id, s.first_name, s.id AS seller_id, col.name AS colour, l.size, c.description
       FROM listings l JOIN customers s ON s.id = l.seller_id JOIN colours col ON col.id = l.colour_id JOIN conditions c ON c.id = l.condition_id WHERE l.id = $1`,
      [a!.id],
    );
    const expected = rows[0]!;
    expect(line).toEqual({
      id: expect.any(Number),
      listing_id: a!.id,
      offer_id: null,
      valid_listing: true,
      valid_offer: true,
      offer_expire: null,
      offer_price: null,
      product_brand_id: expected.product_id,
      variant_id: expected.variant_id,
      product_child_id: expected.child_id,
      title: expect.any(String),
      photo: a!.photo,
      customer_name: expected.first_name,
      CustomerID: expected.seller_id,
      options: { O1Child: expected.colour, O2Child: expected.size },
      condition_description: expected.description,
      price: a!.price_cents / 100,
      currency_symb_code: 'EUR',
      wishlisted: false,
      price_added: a!.price_cents / 100,
      // The seller's bundle tiers, whatever the seed gave them.
      bundle_tiers: expect.any(Array),
    });
    expect(line.photo).toMatch(/^\/api\/assets\/photos\/.+\/1(-\d+-c[1-5])?\.svg$/);

    // A listing sold after it went into the bag stays as an unavailable line.
    await ctx.db.query(`UPDATE listings SET status = 'sold' WHERE id = $1`, [b!.id]);
    const third = LoginResult.parse((await login(Customer.EmailAddress, PASSWORD)).json());
    expect(third.Cart.map((l) => [l.listing_id, l.valid_listing])).toEqual([[a!.id, true], [sold!.id, false], [b!.id, false]]);
  });

  it('merges the guest bag at registration too', async () => {
    const [a] = await activeListings(1);
    const signup = await register(freshEmail(), { cart: [a!.id, a!.id] });
    expect(signup.Cart.map((line) => line.listing_id)).toEqual([a!.id]);
  });
});

describe('customers: what answers reveal', () => {
  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { Customer } = await register();
    const unknown = await login(freshEmail(), PASSWORD);
    const wrong = await login(Customer.EmailAddress, 'Wrong#1234');
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
    // The spec's sign-in answers its key as the message too (§5).
    expect(unknown.json()).toMatchObject({ code: 'incorret_combination', message: 'incorret_combination' });
  });

  it('answers password recovery alike for a known and an unknown e-mail', async () => {
    const { Customer } = await register();
    const known = await call('POST', 'passwordrecovery', { body: { id_brand: 1, email: Customer.EmailAddress } });
    const unknown = await call('POST', 'passwordrecovery', { body: { id_brand: 1, email: freshEmail() } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toEqual(expect.any(String));
  });
});

describe('customers: throttling and the outbox with the default settings', () => {
  it('answers 429 too_many_attempts with the wait in Retry-After once an account has 30 recent failures', async () => {
    const { Customer } = await register();
    await ctx.db.query(`INSERT INTO throttle_counters (key, count, window_ends) VALUES ($1, 30, now() + interval '900 seconds')`, [
      `login:email:${Customer.EmailAddress}`,
    ]);
    const response = await login(Customer.EmailAddress, PASSWORD);
    expect(response.statusCode).toBe(429);
    expect(response.json().code).toBe('too_many_attempts');
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(895);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('writes the recovery mail to DATA_DIR/outbox when no SMTP server is set', async () => {
    const { Customer } = await register();
    await call('POST', 'passwordrecovery', { body: { id_brand: 1, email: Customer.EmailAddress } });
    const outbox = path.join(dataDir, 'outbox');
    const deadline = Date.now() + 10_000;
    let mail = '';
    while (!mail && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const files = (() => {
        try {
          return readdirSync(outbox).filter((file) => file.endsWith('.eml'));
        } catch {
          return [];
        }
      })();
      mail = files.map((file) => readFileSync(path.join(outbox, file), 'utf8')).find((text) => text.includes(`To: ${Customer.EmailAddress}`) && text.includes('Subject: Reset')) ?? '';
    }
    expect(mail).toContain('Subject: Reset your Preloved password');
    expect(mail.replace(/=\r?\n/g, '')).toMatch(/http:\/\/localhost:3000\/reset-password\/[\w-]{43}/);
  });
});

describe('customers: validation', () => {
  const long = 'x'.repeat(51);
  const email51 = `${'a'.repeat(39)}@example.com`;
  const okSignup = { first_name: 'Rita', last_name: 'Lopes', EmailAddress: 'valid@example.com', password: PASSWORD, cart: [], id_brand: 1 };
  const cases: [string, Method, string, unknown, string | null][] = [
    ['login without e-mail', 'POST', 'login', { password: 'x', id_brand: 1 }, 'no_email'],
    ['login with an empty e-mail', 'POST', 'login', { email: '', password: 'x', id_brand: 1 }, 'no_email'],
    ['login with a malformed e-mail', 'POST', 'login', { email: 'ana@example', password: 'x', id_brand: 1 }, 'invalid_email'],
    ['login with a 51-character e-mail', 'POST', 'login', { email: email51, password: 'x', id_brand: 1 }, 'too_long'],
    ['login without password', 'POST', 'login', { email: 'a@b.co', id_brand: 1 }, 'no_password'],
    ['login with an empty password', 'POST', 'login', { email: 'a@b.co', password: '', id_brand: 1 }, 'no_password'],
    ['login with a 51-character password', 'POST', 'login', { email: 'a@b.co', password: long, id_brand: 1 }, 'too_long'],
    ['login with a number as e-mail', 'POST', 'login', { email: 42, password: 'x', id_brand: 1 }, 'no_email'],
    ['login with another brand', 'POST', 'login', { email: 'a@b.co', password: 'x', id_brand: 2 }, 'id_brand must be 1'],
    ['login with a cart of words', 'POST', 'login', { email: 'a@b.co', password: 'x', cart: ['a'], id_brand: 1 }, 'cart must be a list of listing ids'],
    ['login with a cart that is not a list', 'POST', 'login', { email: 'a@b.co', password: 'x', cart: 5, id_brand: 1 }, 'cart must be a list of listing ids'],
    ['login with 101 cart ids', 'POST', 'login', { email: 'a@b.co', password: 'x', cart: Array.from({ length: 101 }, (_, i) => i + 1), id_brand: 1 }, 'cart can hold at most 100 listing ids'],
    ['login with an object as body', 'POST', 'login', { email: { $ne: '' }, password: { $ne: '' }, id_brand: 1 }, null],
    ['signup without first name', 'POST', 'signin', { ...okSignup, first_name: ' ' }, 'no_first_name'],
    ['signup with a 51-character first name', 'POST', 'signin', { ...okSignup, first_name: long }, 'too_long'],
    ['signup with a 51-character last name', 'POST', 'signin', { ...okSignup, last_name: long }, 'too_long'],
    ['signup without e-mail', 'POST', 'signin', { ...okSignup, EmailAddress: '' }, 'no_email'],
    ['signup with a malformed e-mail', 'POST', 'signin', { ...okSignup, EmailAddress: 'no-at-sign' }, 'invalid_email'],
    ['signup with a 51-character e-mail', 'POST', 'signin', { ...okSignup, EmailAddress: email51 }, 'too_long'],
    ['signup without password', 'POST', 'signin', { ...okSignup, password: '' }, 'no_password'],
    ['signup with a weak password', 'POST', 'signin', { ...okSignup, password: 'password1' }, 'password_rules'],
    ['signup with a 31-character password', 'POST', 'signin', { ...okSignup, password: `Ab1!${'x'.repeat(27)}` }, 'password_rules'],
    ['signup with a 51-character password', 'POST', 'signin', { ...okSignup, password: `Ab1!${'x'.repeat(47)}` }, 'password_rules'],
    ['signup with names as numbers', 'POST', 'signin', { ...okSignup, first_name: 1, last_name: 2 }, 'no_first_name'],
    ['google without code', 'POST', 'google', { cart: [], id_brand: 1 }, 'code is required'],
    ['recovery without e-mail', 'POST', 'passwordrecovery', { id_brand: 1 }, 'no_email'],
    ['recovery with a malformed e-mail', 'POST', 'passwordrecovery', { id_brand: 1, email: 'x@y' }, 'invalid_email'],
    ['reset without password', 'POST', 'passwordreset', { id: 'abc', password: '', confirm_password: '' }, 'no_password'],
    ['reset with a weak password', 'POST', 'passwordreset', { id: 'abc', password: 'short', confirm_password: 'short' }, 'password_rules'],
    ['reset with another confirmation', 'POST', 'passwordreset', { id: 'abc', password: PASSWORD, confirm_password: 'Other#123' }, 'password_not_match'],
    ['reset with an empty confirmation', 'POST', 'passwordreset', { id: 'abc', password: PASSWORD, confirm_password: '' }, 'no_password'],
    ['reset without id', 'POST', 'passwordreset', { password: PASSWORD, confirm_password: PASSWORD }, 'id is required'],
  ];
  it.each(cases)('%s → 422 with the key as code and a message', async (_name, method, url, body, key) => {
    const response = await call(method, url, { body });
    expect(response.statusCode).toBe(422);
    const json = response.json();
    expect(json.message).toEqual(expect.any(String));
    expect(json.message.length).toBeGreaterThan(0);
    // A key that is a sentence rather than a catalogue code answers the generic code.
    expect(json.code).toBe(key === null ? 'no_email' : isErrorCode(key) ? key : 'invalid_request');
    if (key) expect(json.fields.map((field: { key: string }) => field.key)).toContain(key);
  });

  it('gives the spec sentences as the message', async () => {
    expect((await call('POST', 'login', { body: { email: '', password: 'x', id_brand: 1 } })).json().code).toBe('no_email');
    expect((await call('POST', 'login', { body: { email: 'a@b', password: 'x', id_brand: 1 } })).json().code).toBe('invalid_email');
    expect((await call('POST', 'signin', { body: { ...okSignup, password: 'weak' } })).json().code).toBe('password_rules');
  });

  it('checks the password change fields with their own keys', async () => {
    const { Customer } = await register();
    const change = (body: unknown) => call('PUT', 'password', { token: Customer.token, body });
    const empty = await change({ current_password: '', new_password: '', confirm_password: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields).toEqual([
      { field: 'current_password', key: 'no_current_password' },
      { field: 'new_password', key: 'no_new_password' },
      { field: 'confirm_password', key: 'no_confirm_password' },
    ]);
    const rules = await change({ current_password: PASSWORD, new_password: 'weakpass', confirm_password: 'weakpass' });
    expect(rules.json().fields).toEqual([{ field: 'new_password', key: 'password_rules' }]);
    const mismatch = await change({ current_password: PASSWORD, new_password: 'Newer#2345', confirm_password: 'Newer#2346' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().fields).toEqual([{ field: 'confirm_password', key: 'password_not_match' }]);
    // Nothing changed.
    expect((await login(Customer.EmailAddress, PASSWORD)).statusCode).toBe(200);
  });

  it('never answers garbage with a 5xx', async () => {
    const { Customer } = await register();
    const bodies: unknown[] = [null, [], 'text', 42, true, {}, { email: 'x'.repeat(100000), password: 'x', id_brand: 1 }, { email: "'; DROP TABLE customers; --@x.com", password: 'x', id_brand: 1 }, { email: 'a\u0000b@x.com', password: 'x\u0000', id_brand: 1 }];
    const urls: [Method, string][] = [['POST', 'login'], ['POST', 'signin'], ['POST', 'google'], ['POST', 'passwordrecovery'], ['POST', 'passwordreset'], ['PUT', 'storefront'], ['PUT', 'password']];
    for (const [method, url] of urls) {
      for (const body of bodies) {
        const response = await call(method, url, { body, token: Customer.token });
        expect([method, url, response.statusCode]).toEqual([method, url, expect.any(Number)]);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().message).toEqual(expect.any(String));
      }
      for (const [payload, type] of [['{"email": ', 'application/json'], ['email=a@b.co', 'application/x-www-form-urlencoded']]) {
        const response = await ctx.app.inject({ method, url: `/api/customers/${url}`, payload, headers: { 'content-type': type!, authorization: `Bearer ${Customer.token}` } });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().message).toEqual(expect.any(String));
      }
    }
    for (const id of ['x', 'x'.repeat(43), 'x'.repeat(201), '%00', "'; DROP TABLE password_resets; --"]) {
      const response = await ctx.app.inject(`/api/customers/passwordreset/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('answers Google sign-in with a message when no client id is configured', async () => {
    const response = await call('POST', 'google', { body: { code: 'header.payload.signature', cart: [], id_brand: 1 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('google_not_configured');
  });

  it('lists every identity call in the OpenAPI document', async () => {
    const paths = Object.keys((await ctx.app.inject('/api/docs/json')).json().paths);
    for (const name of ['login', 'signin', 'google', 'passwordrecovery', 'passwordreset', 'passwordreset/{id}', 'logout', 'storefront', 'password']) {
      expect(paths).toContain(`/api/customers/${name}`);
    }
  });
});
