import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDb, type Db } from '../../db/db';
import { NO_PAYMENT_LIMITS, testDb } from '../../test/app';
import { shopper } from '../../test/checkout';
import { killMidPayment, raceForOnePiece, sameKeyAtOnce, type Send } from '../../test/race';
import type { FastifyInstance } from 'fastify';

// Two API instances on one PostgreSQL schema, and a real process killed mid-payment. PGlite is one
// connection inside one process: there is no second instance to race with, so these need DATABASE_URL.
const url = process.env.DATABASE_URL;
const onPostgres = url ? describe : describe.skip;
if (!url) {
  console.warn('checkout reliability tests skipped: they need PostgreSQL (DATABASE_URL); two API instances cannot share one PGlite');
}

onPostgres('checkout reliability on PostgreSQL (two instances)', () => {
  let database: Awaited<ReturnType<typeof testDb>>;
  let second: Db;
  let apps: FastifyInstance[];
  beforeAll(async () => {
    database = await testDb();
    // The demo's fees (its hub checks pieces: a verification fee each), as race.ts's quote counts them.
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', VERIFICATION_MODE: 'hub', ...NO_PAYMENT_LIMITS });
    const a = await buildApp(config, { db: database.db });
    await a.ready();
    second = await openDb({ url, schema: database.schema });
    const b = await buildApp({ ...config, SEED: false }, { db: second });
    await b.ready();
    apps = [a, b];
  }, 120_000);
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await second?.close();
    await database?.drop();
  });

  const send: Send = async (instance, idempotencyKey, body, token) => {
    const response = await apps[instance]!.inject({
      method: 'POST',
      url: '/api/checkout/payment',
      headers: { 'idempotency-key': idempotencyKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body as object,
    });
    return { status: response.statusCode, body: response.body };
  };

  it('100 concurrent checkouts of one piece through two instances: 1 order, 99 clean 409s naming it, no 5xx (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const figures = await raceForOnePiece(database.db, send, { buyers: 100, skip: round });
      expect(figures).toMatchObject({ orders: 1, succeeded: 1, conflictsNamingThePiece: 99, otherStatuses: [], serverErrors: 0 });
    }
  });

  it('the same Idempotency-Key 10 times at once over two instances: one order, ten identical answers', async () => {
    const figures = await sameKeyAtOnce(database.db, send, { times: 10, skip: 10 });
    expect(figures).toEqual({ orders: 1, statuses: Array(10).fill(200), distinctBodies: 1 });
  });

  it('the API process killed in the middle of a payment leaves no half order, nothing sold, the bag intact; a retry finishes it', async () => {
    const buyer = await shopper(apps[0]!);
    const result = await killMidPayment(database.db, url!, database.schema!, buyer);
    expect(result.client).toBe('connection cut');
    expect(result.afterKill).toEqual({ orders: 0, listing: 'active', bagLines: 1, soldWithoutOrder: 0 });
    expect(result.retryStatus).toBe(200);
    expect(result.afterRetry).toEqual({ orders: 1, listing: 'sold', bagLines: 0, soldWithoutOrder: 0 });
  }, 120_000);
});
