import { hashingLoad, randomToken } from '../../lib/passwords';
import { testApp } from '../../test/app';

// Issue 9: throttles that hold under racing requests, lock-out that is not a weapon, and no
// unauthenticated hashing before the cheap checks. Default settings (30 failures, 15 minutes).
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

const PASSWORD = 'Secret#123';
const post = (url: string, body: object, ip: string) => ctx.app.inject({ method: 'POST', url: `/api/customers/${url}`, payload: body, remoteAddress: ip });
const login = (email: string, password: string, ip: string) => post('login', { email, password, cart: [], id_brand: 1 }, ip);
const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, response) => ({ ...counts, [response.statusCode]: (counts[response.statusCode] ?? 0) + 1 }), {});

async function register(email: string, ip: string) {
  const response = await post('signin', { first_name: 'Hana', last_name: 'Hard', EmailAddress: email, password: PASSWORD, cart: [], id_brand: 1 }, ip);
  expect(response.statusCode).toBe(200);
}

describe('throttle counting is atomic', () => {
  it('checks exactly 30 of 60 racing wrong passwords for one account', async () => {
    await register('raced@example.com', '127.20.0.1');
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => login('raced@example.com', `Wrong#${i}abc`, `127.21.0.${i + 1}`)));
    expect(statuses(responses)).toEqual({ 422: 30, 429: 30 });
  });

  it('checks exactly 30 of 60 racing failures from one address', async () => {
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`racer${i}@example.com`, 'Wrong#1abc', '127.22.0.1')));
    expect(statuses(responses)).toEqual({ 422: 30, 429: 30 });
  });

  it('says in Retry-After the time actually left of the window', async () => {
    await Promise.all(Array.from({ length: 30 }, (_, i) => login(`waiter${i}@example.com`, 'Wrong#1abc', '127.23.0.1')));
    const first = await login('waiter@example.com', 'Wrong#1abc', '127.23.0.1');
    expect(first.statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const later = await login('waiter@example.com', 'Wrong#1abc', '127.23.0.1');
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(Number(first.headers['retry-after']) - 2);
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(890);
  });
});

describe('lock-out is not a weapon', () => {
  it('keeps the owner signing in from an address they used while strangers hold the account-wide limit', async () => {
    await register('owner@example.com', '127.30.0.1');
    const failures = await Promise.all(Array.from({ length: 30 }, (_, i) => login('owner@example.com', `Wrong#${i}abc`, `127.31.0.${i + 1}`)));
    expect(statuses(failures)).toEqual({ 422: 30 });
    // A stranger's address is refused even with the right password; the owner's own is not.
    expect((await login('owner@example.com', PASSWORD, '127.32.0.1')).statusCode).toBe(429);
    expect((await login('owner@example.com', PASSWORD, '127.30.0.1')).statusCode).toBe(200);
    // Recovery by mail stays open for the owner.
    expect((await post('passwordrecovery', { id_brand: 1, email: 'owner@example.com' }, '127.32.0.2')).statusCode).toBe(200);
  });

  it('limits one address to 10 failures per account without blocking the account elsewhere', async () => {
    await register('pair@example.com', '127.33.0.1');
    const failures = await Promise.all(Array.from({ length: 10 }, (_, i) => login('pair@example.com', `Wrong#${i}abc`, '127.34.0.1')));
    expect(statuses(failures)).toEqual({ 422: 10 });
    expect((await login('pair@example.com', PASSWORD, '127.34.0.1')).statusCode).toBe(429);
    expect((await login('pair@example.com', 'Wrong#xabc', '127.34.0.2')).statusCode).toBe(422);
    expect((await login('pair@example.com', PASSWORD, '127.34.0.3')).statusCode).toBe(200);
  });
});

describe('password reset: the cheap checks first', () => {
  it('refuses an unknown link without hashing the new password', async () => {
    let busiest = 0;
    const burst = Promise.all(Array.from({ length: 20 }, (_, i) => post('passwordreset', { id: randomToken(), password: 'NewPass#123', confirm_password: 'NewPass#123' }, `127.40.0.${i + 1}`)));
    let done = false;
    void burst.then(() => (done = true));
    while (!done) {
      busiest = Math.max(busiest, hashingLoad().active + hashingLoad().queued);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(statuses(await burst)).toEqual({ 422: 20 });
    expect(busiest).toBe(0);
  });

  it('throttles resets per address', async () => {
    const attempt = () => post('passwordreset', { id: randomToken(), password: 'NewPass#123', confirm_password: 'NewPass#123' }, '127.41.0.1');
    const refused = await Promise.all(Array.from({ length: 30 }, attempt));
    expect(statuses(refused)).toEqual({ 422: 30 });
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts/);
  });
});
