import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What "now" is for rules that depend on elapsed time (offer windows): the wall clock, or a test's. */
export interface Clock {
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that only moves when told to, for tests of time windows: offer states are derived from
 * timestamps compared with this clock, so a test moves it instead of waiting 48 hours.
 */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(date) {
      current = date.getTime();
    },
  };
}

export default fp(
  async function clockPlugin(app: FastifyInstance, options: { clock?: Clock }) {
    app.decorate('clock', options.clock ?? systemClock);
  },
  { name: 'clock' },
);
