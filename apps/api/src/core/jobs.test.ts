import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/db';
import { jobsTestApp, sharedTestDb, testClock } from '../test/app';

// The job queue (item 2) on the engine of the run, with the store's real app: two instances
// on one database run a job once; a job that fails is retried later and then done; a job queued by
// an instance that stops is run by the next one; a stopping instance finishes the job it runs.

const METRICS_TOKEN = 'a-metrics-token-for-the-jobs-test';
type Handled = { instance: string; data: { n: number } }[];

let database: Awaited<ReturnType<typeof sharedTestDb>>;
const apps: FastifyInstance[] = [];

// One database for the file (migrating and seeding is the slow part); each test has a queue of its own.
beforeAll(async () => {
  database = await sharedTestDb();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(() => database.drop());

const sameDatabase = () => database.another();

/** An instance of the store with jobs on, whose work on the `queue` is `work`. */
async function instance(db: Db, queue: string, work: (data: { n: number }) => Promise<void>) {
  const app = await jobsTestApp(db, { METRICS_TOKEN }, { define: (app) => app.jobs.define(queue, work, { retryLimit: 3, retryDelaySeconds: 1 }) });
  apps.push(app);
  return app;
}

const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe(`jobs (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('runs a job once though two instances work the queue', async () => {
    const handled: Handled = [];
    const one = await instance(database.db, 'once', async (data) => void handled.push({ instance: 'one', data }));
    await instance(await sameDatabase(), 'once', async (data) => void handled.push({ instance: 'two', data }));
    for (let n = 1; n <= 10; n++) await one.jobs.send('once', { n });
    await until(() => handled.length >= 10);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled.map((entry) => entry.data.n).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  }, 60_000);

  it('retries a job that failed, later, until it is done', async () => {
    const tries: number[] = [];
    const app = await instance(database.db, 'retried', async () => {
      tries.push(Date.now());
      if (tries.length < 3) throw new Error('the mail server is down');
    });
    await app.jobs.send('retried', { n: 1 });
    await until(() => tries.length >= 3);
    // Backoff: the second wait is longer than the first.
    expect(tries[2]! - tries[1]!).toBeGreaterThan(tries[1]! - tries[0]!);
    const counts = (await app.jobs.counts()).find((queue) => queue.queue === 'retried');
    expect(counts).toMatchObject({ queue: 'retried', failed: 0 });
    const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toContain('preloved_jobs{queue="retried",state="failed"} 0');
  }, 60_000);

  it('keeps a job queued by an instance that stopped, for the next one', async () => {
    const handled: Handled = [];
    const first = await instance(database.db, 'kept', async (data) => void handled.push({ instance: 'first', data }));
    await first.jobs.send('kept', { n: 7 }, { at: new Date(Date.now() + 2000) });
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    await instance(await sameDatabase(), 'kept', async (data) => void handled.push({ instance: 'second', data }));
    await until(() => handled.length >= 1);
    expect(handled).toEqual([{ instance: 'second', data: { n: 7 } }]);
  }, 60_000);

  it('finishes the job it runs when told to stop, and takes no new one', async () => {
    const done: number[] = [];
    let started = 0;
    const app = await instance(database.db, 'stopping', async (data) => {
      started++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      done.push(data.n);
    });
    await app.jobs.send('stopping', { n: 1 });
    await until(() => started === 1);
    await app.jobs.send('stopping', { n: 2 }, { at: new Date(Date.now() + 60_000) });
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    expect(done).toEqual([1]);
    expect(started).toBe(1);
  }, 60_000);

  it('queues nothing and runs nothing on an instance with jobs off', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CATALOGUE_CACHE_MS: '0' });
    const app = await buildApp(config, { db: database.db, clock: testClock() });
    app.jobs.define('off', async () => {
      throw new Error('never run');
    });
    await app.ready();
    apps.push(app);
    expect(app.jobs.running).toBe(false);
    await app.jobs.send('off', { n: 1 });
    expect(await app.jobs.counts()).toEqual([]);
    await expect(app.jobs.send('nothing', { n: 1 })).rejects.toThrow('no job named nothing');
  });
});
