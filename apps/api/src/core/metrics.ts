import { createHash, timingSafeEqual } from 'node:crypto';
import { apiError } from './errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/db';
import { MAX_TRIES as MAIL_MAX_TRIES } from './mail/mail-outbox';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** The store's own series, under `preloved_`: what an operator watches. */
export interface Metrics {
  registry: Registry;
  /** A database whose every query (and transaction) is timed. */
  instrumentDb(db: Db): Db;
  /** A server render: rendered, or left to the browser (with why). */
  observeRender(outcome: 'rendered' | 'redirected' | 'client', reason: string | undefined, seconds: number): void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics (prom-client, the field's client for Node): requests by route and status with
 * their latency, database query time and pool, the catalogue cache, server rendering and its
 * fallbacks (a remote the server could not load among them), orders and payment attempts by outcome
 * (read from the database when scraped, so every instance reports the store's totals), and Node's own
 * process metrics. One registry per app (tests build many apps in one process). Served at `/metrics`
 * only with `Authorization: Bearer $METRICS_TOKEN`; without a token it does not exist.
 */
async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'preloved_http_requests_total',
    help: 'HTTP requests answered, by method, route (its pattern) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'preloved_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'preloved_db_query_duration_seconds',
    help: 'Time of a database query or transaction, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const renders = new Histogram({
    name: 'preloved_ssr_render_duration_seconds',
    help: 'Time to render a page on the server (to its first byte), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3],
    registers: [registry],
  });
  const fallbacks = new Counter({
    name: 'preloved_ssr_fallbacks_total',
    help: 'Pages left to the browser, by reason ("loading failed" is a remote the server could not load)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  let pool: (() => { total: number; idle: number; waiting: number } | undefined) | undefined;
  new Gauge({
    name: 'preloved_db_pool_connections',
    help: 'PostgreSQL pool connections by state (the embedded database is one connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = pool?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Counter({
    name: 'preloved_catalogue_cache_lookups_total',
    help: 'Catalogue answers asked of the in-memory cache, by result (hit, stale served while read anew, miss)',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const stats = app.hasDecorator('catalogueCache') ? app.catalogueCache.stats : undefined;
      if (!stats) return;
      this.reset();
      this.inc({ result: 'hit' }, stats.hits);
      this.inc({ result: 'stale' }, stats.stale);
      this.inc({ result: 'miss' }, stats.misses);
    },
  });
  new Gauge({
    name: 'preloved_orders',
    help: 'Orders in the store, by status (read from the database when scraped)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await app.db.query<{ status: string; count: number }>('SELECT status, count(*)::int AS count FROM orders GROUP BY status');
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'preloved_jobs',
    help: 'Jobs on the queue in the database, by queue and state: waiting (ready or deferred), active, failed (kept for a while)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, waiting, active, failed } of await app.jobs.counts()) {
        this.set({ queue, state: 'waiting' }, waiting);
        this.set({ queue, state: 'active' }, active);
        this.set({ queue, state: 'failed' }, failed);
      }
    },
  });
  new Gauge({
    name: 'preloved_mail_outbox',
    help: 'Mails of the outbox not sent yet: waiting (to be tried, or tried again later) and given up (tries used up, kept for an operator)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await app.db.query<{ waiting: number; given_up: number }>(
        `SELECT count(*) FILTER (WHERE tries < $1)::int AS waiting, count(*) FILTER (WHERE tries >= $1)::int AS given_up FROM mail_outbox WHERE sent_at IS NULL`,
        [MAIL_MAX_TRIES],
      );
      this.set({ state: 'waiting' }, Number(rows[0]?.waiting ?? 0));
      this.set({ state: 'given_up' }, Number(rows[0]?.given_up ?? 0));
    },
  });
  new Gauge({
    name: 'preloved_shipping_labels',
    help: "Carrier labels (CARRIER_MODE=sendcloud) by state: pending (being bought: Sendcloud down if it grows) and failed (refused or tries used up: an operator's to buy by hand)",
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await app.db.query<{ pending: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE label_status = 'pending')::int AS pending, count(*) FILTER (WHERE label_status = 'failed')::int AS failed
           FROM order_packages WHERE label_status IN ('pending', 'failed')`,
      );
      this.set({ state: 'pending' }, Number(rows[0]?.pending ?? 0));
      this.set({ state: 'failed' }, Number(rows[0]?.failed ?? 0));
    },
  });
  new Gauge({
    name: 'preloved_bank_transfers',
    help: 'Bank transfers by state: requested (waiting for the payout run of the next business day) and paid',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await app.db.query<{ requested: number; paid: number }>(
        `SELECT count(*) FILTER (WHERE paid_at IS NULL)::int AS requested, count(*) FILTER (WHERE paid_at IS NOT NULL)::int AS paid FROM wallet_entries WHERE type = 'bank_transfer'`,
      );
      this.set({ state: 'requested' }, Number(rows[0]?.requested ?? 0));
      this.set({ state: 'paid' }, Number(rows[0]?.paid ?? 0));
    },
  });
  new Gauge({
    name: 'preloved_payment_attempts',
    help: 'Payment attempts by outcome: placed (an order), refused (its HTTP status), in progress',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await app.db.query<{ outcome: string; count: number }>(
        `SELECT CASE WHEN order_id IS NOT NULL THEN 'placed'
                     WHEN status = 'done' THEN 'refused_' || coalesce(response_status::text, 'unknown')
                     ELSE status END AS outcome,
                count(*)::int AS count
           FROM payment_attempts GROUP BY 1`,
      );
      this.reset();
      for (const row of rows) this.set({ outcome: row.outcome }, Number(row.count));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status: String(status) });
    latency.observe({ method: request.method, route, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
  });

  const timed = async <T>(kind: string, work: () => Promise<T>): Promise<T> => {
    const stop = queries.startTimer({ kind });
    try {
      const result = await work();
      stop({ outcome: 'ok' });
      return result;
    } catch (error) {
      stop({ outcome: 'error' });
      throw error;
    }
  };

  const api: Metrics = {
    registry,
    instrumentDb(db) {
      pool = db.poolStats;
      return {
        ...db,
        query: (sql, params) => timed('query', () => db.query(sql, params)),
        exec: (sql) => timed('exec', () => db.exec(sql)),
        transaction: (work) => timed('transaction', () => db.transaction(work)),
      };
    },
    observeRender(outcome, reason, seconds) {
      renders.observe({ outcome }, seconds);
      if (outcome === 'client') fallbacks.inc({ reason: reason ?? 'unknown' });
    },
  };
  app.decorate('metrics', api);

  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization;
    // Compared as digests: the same time whatever was sent. A wrong or missing token is told nothing.
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw apiError(401, 'metrics_token_needed');
    }
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

export default fp(metrics, { name: 'metrics', dependencies: ['config'] });
