import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings checked once at start (config.ts); every plugin reads them from here. */
    config: Config;
    /** "Now" for the API's own date rules (smart pricing): the wall clock, or a test's controlled one. */
    clock: Clock;
  }
}

/** Where the API reads the time; tests pass their own to move it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** The configuration on the instance, first of all plugins, so the others can declare it a dependency. */
export default fp(
  async function config(app: FastifyInstance, options: { config: Config; clock?: Clock }) {
    app.decorate('config', options.config);
    app.decorate('clock', options.clock ?? systemClock);
  },
  { name: 'config' },
);
