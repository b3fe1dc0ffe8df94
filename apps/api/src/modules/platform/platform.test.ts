import { testApp } from '../../test/app';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

describe('platform routes', () => {
  it('answers health', async () => {
    const response = await ctx.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('gives every brand-details field of spec §3 with the sample customer as customerID', async () => {
    const response = await ctx.app.inject('/api/brands/details?id_brand=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    for (const field of ['2hand_logo', 'mini_logo', 'image_sidebar', 'main_domain', 'return_center_link', '2hand_size_guide', 'main_logo', '2hand_sidebar_image_vertical']) {
      expect(typeof body[field]).toBe('string');
    }
    expect(body.link_socials.length).toBeGreaterThan(0);
    expect(body.link_socials[0]).toEqual({ name: expect.any(String), link: expect.stringMatching(/^https:/), icon: expect.any(String) });
    expect(body.collections.collections.length).toBeGreaterThan(0);
    expect(body.collections.collections_sample.length).toBeGreaterThan(0);
    const { rows } = await ctx.db.query<{ id: number }>(`SELECT id FROM customers WHERE email = 'marta@preloved.test'`);
    expect(body.customerID).toBe(rows[0]!.id);
    expect(response.headers['cache-control']).toContain('max-age');
  });

  it('refuses another brand and a missing brand id with 422 naming id_brand', async () => {
    for (const url of ['/api/brands/details?id_brand=2', '/api/brands/details', '/api/brands/details?id_brand=abc']) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'invalid_request', fields: [{ field: 'id_brand' }] });
    }
  });

  it('stores a newsletter email once, even when it is sent twice', async () => {
    const send = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/commons/newsletteremail', payload: { email, id_brand: 1 } });
    expect((await send('Twice@Example.com')).statusCode).toBe(200);
    expect((await send('twice@example.com')).statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM newsletter_subscriptions WHERE email = 'twice@example.com'`);
    expect(rows[0]!.count).toBe(1);
  });

  it('refuses empty, malformed and 51-character emails with the spec keys and stores nothing', async () => {
    const cases: [string, string][] = [
      ['', 'no_email'],
      ['ana@example', 'invalid_email'],
      [`${'a'.repeat(39)}@example.com`, 'too_long'],
    ];
    for (const [email, key] of cases) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/commons/newsletteremail', payload: { email, id_brand: 1 } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: key, fields: [{ field: 'email', key }] });
    }
    const { rows } = await ctx.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM newsletter_subscriptions WHERE email LIKE 'ana@%' OR email LIKE 'aaaa%'`);
    expect(rows[0]!.count).toBe(0);
  });

  it('never answers garbage with a 5xx', async () => {
    const bodies: unknown[] = [
      null, [], 'text', 42, true, {}, { email: null }, { email: 42, id_brand: 1 }, { email: ['a'], id_brand: 1 },
      { email: { $ne: '' }, id_brand: 1 }, { email: 'x'.repeat(100000), id_brand: 1 }, { email: 'a@b.co', id_brand: '1; DROP TABLE brands' },
      { email: "'; DROP TABLE newsletter_subscriptions; --@x.com", id_brand: 1 },
    ];
    for (const body of bodies) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/commons/newsletteremail', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const raw = [
      ['{"email": ', 'application/json'],
      ['email=a@b.co', 'application/x-www-form-urlencoded'],
      ['<xml/>', 'text/xml'],
    ];
    for (const [payload, type] of raw) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/commons/newsletteremail', payload, headers: { 'content-type': type! } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const huge = await ctx.app.inject({ method: 'POST', url: '/api/commons/newsletteremail', payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(huge.statusCode).toBe(413);
    const brand = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM brands');
    expect(brand.rows[0]!.count).toBe(1);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await ctx.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'route_not_found', params: { method: 'GET', path: '/api/nothing-here' } });
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets configured origins through CORS only', async () => {
    const allowed = await ctx.app.inject({ url: '/api/health', headers: { origin: 'http://localhost:3001' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    const other = await ctx.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const response = await ctx.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/brands/details', '/api/commons/newsletteremail', '/api/products/listings/all', '/api/products/{product_id}', '/api/vendors/{id}']));
    const docs = await ctx.app.inject('/api/docs');
    expect([200, 302]).toContain(docs.statusCode);
  });
});

describe('what production serves', () => {
  let production: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    production = await testApp({ NODE_ENV: 'production', DEMO: 'true', OPERATOR_KEY: 'operator-key-of-the-test-1234' });
  });
  afterAll(() => production.close());

  it('tells the engine and uptime from /api/health only to an operator', async () => {
    expect((await production.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await production.app.inject({ url: '/api/health', headers: { 'x-operator-key': 'wrong' } })).json()).toEqual({ status: 'ok' });
    const operator = await production.app.inject({ url: '/api/health', headers: { 'x-operator-key': 'operator-key-of-the-test-1234' } });
    expect(operator.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite', uptime: expect.any(Number) });
  });

  it('serves no API docs and lets no other origin in, unless configured', async () => {
    expect((await production.app.inject('/api/docs/json')).statusCode).toBe(404);
    expect((await production.app.inject('/api/docs')).statusCode).toBe(404);
    const cors = await production.app.inject({ url: '/api/health', headers: { origin: 'http://localhost:3001' } });
    expect(cors.headers['access-control-allow-origin']).toBeUndefined();
    const configured = await testApp({ NODE_ENV: 'production', DEMO: 'true', API_DOCS: 'true', CORS_ORIGINS: 'https://shop.example' });
    try {
      expect((await configured.app.inject('/api/docs/json')).statusCode).toBe(200);
      const allowed = await configured.app.inject({ url: '/api/health', headers: { origin: 'https://shop.example' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example');
    } finally {
      await configured.close();
    }
  });

  it('answers a malformed URL through its own error handler, with the usual headers', async () => {
    for (const url of ['/api/%', '/api/products/%E0%A4%A', '/%c0', '/api/vendors/%zz?id_brand=1']) {
      const response = await production.app.inject(url);
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', code: 'invalid_url', message: expect.any(String) });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses control characters in names', async () => {
    const response = await production.app.inject({
      method: 'POST',
      url: '/api/customers/signin',
      payload: { first_name: 'Ana\u202e', last_name: 'Silva\nBcc: x', EmailAddress: 'ana.ctrl@example.com', password: 'Secret#123', cart: [], id_brand: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('invalid_characters');
    expect(response.json().fields).toEqual([
      { field: 'first_name', key: 'invalid_characters' },
      { field: 'last_name', key: 'invalid_characters' },
    ]);
  });
});
