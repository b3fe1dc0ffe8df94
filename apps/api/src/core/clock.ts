import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What "now" is for rules derived from dates (offer windows, smart pricing, wallet releases): the wall
 * clock, or a test's (`testClock()` in test/app.ts) passed as `buildApp(config, { clock })`. The
 * database's own now() stays real.
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
