import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { apiError } from '../../core/errors';
import { randomToken, TOKEN_PATTERN, tokenHash } from './passwords';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: ReturnType<typeof createSessions>;
  }
}

/**
 * Bearer sessions: a token is random, handed out once, and stored only as its SHA-256, so a leaked
 * table signs nobody in. A token that is not even shaped like one is never looked up.
 */
export function createSessions(app: FastifyInstance) {
  return {
    /**
     * Opens a session for the customer and returns its token (SESSION_DAYS long); a customer the back
     * office blocked gets none, whichever way they sign in (403 `account_blocked`).
     */
    async open(customerId: number, tx: Queryable = app.db): Promise<string> {
      const token = randomToken();
      const { rows } = await tx.query(
        `INSERT INTO sessions (token_hash, customer_id, expires_at)
         SELECT $1, id, now() + make_interval(days => $3) FROM customers WHERE id = $2 AND blocked_at IS NULL RETURNING id`,
        [tokenHash(token), customerId, app.config.SESSION_DAYS],
      );
      if (rows.length === 0) throw apiError(403, 'account_blocked');
      return token;
    },

    /**
     * The live session of a token: not revoked, not expired, and used within SESSION_IDLE_DAYS. Use is
     * noted at most once an hour, so a signed-in page view does not write to the database each time.
     */
    async find(token: string, tx: Queryable = app.db): Promise<{ id: number; customer_id: number } | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const { rows } = await tx.query<{ id: number; customer_id: number; stale: boolean }>(
        `SELECT id, customer_id, last_used_at < now() - interval '1 hour' AS stale FROM sessions
         WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now() AND last_used_at > now() - make_interval(days => $2)`,
        [tokenHash(token), app.config.SESSION_IDLE_DAYS],
      );
      const session = rows[0];
      if (!session) return null;
      if (session.stale) await tx.query('UPDATE sessions SET last_used_at = now() WHERE id = $1', [session.id]);
      return { id: session.id, customer_id: session.customer_id };
    },

    async revoke(token: string, tx: Queryable = app.db): Promise<void> {
      if (!TOKEN_PATTERN.test(token)) return;
      await tx.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash(token)]);
    },

    /** Signs the customer out everywhere except `keepSessionId` (after a password change or reset). */
    async revokeOthers(customerId: number, keepSessionId: number | null, tx: Queryable = app.db): Promise<void> {
      await tx.query(
        'UPDATE sessions SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2',
        [customerId, keepSessionId],
      );
    },
  };
}

export default fp(
  async function sessions(app: FastifyInstance) {
    app.decorate('sessions', createSessions(app));
  },
  { name: 'sessions', dependencies: ['config', 'db'] },
);
