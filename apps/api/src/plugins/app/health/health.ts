import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    health: ReturnType<typeof createHealth>;
  }
}

/** Whether the API can answer: the database answers a trivial query (a failure is a 500). */
export function createHealth(app: FastifyInstance) {
  const started = Date.now();
  return {
    async status() {
      await app.db.query('SELECT 1');
      return { status: 'ok' as const, database: app.db.engine, uptime: Math.round((Date.now() - started) / 1000) };
    },
  };
}

export default fp(
  async function health(app: FastifyInstance) {
    app.decorate('health', createHealth(app));
  },
  { name: 'health', dependencies: ['db'] },
);
