import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';

// Scheduled and deferred work (item 2) on a job queue in the store's own database: pg-boss,
// the field's PostgreSQL queue (SKIP LOCKED, retries with backoff, cron schedules run once across
// instances), which also ships an adapter for the embedded database, so PGlite runs the same jobs
// in-process with the same code. The queue lives in its own schema (`pgboss`, or `<schema>_jobs` for a
// test's schema) and is created by pg-boss itself on start.
//
// A job is a trigger, never the guard: what a job does must be safe to do twice (a conditional update
// claims the work, as an offer's expiry mails are claimed today), because a worker may crash after
// the work and before the queue hears it is done, and the queue then runs it again.

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface JobOptions {
  /** Attempts after the first (default 5), each later than the one before (exponential backoff). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10; doubled each time). */
  retryDelaySeconds?: number;
}

export interface Jobs {
  /** Whether this instance runs jobs (JOBS; on except in tests, where a test turns them on). */
  readonly running: boolean;
  /** Registers the work for a queue; workers start with the app. Call during plugin registration. */
  define<T extends object>(name: string, work: (data: T) => Promise<void>, options?: JobOptions): void;
  /** Queues a job, at once or at `at`; with `key`, a job of that key already waiting is not doubled. */
  send<T extends object>(name: string, data: T, options?: { at?: Date; key?: string }): Promise<void>;
  /** Runs the queue's work on a cron (five fields, UTC), once per tick across every instance. */
  every(name: string, cron: string): void;
  /** Jobs waiting (ready or deferred), running and failed, by queue (metrics). */
  counts(): Promise<{ queue: string; waiting: number; active: number; failed: number }[]>;
}

interface Definition {
  name: string;
  work: (data: object) => Promise<void>;
  options: Required<JobOptions>;
  cron?: string;
}

async function jobs(app: FastifyInstance) {
  const { config, db } = app;
  const running = config.JOBS ?? config.NODE_ENV !== 'test';
  const definitions = new Map<string, Definition>();
  let boss: PgBoss | undefined;

  const api: Jobs = {
    running,
    define(name, work, options = {}) {
      if (boss) throw new Error(`job ${name} defined after the queue started`);
      definitions.set(name, {
        name,
        work: work as (data: object) => Promise<void>,
        options: { retryLimit: options.retryLimit ?? 5, retryDelaySeconds: options.retryDelaySeconds ?? 10 },
      });
    },
    async send(name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`no job named ${name}`);
      // An instance that runs no jobs (tests, request-only instances) queues nothing either: the
      // sweeps on the instances that do run them find what is due (see `every`).
      if (!boss) return;
      await boss.send(name, data, { ...(options.at ? { startAfter: options.at } : {}), ...(options.key ? { singletonKey: options.key } : {}) });
    },
    every(name, cron) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`no job named ${name}`);
      definition.cron = cron;
    },
    async counts() {
      if (!boss) return [];
      const queues = await boss.getQueues([...definitions.keys()]);
      return queues.map((queue) => ({ queue: queue.name, waiting: queue.queuedCount, active: queue.activeCount, failed: queue.failedCount }));
    },
  };
  app.decorate('jobs', api);
  if (!running) return;

  app.addHook('onReady', async () => {
    if (definitions.size === 0) return;
    boss = new PgBoss({
      db: db.scripts,
      schema: db.schema ? `${db.schema}_jobs` : 'pgboss',
      ...(db.engine === 'pglite' ? { backend: 'pglite' as const } : {}),
    });
    boss.on('error', (error: unknown) => app.log.error({ err: error }, 'job queue error'));
    await boss.start();
    for (const definition of definitions.values()) {
      const { name, options } = definition;
      await boss.createQueue(name, { retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, retryBackoff: true });
      await boss.work(name, { pollingIntervalSeconds: config.JOBS_POLL_SECONDS }, async (batch) => {
        for (const job of batch) {
          try {
            await definition.work(job.data as object);
          } catch (error) {
            app.log.warn({ err: error, job: name, id: job.id }, 'job failed: retried later');
            throw error;
          }
        }
      });
      if (definition.cron) await boss.schedule(name, definition.cron, {});
    }
  });
  // Closing (a graceful stop): no new jobs are taken, the running ones finish first.
  app.addHook('onClose', async () => {
    await boss?.stop({ graceful: true, close: false, timeout: config.CLOSE_GRACE_SECONDS * 1000 });
  });
}

export default fp(jobs, { name: 'jobs', dependencies: ['config', 'db'] });
