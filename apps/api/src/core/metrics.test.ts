import { testApp, testAppForFile, type TestApp } from '../test/app';

// Item 3: metrics an operator can scrape (never public), request ids that tie a proxy's
// log to the API's, and a readiness check for the proxy and orchestrators.

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('/metrics', () => {
  let ctx: TestApp;
  testAppForFile({ METRICS_TOKEN: TOKEN }, {}, (started) => (ctx = started));
  const scrape = (authorization?: string) =>
    ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers only the operator’s bearer token: none or a wrong one is 401 and says nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', TOKEN, `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json().code).toBe('metrics_token_needed');
      expect(response.body).not.toContain('preloved_');
    }
  });

  it('counts requests by route pattern and status, with their latency, in Prometheus format', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/brands/details?id_brand=1' });
    await ctx.app.inject({ method: 'GET', url: '/api/brands/details?id_brand=nope' });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/preloved_http_requests_total\{method="GET",route="\/api\/brands\/details",status="200"\} 1/);
    expect(response.body).toMatch(/preloved_http_requests_total\{method="GET",route="\/api\/brands\/details",status="422"\} 1/);
    expect(response.body).toMatch(/preloved_http_request_duration_seconds_count\{method="GET",route="\/api\/brands\/details",status_class="2xx"\} 1/);
  });

  it('times database queries and reports orders, payment attempts and the catalogue cache', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/preloved_db_query_duration_seconds_count\{kind="query",outcome="ok"\} [1-9]/);
    expect(body).toContain('# TYPE preloved_orders gauge');
    expect(body).toContain('# TYPE preloved_payment_attempts gauge');
    expect(body).toContain('# TYPE preloved_mail_outbox gauge');
    expect(body).toMatch(/^preloved_shipping_labels\{state="failed"\} 0$/m);
    expect(body).toContain('# TYPE preloved_bank_transfers gauge');
    expect(body).toContain('# TYPE preloved_catalogue_cache_lookups_total counter');
    expect(body).toContain('# TYPE preloved_ssr_render_duration_seconds histogram');
    expect(body).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const plain = await testApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('request ids', () => {
  let ctx: TestApp;
  testAppForFile({}, {}, (started) => (ctx = started));

  it('keeps the proxy’s X-Request-Id and echoes it in the answer', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'proxy-7f3a:1' } });
    expect(response.headers['x-request-id']).toBe('proxy-7f3a:1');
  });

  it('makes one when none came, and for an id that is not a plain token (no log injection)', async () => {
    for (const given of [undefined, 'a b', 'x'.repeat(129), 'id\u0085two']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: given === undefined ? {} : { 'x-request-id': given } });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('names the request on errors too', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': 'abc-404' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe('abc-404');
  });
});

describe('GET /api/health/ready', () => {
  let ctx: TestApp;
  testAppForFile({}, {}, (started) => (ctx = started));

  it('is ready when the database answers and every migration is applied', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('is not ready (503, naming it) while a migration is not applied', async () => {
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
    const last = rows[0]!.name;
    await ctx.db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not_ready', reason: 'migrations_pending', pending: [last] });
    } finally {
      await ctx.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last]);
    }
  });
});
