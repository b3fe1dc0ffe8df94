import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DEMO_SECRETS, loadConfig } from './config';
import { testApp } from './test/app';

// Issue 24 item 7: no demo secret in production. The demo is the default (`pnpm start`, `pnpm serve`);
// DEMO=false in production refuses a missing or demo MAIN_SHOP_KEY, and seeds nothing of the demo.

const production = { NODE_ENV: 'production', DEMO: 'false' } as const;

describe('the configuration', () => {
  it('runs the demo by default, with the demo shop key, in production too', () => {
    expect(loadConfig({}).DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).MAIN_SHOP_KEY).toBe(DEMO_SECRETS.MAIN_SHOP_KEY);
  });

  it('with DEMO=false in production, stops on an unset or demo MAIN_SHOP_KEY with one line naming it', () => {
    for (const key of [undefined, '', DEMO_SECRETS.MAIN_SHOP_KEY]) {
      expect(() => loadConfig({ ...production, MAIN_SHOP_KEY: key })).toThrow(/^MAIN_SHOP_KEY must be set to a secret of your own/);
    }
    expect(loadConfig({ ...production, CARRIER_MODE: 'live', MAIN_SHOP_KEY: 'a-real-key-of-32-characters-long!' }).MAIN_SHOP_KEY).toBe('a-real-key-of-32-characters-long!');
  });

  it('with DEMO=false in production, stops on the test carrier (it reports every parcel delivered, releasing credits)', () => {
    expect(() => loadConfig({ ...production, MAIN_SHOP_KEY: 'a-real-key-of-32-characters-long!' })).toThrow(/^CARRIER_MODE must be live/);
    expect(loadConfig({ NODE_ENV: 'production' }).CARRIER_MODE).toBe('test'); // the demo keeps it
  });

  it('the server stops at start with that one line and a non-zero exit', () => {
    const api = path.resolve(__dirname, '..');
    const started = spawnSync(process.execPath, ['--import', 'tsx', path.join(api, 'src/server.ts')], {
      cwd: api,
      env: { ...process.env, ...production, MAIN_SHOP_KEY: '', PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim().split('\n')).toEqual(['MAIN_SHOP_KEY must be set to a secret of your own (not the demo\'s) when DEMO=false in production.']);
  });
});

describe('the payment provider setting (issue 28)', () => {
  const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' } as const;

  it('is the test provider by default; stripe with its three keys starts', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('test');
    expect(loadConfig({ ...stripe }).STRIPE_SECRET_KEY).toBe('sk_test_123');
  });

  it('with stripe, stops on each missing key with one line naming it', () => {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      expect(() => loadConfig({ ...stripe, [name]: '' })).toThrow(new RegExp(`^${name} must be set when PAYMENT_PROVIDER=stripe\\.$`));
    }
  });

  it('the server stops at start with that line and a non-zero exit', () => {
    const api = path.resolve(__dirname, '..');
    const started = spawnSync(process.execPath, ['--import', 'tsx', path.join(api, 'src/server.ts')], {
      cwd: api,
      env: { ...process.env, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: '', PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim().split('\n')).toEqual(['STRIPE_WEBHOOK_SECRET must be set when PAYMENT_PROVIDER=stripe.']);
  });
});

describe('the seed', () => {
  const demoRows = async (ctx: Awaited<ReturnType<typeof testApp>>) =>
    (
      await ctx.db.query<{ customers: number; listings: number; orders: number; codes: number; products: number }>(
        `SELECT (SELECT count(*)::int FROM customers) AS customers, (SELECT count(*)::int FROM listings) AS listings,
                (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM discount_codes WHERE scope = 'main_store') AS codes,
                (SELECT count(*)::int FROM products) AS products`,
      )
    ).rows[0]!;

  it('with DEMO=false, writes no demo account, listing, order or main-store code (the catalogue of products stays)', async () => {
    const ctx = await testApp({ DEMO: 'false' });
    try {
      expect(await demoRows(ctx)).toEqual({ customers: 0, listings: 0, orders: 0, codes: 0, products: expect.any(Number) });
      expect((await demoRows(ctx)).products).toBeGreaterThan(10);
    } finally {
      await ctx.close();
    }
  });

  it('the demo has its accounts, listings and main-store code', async () => {
    const ctx = await testApp();
    try {
      const rows = await demoRows(ctx);
      expect(rows.customers).toBeGreaterThan(0);
      expect(rows.listings).toBeGreaterThan(0);
      expect(rows.codes).toBe(1);
    } finally {
      await ctx.close();
    }
  });
});
