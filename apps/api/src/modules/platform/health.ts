import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { migrationFiles } from '../../db/migrate';
import { apiError } from '../../core/errors';

declare module 'fastify' {
  interface FastifyInstance {
    health: ReturnType<typeof createHealth>;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the API can answer: the database answers a trivial query (a failure is a 500). Which
 * engine runs and for how long is told only to an operator (OPERATOR_KEY), not to the world.
 */
export function createHealth(app: FastifyInstance) {
  const started = Date.now();
  const operatorKey = app.config.OPERATOR_KEY;
  // Compared as digests, so the comparison takes the same time whatever the key's length.
  const isOperator = (key: string | undefined) => operatorKey !== undefined && key !== undefined && timingSafeEqual(digest(key), digest(operatorKey));
  return {
    /**
     * Ready for traffic (for the proxy and orchestrators): the database answers and every
     * committed migration is applied. Not ready names what is missing, never the database's error.
     */
    async ready(): Promise<{ ready: true } | { ready: false; reason: 'database_unreachable' | 'migrations_pending'; pending?: string[] }> {
      let applied: Set<string>;
      try {
        const { rows } = await app.db.query<{ name: string }>('SELECT name FROM schema_migrations');
        applied = new Set(rows.map((row) => row.name));
      } catch {
        return { ready: false, reason: 'database_unreachable' };
      }
      const pending = migrationFiles().filter((file) => !applied.has(file));
      return pending.length === 0 ? { ready: true } : { ready: false, reason: 'migrations_pending', pending };
    },
    /** Whether a request's X-Operator-Key is the operator's (never, while OPERATOR_KEY is unset). */
    isOperator,
    /**
     * The operator routes' hook (preValidation: after the body is read, so a too-large one is 413 for
     * everyone; before it is validated: no key, no hints): 401 without the operator's key.
     */
    async requireOperator(request: FastifyRequest): Promise<void> {
      const key = request.headers['x-operator-key'];
      if (!isOperator(typeof key === 'string' ? key : undefined)) throw apiError(401, 'operator_key_needed');
    },
    async status(key: string | undefined) {
      await app.db.query('SELECT 1');
      if (!isOperator(key)) return { status: 'ok' as const };
      return { status: 'ok' as const, database: app.db.engine, uptime: Math.round((Date.now() - started) / 1000) };
    },
  };
}

export default fp(
  async function health(app: FastifyInstance) {
    app.decorate('health', createHealth(app));
  },
  { name: 'health', dependencies: ['config', 'db'] },
);
