import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What "now" is for rules derived from dates (offer windows, smart pricing, wallet releases, a card's
 * expiry, when a piece was sold): the wall clock, or a test's (`testClock()` in test/app.ts) passed as
 * `buildApp(config, { clock })`. The one clock for rules: no `new Date()` or `Date.now()` beside it.
 * The database's own now() stays real where wall time is the point and every instance must agree:
 * security lifetimes (sessions, reset and confirmation links), throttle windows, claims and leases
 * (the mail outbox, payment attempts), and stamps of when a row was touched (read_at, updated_at).
 * Caches, uptime and timings (Date.now(), performance.now()) measure wall time too.
 */
export interface Clock {
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const systemClock: Clock = { now: () => new Date() };

export default fp(
  async function clockPlugin(app: FastifyInstance, options: { clock?: Clock }) {
    app.decorate('clock', options.clock ?? systemClock);
  },
  { name: 'clock' },
);
