import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings checked once at start (config.ts); every plugin reads them from here. */
    config: Config;
  }
}

/** The configuration on the instance, first of all plugins, so the others can declare it a dependency. */
export default fp(
  async function config(app: FastifyInstance, options: { config: Config }) {
    app.decorate('config', options.config);
  },
  { name: 'config' },
);
