import { testApp } from '../../test/app';

// Sessions end when left unused, and nothing personal is kept by a cache.
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, remoteAddress = '127.50.0.1') => ctx.app.inject({ method: 'POST', url: `/api/customers/${url}`, payload, remoteAddress });
const me = (token: string) => ctx.app.inject({ url: '/api/customers/storefront', headers: { authorization: `Bearer ${token}` } });

async function signUp(email: string): Promise<string> {
  const response = await post('signin', { first_name: 'Idle', last_name: 'Ida', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 });
  expect(response.statusCode).toBe(200);
  return response.json().Customer.token;
}

describe('sessions: idle timeout', () => {
  it('ends a session unused for 14 days, and keeps one in use', async () => {
    const idle = await signUp('idle@example.com');
    const busy = await signUp('busy@example.com');
    await ctx.db.query(`UPDATE sessions SET created_at = now() - interval '20 days', last_used_at = now() - interval '15 days' WHERE customer_id = (SELECT id FROM customers WHERE email = 'idle@example.com')`);
    await ctx.db.query(`UPDATE sessions SET created_at = now() - interval '20 days', last_used_at = now() - interval '13 days' WHERE customer_id = (SELECT id FROM customers WHERE email = 'busy@example.com')`);
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(busy)).statusCode).toBe(200);
    // Using it counts: the idle clock starts again.
    const { rows } = await ctx.db.query<{ fresh: boolean }>(
      `SELECT last_used_at > now() - interval '1 minute' AS fresh FROM sessions WHERE customer_id = (SELECT id FROM customers WHERE email = 'busy@example.com')`,
    );
    expect(rows).toEqual([{ fresh: true }]);
  });
});

describe('Cache-Control: no-store', () => {
  it('is on every answer that carries a token or personal data, refusals included', async () => {
    const token = await signUp('cached@example.com');
    const answers = [
      await post('login', { email: 'cached@example.com', password: 'Secret#123', cart: [], id_brand: 1 }),
      await post('login', { email: 'cached@example.com', password: 'Wrong#123', cart: [], id_brand: 1 }),
      await post('signin', { first_name: 'Cached', last_name: 'Too', EmailAddress: 'cached2@example.com', password: 'Secret#123', cart: [], id_brand: 1 }),
      await me(token),
      await me('x'.repeat(43)),
      await ctx.app.inject({ method: 'PUT', url: '/api/customers/storefront', headers: { authorization: `Bearer ${token}` }, payload: { first_name: 'Cached', last_name: 'Name', EmailAddress: 'cached@example.com' } }),
      await post('passwordrecovery', { id_brand: 1, email: 'cached@example.com' }),
      await ctx.app.inject({ url: '/api/products/listings/all', headers: { authorization: `Bearer ${token}` } }),
    ];
    for (const answer of answers) expect([answer.statusCode, answer.headers['cache-control']]).toEqual([answer.statusCode, 'no-store']);
  });

  it('leaves public answers cacheable', async () => {
    const brand = await ctx.app.inject('/api/brands/details?id_brand=1');
    expect(brand.headers['cache-control']).toBe('public, max-age=300');
  });
});
