import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../../db/db';
import { clientAddress } from '../../../lib/client-address';
import { TooManyAttempts } from '../../../lib/too-many-attempts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The address throttles count for this request (see lib/client-address.ts). */
    readonly clientAddress: string;
  }
  interface FastifyInstance {
    throttle: ReturnType<typeof createThrottle>;
  }
}

/**
 * Throttling counters in the database, so every instance of the API counts the same attempts. The
 * window (LOGIN_WINDOW_SECONDS) slides: an attempt stops counting a window after it was made. Keys
 * name what is counted: 'login:email:<address>', 'login:ip:<address>', 'recovery:email:...'.
 */
export function createThrottle(app: FastifyInstance) {
  const window = app.config.LOGIN_WINDOW_SECONDS;
  return {
    /** Refuses (429) when any of `keys` already has `max` attempts inside the window. */
    async check(keys: string[], max: number, tx: Queryable = app.db): Promise<void> {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT coalesce(max(n), 0)::int AS n FROM (
           SELECT count(*)::int AS n FROM login_attempts
           WHERE key = ANY($1::text[]) AND at > now() - make_interval(secs => $2) GROUP BY key) counts`,
        [keys, window],
      );
      if ((rows[0]?.n ?? 0) >= max) throw new TooManyAttempts(window);
    },

    /** Counts one attempt for each key, and forgets the keys' attempts that left the window. */
    async record(keys: string[], tx?: Queryable): Promise<void> {
      const work = async (db: Queryable) => {
        await db.query('DELETE FROM login_attempts WHERE key = ANY($1::text[]) AND at <= now() - make_interval(secs => $2)', [keys, window]);
        await db.query('INSERT INTO login_attempts (key) SELECT unnest($1::text[])', [keys]);
      };
      await (tx ? work(tx) : app.db.transaction(work));
    },

    async clear(key: string, tx: Queryable = app.db): Promise<void> {
      await tx.query('DELETE FROM login_attempts WHERE key = $1', [key]);
    },
  };
}

export default fp(
  async function throttle(app: FastifyInstance) {
    app.decorateRequest('clientAddress', {
      getter(this: FastifyRequest) {
        return clientAddress(this.ip, this.socket.remoteAddress);
      },
    });
    app.decorate('throttle', createThrottle(app));
  },
  { name: 'throttle', dependencies: ['config', 'db'] },
);
