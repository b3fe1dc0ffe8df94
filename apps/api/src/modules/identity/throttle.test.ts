import { testApp } from '../../test/app';

// A short sliding window so the test can wait it out; the limits are the real ones (30 failures).
const WINDOW_SECONDS = 10;
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({ LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS) });
});
afterAll(() => ctx.close());

const PASSWORD = 'Secret#123';
const post = (url: string, body: unknown, ip: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/customers/${url}`, payload: body as object, remoteAddress: ip });
const login = (email: string, password: string, ip: string) => post('login', { email, password, cart: [], id_brand: 1 }, ip);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function register(email: string) {
  const response = await post('signin', { first_name: 'Tess', last_name: 'Throttle', EmailAddress: email, password: PASSWORD, cart: [], id_brand: 1 }, '127.9.9.9');
  expect(response.statusCode).toBe(200);
}

describe('customers: sign-in throttling', () => {
  it('refuses an account after 30 failures, and an IP after 30 failures, until the window has slid past them', async () => {
    const victim = 'victim@example.com';
    const other = 'other@example.com';
    await register(victim);
    await register(other);
    const started = Date.now();

    // 30 failures for one account, each from another address, and 30 failures from one address,
    // each for another (unknown) account; sent together so they fit the short window on a busy machine.
    const failures = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => login(victim, `Wrong#${i}abc`, `127.2.0.${i + 1}`)),
      ...Array.from({ length: 30 }, (_, i) => login(`nobody${i}@example.com`, 'Wrong#1abc', '127.3.0.1')),
    ]);
    expect(failures.map((response) => response.statusCode)).toEqual(Array(60).fill(422));
    const lastFailure = Date.now();
    // The test means nothing if the failures already started leaving the window.
    expect(lastFailure - started).toBeLessThan(WINDOW_SECONDS * 1000);

    // The account is refused even with the right password, from any address.
    const locked = await login(victim, PASSWORD, '127.4.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
    // The one test that a 429's English sentence names the wait, for clients that do not translate the code.
    expect(locked.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    // Retry-After is the time actually left of the window that began with the first failure.
    const left = Number(locked.headers['retry-after']);
    expect(left).toBeGreaterThanOrEqual(1);
    expect(left).toBeLessThanOrEqual(Math.ceil((started + WINDOW_SECONDS * 1000 - Date.now()) / 1000) + 1);
    // The address is refused for every account; the same account from elsewhere is fine.
    expect((await login(other, PASSWORD, '127.3.0.1')).statusCode).toBe(429);
    expect((await login(other, PASSWORD, '127.4.0.2')).statusCode).toBe(200);

    // Refused attempts do not extend the block: once the failures are older than the window, the
    // right password works again.
    await sleep(lastFailure + WINDOW_SECONDS * 1000 + 500 - Date.now());
    expect((await login(victim, PASSWORD, '127.4.0.1')).statusCode).toBe(200);
    expect((await login(other, PASSWORD, '127.3.0.1')).statusCode).toBe(200);
  }, 60_000);

  it('limits recovery e-mails per address and per IP', async () => {
    const email = 'recover@example.com';
    await register(email);
    for (let i = 0; i < 5; i++) {
      expect((await post('passwordrecovery', { id_brand: 1, email }, `127.5.0.${i + 1}`)).statusCode).toBe(200);
    }
    const refused = await post('passwordrecovery', { id_brand: 1, email }, '127.5.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_attempts');
    // An unknown address is limited alike, so the limit reveals nothing either.
    for (let i = 0; i < 5; i++) await post('passwordrecovery', { id_brand: 1, email: 'ghost@example.com' }, `127.5.2.${i + 1}`);
    expect((await post('passwordrecovery', { id_brand: 1, email: 'ghost@example.com' }, '127.5.3.1')).statusCode).toBe(429);
    // Per IP: 30 requests for 30 different addresses.
    for (let i = 0; i < 30; i++) {
      expect((await post('passwordrecovery', { id_brand: 1, email: `many${i}@example.com` }, '127.6.0.1')).statusCode).toBe(200);
    }
    expect((await post('passwordrecovery', { id_brand: 1, email: 'fresh@example.com' }, '127.6.0.1')).statusCode).toBe(429);
    expect((await post('passwordrecovery', { id_brand: 1, email: 'fresh@example.com' }, '127.6.0.2')).statusCode).toBe(200);
  }, 30_000);
});
