import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/db';
import { migratedTemplate } from './db-template';
import type { Clock } from '../core/clock';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { startMailbox, type Mailbox } from '../../../../tools/test-support/smtp';
import { stripeServer, type StripeServer } from './stripe-server';
import { SENDCLOUD_TEST_ROUTES, sendcloudServer, type SendcloudServer } from './sendcloud-server';

/** A clock a test sets and moves (`app.clock`); starts at the real now. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (date: Date) => void (now = date.getTime()),
    advance: (ms: number) => void (now += ms),
    advanceDays: (days: number) => void (now += days * 24 * 60 * 60 * 1000),
  } satisfies Clock & Record<string, unknown>;
}

/**
 * A real database for a test file: PGlite in memory by default, loaded from the migrated template
 * (db-template.ts; `fresh` for an empty one), or an empty schema of its own on the PostgreSQL server
 * when DATABASE_URL is set, dropped by `drop()`.
 */
export async function testDb({ fresh = false }: { fresh?: boolean } = {}): Promise<{ db: Db; schema?: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL || undefined;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const db = await openDb({ url, schema, loadDataDir: url || fresh ? undefined : await migratedTemplate() });
  return {
    db,
    schema,
    async drop() {
      if (schema) await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}

/**
 * Tests (and the race benchmark) pay many times from one client address: the payment limits are out
 * of their way unless a test sets them (the limits' own tests do).
 */
export const NO_PAYMENT_LIMITS = {
  PAYMENT_MAX_ATTEMPTS: '100000',
  PAYMENT_MAX_ATTEMPTS_PER_ADDRESS: '100000',
  PAYMENT_MAX_DECLINES: '100000',
  PAYMENT_MAX_DECLINES_PER_ADDRESS: '100000',
} as const;

/** Tests open many accounts from one client address: the registration limits are out of their way unless a test sets them. */
export const NO_REGISTRATION_LIMITS = { REGISTRATIONS_PER_HOUR: '100000', REGISTRATIONS_PER_DAY: '100000', EMAIL_PROOFS_PER_WINDOW: '100000' } as const;

/** The real app (migrated and seeded) on a test database, for `app.inject`. */
export async function testApp(
  env: Record<string, string> = {},
  options: { paymentProvider?: PaymentProvider; clock?: Clock } = {},
): Promise<{ app: FastifyInstance; db: Db; config: Config; close(): Promise<void> }> {
  const { db, drop } = await testDb();
  // The catalogue cache is off unless a test turns it on: tests change listings and read them back at once.
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CATALOGUE_CACHE_MS: '0', PAGE_CACHE_MS: '0', ...NO_PAYMENT_LIMITS, ...NO_REGISTRATION_LIMITS, ...env });
  // A clock that stands still unless the test moves it: a seeded listing's weekly price cut cannot
  // fall in the middle of a test that read its price.
  const app = await buildApp(config, { db, ...options, clock: options.clock ?? testClock() });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * A test database several store instances share (the job queue's tests): on PostgreSQL `another()`
 * opens a pool of its own on the test's schema, as a second instance has; on PGlite the instances
 * share the one database. `drop()` closes those and removes the queue's schema too.
 */
export async function sharedTestDb(): Promise<{ db: Db; another(): Promise<Db>; drop(): Promise<void> }> {
  const base = await testDb();
  const others: Db[] = [];
  return {
    db: base.db,
    async another() {
      if (!base.schema) return base.db;
      const db = await openDb({ url: process.env.DATABASE_URL, schema: base.schema });
      others.push(db);
      return db;
    },
    async drop() {
      for (const db of others.splice(0)) await db.close();
      if (base.schema) await base.db.query(`DROP SCHEMA IF EXISTS ${base.schema}_jobs CASCADE`);
      await base.drop();
    },
  };
}

/**
 * The real app with the job queue on (idle workers ask every half second) on `db`; `define` adds a
 * test's own jobs before it starts. Closing it is the caller's.
 */
export async function jobsTestApp(
  db: Db,
  env: Record<string, string> = {},
  options: { clock?: Clock; define?: (app: FastifyInstance) => void } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', JOBS: 'true', JOBS_POLL_SECONDS: '0.5', CATALOGUE_CACHE_MS: '0', PAGE_CACHE_MS: '0', ...NO_PAYMENT_LIMITS, ...NO_REGISTRATION_LIMITS, ...env });
  const app = await buildApp(config, { db, clock: options.clock ?? testClock() });
  options.define?.(app);
  await app.ready();
  return app;
}

/** A test file's store (testApp) and a real mailbox its SMTP_URL points at. */
export interface MailedTestApp {
  ctx: Awaited<ReturnType<typeof testApp>>;
  smtp: Mailbox;
}

/**
 * Starts a mailbox and a store sending to it before the file's tests (`env` and `options` as
 * testApp's) and closes both after them; `started` hands them to the file's own variables.
 */
export function mailedTestApp(
  env: Record<string, string>,
  options: Parameters<typeof testApp>[1],
  started: (store: MailedTestApp) => void,
): void {
  let store: Partial<MailedTestApp> = {};
  beforeAll(async () => {
    const smtp = await startMailbox();
    store = { smtp }; // closed after, even when the store fails to start
    store = { smtp, ctx: await testApp({ SMTP_URL: smtp.url, ...env }, options) };
    started(store as MailedTestApp);
  });
  afterAll(async () => {
    await store.ctx?.close();
    await store.smtp?.close();
  });
}

/** The webhook signing secret of stripeTestApp's store: a test signs its events with it. */
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_preloved_test_secret';
/** The Connect endpoint's signing secret a store paying sellers through Stripe (PAYOUT_PROVIDER=stripe_connect) is given in tests. */
export const STRIPE_CONNECT_TEST_WEBHOOK_SECRET = 'whsec_preloved_connect_test_secret';

/** A test file's store paying through Stripe (PAYMENT_PROVIDER=stripe) and the offline stand-in its SDK calls. */
export interface StripeTestApp {
  ctx: TestApp;
  stripe: StripeServer;
}

/**
 * Starts the Stripe stand-in (test/stripe-server.ts) and a store whose Stripe SDK calls it before the
 * file's tests, closes both after them; `started` hands them to the file's own variables.
 */
export function stripeTestApp(started: (store: StripeTestApp) => void, env: Record<string, string> = {}): void {
  let store: Partial<StripeTestApp> = {};
  beforeAll(async () => {
    const stripe = await stripeServer();
    store = { stripe }; // closed after, even when the store fails to start
    store = {
      stripe,
      ctx: await testApp({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_preloved',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_preloved',
        STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        ...env,
      }),
    };
    started(store as StripeTestApp);
  });
  afterAll(async () => {
    await store.ctx?.close();
    await store.stripe?.close();
  });
}

/** A test file's store shipping through Sendcloud (CARRIER_MODE=sendcloud) and the offline stand-in it calls. */
export interface SendcloudTestApp {
  ctx: TestApp;
  sendcloud: SendcloudServer;
}

/**
 * Starts the Sendcloud stand-in (test/sendcloud-server.ts) and a store buying its labels from it before
 * the file's tests, closes both after them; `started` hands them to the file's own variables.
 */
export function sendcloudTestApp(started: (store: SendcloudTestApp) => void, env: Record<string, string> = {}, options: Parameters<typeof testApp>[1] = {}): void {
  let store: Partial<SendcloudTestApp> = {};
  beforeAll(async () => {
    const sendcloud = await sendcloudServer();
    store = { sendcloud }; // closed after, even when the store fails to start
    store = {
      sendcloud,
      ctx: await testApp(
        {
          CARRIER_MODE: 'sendcloud',
          SENDCLOUD_PUBLIC_KEY: sendcloud.keys.publicKey,
          SENDCLOUD_SECRET_KEY: sendcloud.keys.secretKey,
          SENDCLOUD_API_URL: sendcloud.url,
          SENDCLOUD_SHIPPING_METHODS: SENDCLOUD_TEST_ROUTES,
          ...env,
        },
        options,
      ),
    };
    started(store as SendcloudTestApp);
  });
  afterAll(async () => {
    await store.ctx?.close();
    await store.sendcloud?.close();
  });
}

/** What testApp starts: the app, its database and config, and how to close them. */
export type TestApp = Awaited<ReturnType<typeof testApp>>;

/**
 * A test file's store (testApp with `env` and `options`), started before its tests and closed after
 * them; `started` hands it to the file's own variable.
 */
export function testAppForFile(env: Record<string, string>, options: Parameters<typeof testApp>[1], started: (ctx: TestApp) => void): void {
  let ctx: TestApp | undefined;
  beforeAll(async () => {
    ctx = await testApp(env, options);
    started(ctx);
  });
  afterAll(() => ctx?.close());
}

/** A file's shared database (sharedTestDb), a mailbox, and the store instances its tests start on them. */
export interface SharedStores {
  database: Awaited<ReturnType<typeof sharedTestDb>>;
  smtp: Mailbox;
  /** The instances started so far, in order. */
  instances: FastifyInstance[];
  /** A store with jobs (jobsTestApp) on `db`, closed after the file's tests. */
  instance(db: Db, env?: Record<string, string>, options?: Parameters<typeof jobsTestApp>[2]): Promise<FastifyInstance>;
}

/** Opens a shared database and a mailbox before the file's tests; closes them and every instance after. */
export function sharedStoresForFile(started: (stores: SharedStores) => void): void {
  const apps: FastifyInstance[] = [];
  let opened: Partial<SharedStores> = {};
  beforeAll(async () => {
    const smtp = await startMailbox();
    opened = { smtp };
    const database = await sharedTestDb();
    const stores: SharedStores = {
      smtp,
      database,
      instances: apps,
      async instance(db, env = {}, options = {}) {
        const app = await jobsTestApp(db, env, options);
        apps.push(app);
        return app;
      },
    };
    opened = stores;
    started(stores);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await opened.database?.drop();
    await opened.smtp?.close();
  });
}
