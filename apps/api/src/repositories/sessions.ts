import type { Queryable } from '../db/db';

/** Bearer sessions, found by the SHA-256 of their token (the token itself is never stored). */
export function sessionsRepository(db: Queryable) {
  return {
    async create(customerId: number, tokenHash: string, days: number): Promise<void> {
      await db.query(
        `INSERT INTO sessions (token_hash, customer_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
        [tokenHash, customerId, days],
      );
    },

    /** The live session of a token: not revoked, not expired. */
    async find(tokenHash: string): Promise<{ id: number; customer_id: number } | null> {
      const { rows } = await db.query<{ id: number; customer_id: number }>(
        'SELECT id, customer_id FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()',
        [tokenHash],
      );
      return rows[0] ?? null;
    },

    async revoke(tokenHash: string): Promise<void> {
      await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
    },

    /** Signs the customer out everywhere except `keepSessionId` (after a password change or reset). */
    async revokeOthers(customerId: number, keepSessionId: number | null): Promise<void> {
      await db.query(
        'UPDATE sessions SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2',
        [customerId, keepSessionId],
      );
    },
  };
}

/**
 * Throttling counters in the database, so every instance of the API counts the same attempts. The
 * window slides: an attempt stops counting `windowSeconds` after it was made.
 */
export function attemptsRepository(db: Queryable) {
  return {
    /** The highest number of attempts of any of `keys` inside the window. */
    async highest(keys: string[], windowSeconds: number): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `SELECT coalesce(max(n), 0)::int AS n FROM (
           SELECT count(*)::int AS n FROM login_attempts
           WHERE key = ANY($1::text[]) AND at > now() - make_interval(secs => $2) GROUP BY key) counts`,
        [keys, windowSeconds],
      );
      return rows[0]?.n ?? 0;
    },

    /** Counts one attempt for each key, and forgets the keys' attempts that left the window. */
    async record(keys: string[], windowSeconds: number): Promise<void> {
      await db.query('DELETE FROM login_attempts WHERE key = ANY($1::text[]) AND at <= now() - make_interval(secs => $2)', [keys, windowSeconds]);
      await db.query('INSERT INTO login_attempts (key) SELECT unnest($1::text[])', [keys]);
    },

    async clear(key: string): Promise<void> {
      await db.query('DELETE FROM login_attempts WHERE key = $1', [key]);
    },
  };
}
