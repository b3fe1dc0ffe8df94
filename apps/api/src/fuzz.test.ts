import { testApp } from './test/app';
import { shopper } from './test/checkout';

// Every route in the OpenAPI document gets garbage: whatever arrives, the answer is a 4xx with a
// message (or a 2xx), never a 5xx. New routes are covered as soon as they are documented.

let ctx: Awaited<ReturnType<typeof testApp>>;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  ctx = await testApp();
  const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })));
});
afterAll(() => ctx.close());

const huge = 'x'.repeat(100_000);
const bodies: unknown[] = [
  null, [], [1, 2], 'text', 42, -1, 1e308, true, {}, { email: null }, { email: 42, id_brand: 1 }, { email: ['a@b.co'], id_brand: 1 },
  { email: { $ne: '' }, id_brand: 1 }, { email: huge, id_brand: 1 }, { email: 'a@b.co', id_brand: '1; DROP TABLE brands' },
  { email: "'; DROP TABLE newsletter_subscriptions; --@x.com", id_brand: 1 }, { email: 'a@b.co', id_brand: 1, extra: { deep: [1, { x: 'y' }] } },
  { __proto__: { admin: true }, email: 'proto@b.co', id_brand: 1 }, { constructor: { prototype: { polluted: true } } },
  { email: '\u0000@\u0000.co', id_brand: 1 }, { email: 'a@b.co', id_brand: 1.5 }, { email: 'a@b.co', id_brand: 2 ** 53 },
];
const rawBodies: [string, string][] = [
  ['{"email": ', 'application/json'],
  ['{"email": "a@b.co", "id_brand": 1}}', 'application/json'],
  ['', 'application/json'],
  ['email=a@b.co&id_brand=1', 'application/x-www-form-urlencoded'],
  ['<xml/>', 'text/xml'],
  ['\u0000\u0001\u0002', 'application/octet-stream'],
];
const queries = [
  '', '?id_brand=', '?id_brand=2', '?id_brand=abc', '?id_brand=1&id_brand=1', '?id_brand[]=1', '?id_brand[a]=1', '?id_brand=1e400',
  '?id_brand=-1', '?id_brand=%00', `?id_brand=${huge}`, '?limit=-5&page=0', '?limit=abc&page=1e9', '?q=%27%3B%20DROP%20TABLE%20listings%3B--',
  `?q=${'é'.repeat(500)}`, '?sort=nonsense&gender=cats&category=999', '?price_min=10&price_max=1', '?size=&colour=&condition=abc', '?%zz=1',
];
const params = ['0', '-1', 'abc', '1e400', '99999999999999999999', '%00', "1'%20OR%20'1'='1", 'x'.repeat(300), '1.5'];

function expectClientOutcome(status: number, body: string, what: string) {
  if (status >= 500) throw new Error(`${what} → ${status} ${body.slice(0, 200)}`);
  if (status >= 400) expect(JSON.parse(body).message).toEqual(expect.any(String));
}

describe('garbage in, no 5xx out', () => {
  it('finds the documented routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(3);
  });

  it('survives garbage query strings and path parameters on every GET', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const paths = route.path.includes('{') ? params.map((value) => route.path.replace(/\{[^}]+\}/g, value)) : [route.path];
      for (const path of paths) {
        for (const query of queries) {
          const response = await ctx.app.inject({ method: 'GET', url: `${path}${query}` });
          expectClientOutcome(response.statusCode, response.body, `GET ${path}${query.slice(0, 60)}`);
        }
      }
    }
  });

  it('survives garbage bodies of every type on every POST, PUT, PATCH and DELETE', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')) {
      const url = route.path.replace(/\{[^}]+\}/g, '1');
      for (const body of bodies) {
        const response = await ctx.app.inject({ method: route.method as 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        expectClientOutcome(response.statusCode, response.body, `${route.method} ${url} ${JSON.stringify(body).slice(0, 60)}`);
      }
      for (const [payload, type] of rawBodies) {
        const response = await ctx.app.inject({ method: route.method as 'POST', url, payload, headers: { 'content-type': type } });
        expectClientOutcome(response.statusCode, response.body, `${route.method} ${url} ${type}`);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }
      const tooLarge = await ctx.app.inject({ method: route.method as 'POST', url, payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().message).toEqual(expect.any(String));
    }
  });

  it('survives garbage as a signed-in customer too, with an Idempotency-Key (the routes behind authentication)', async () => {
    const token = (await shopper(ctx.app)).token;
    let n = 0;
    for (const route of routes) {
      const urls = route.path.includes('{') ? params.map((value) => route.path.replace(/\{[^}]+\}/g, value)) : [route.path];
      for (const url of urls) {
        for (const body of route.method === 'GET' || route.method === 'HEAD' ? [undefined] : bodies) {
          const response = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: { authorization: `Bearer ${token}`, 'idempotency-key': `fuzz-key-${++n}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          expectClientOutcome(response.statusCode, response.body, `${route.method} ${url} ${JSON.stringify(body ?? '').slice(0, 60)} (signed in)`);
        }
      }
    }
  });

  it('leaves the data intact', async () => {
    const { rows } = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM brands');
    expect(rows[0]!.count).toBe(1);
    const polluted = ({} as Record<string, unknown>).polluted ?? ({} as Record<string, unknown>).admin;
    expect(polluted).toBeUndefined();
  });
});
