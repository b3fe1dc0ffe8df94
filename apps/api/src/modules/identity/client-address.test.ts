import { loadConfig } from '../../config';
import { testApp } from '../../test/app';

// Which address a throttle counts: the socket's peer unless TRUST_PROXY says a proxy may name the client.
const login = (ctx: Awaited<ReturnType<typeof testApp>>, remoteAddress: string, forwardedFor?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/customers/login',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email: `nobody${Math.random()}@example.com`, password: 'Wrong#1abc', cart: [], id_brand: 1 },
  });

describe('client address without a trusted proxy (the default)', () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    ctx = await testApp();
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For: rotating it does not escape the per-IP limit', async () => {
    const failures = await Promise.all(Array.from({ length: 30 }, (_, i) => login(ctx, '127.7.0.1', `203.0.113.${i + 1}`)));
    expect(failures.map((response) => response.statusCode)).toEqual(Array(30).fill(422));
    expect((await login(ctx, '127.7.0.1', '203.0.113.200')).statusCode).toBe(429);
    expect((await login(ctx, '127.7.0.1')).statusCode).toBe(429);
    // Nor can a header name a victim's address to lock it out.
    expect((await login(ctx, '127.7.0.2', '127.7.0.1')).statusCode).toBe(422);
  });
});

describe('client address behind a trusted proxy', () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    ctx = await testApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => ctx.close());

  it('counts the address the proxy forwards, and only from the proxy', async () => {
    const failures = await Promise.all(Array.from({ length: 30 }, () => login(ctx, '10.1.2.3', '198.51.100.7')));
    expect(failures.map((response) => response.statusCode)).toEqual(Array(30).fill(422));
    expect((await login(ctx, '10.1.2.3', '198.51.100.7')).statusCode).toBe(429);
    expect((await login(ctx, '10.1.2.3', '198.51.100.8')).statusCode).toBe(422);
    // A client that is not the proxy cannot borrow the header; a forged left-most entry is not read.
    expect((await login(ctx, '127.7.1.1', '198.51.100.8')).statusCode).toBe(422);
    expect((await login(ctx, '10.1.2.3', '198.51.100.8, 198.51.100.7')).statusCode).toBe(429);
  });

  it('falls back to the peer when the forwarded value is not an IP address', async () => {
    const failures = await Promise.all(Array.from({ length: 30 }, (_, i) => login(ctx, '10.9.9.9', `garbage-${i}`)));
    expect(failures.map((response) => response.statusCode)).toEqual(Array(30).fill(422));
    expect((await login(ctx, '10.9.9.9', 'garbage-x')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY setting', () => {
  it('takes a hop count or an address list, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,192.0.2.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '2001:db8::/32', '192.0.2.1']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8, evil' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
