import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/db';
import { clientAddress } from './client-address';
import { TooManyAttempts } from './too-many-attempts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The address throttles count for this request (see core/client-address.ts). */
    readonly clientAddress: string;
  }
  interface FastifyInstance {
    throttle: ReturnType<typeof createThrottle>;
  }
}

/** A throttled key and how many attempts its window allows. */
export interface Limit {
  key: string;
  max: number;
  /** The key's window from its first attempt; LOGIN_WINDOW_SECONDS unless given. */
  windowSeconds?: number;
}

interface Counted {
  key: string;
  count: number;
  seconds_left: number;
}

/**
 * Throttling counters in the database, so every instance of the API counts the same attempts. Keys
 * name what is counted ('login:ip:<address>', 'login:email:<address>', 'recovery:email:...'). Each
 * key has a window of LOGIN_WINDOW_SECONDS from its first attempt. An attempt is counted BEFORE the
 * work it guards, by one upsert that locks the key's row, so racing requests can never all see the
 * same count: exactly `max` of them get through. A refused attempt is given back (it does not extend
 * the block), and so is one that succeeded when only failures should count.
 */
export function createThrottle(app: FastifyInstance) {
  const window = app.config.LOGIN_WINDOW_SECONDS;

  async function take(limits: Limit[], tx: Queryable): Promise<Counted[]> {
    // Rows are locked in one order, so two requests sharing keys never wait on each other in a circle.
    const windows = new Map(limits.map((limit) => [limit.key, limit.windowSeconds ?? window]));
    const sorted = [...windows.keys()].sort();
    const { rows } = await tx.query<Counted>(
      `INSERT INTO throttle_counters AS t (key, count, window_ends)
       SELECT key, 1, now() + make_interval(secs => secs) FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS k(key, secs, n) ORDER BY n
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN t.window_ends <= now() THEN 1 ELSE t.count + 1 END,
         window_ends = CASE WHEN t.window_ends <= now() THEN excluded.window_ends ELSE t.window_ends END
       RETURNING key, count, greatest(1, ceil(extract(epoch FROM t.window_ends - now())))::int AS seconds_left`,
      [sorted, sorted.map((key) => windows.get(key)!)],
    );
    return rows;
  }

  const release = async (keys: string[], tx: Queryable = app.db) => {
    await tx.query('UPDATE throttle_counters SET count = greatest(count - 1, 0) WHERE key = ANY($1::text[]) AND window_ends > now()', [keys]);
  };

  const throttle = {
    /**
     * Counts one attempt for every limit; when any limit is now exceeded, the attempt is given back
     * and refused with a 429 whose Retry-After is the time actually left. `forgive` may excuse a key
     * that is over its limit (an account-wide limit for an address the owner uses).
     */
    async attempt(limits: Limit[], options: { forgive?: (key: string) => Promise<boolean>; tx?: Queryable } = {}): Promise<void> {
      const tx = options.tx ?? app.db;
      const keys = limits.map((limit) => limit.key);
      const counted = await take(limits, tx);
      const max = new Map(limits.map((limit) => [limit.key, limit.max]));
      const over: Counted[] = [];
      for (const row of counted) {
        if (row.count > (max.get(row.key) ?? Infinity) && !(await options.forgive?.(row.key))) over.push(row);
      }
      if (over.length === 0) return;
      await release(keys, tx);
      throw new TooManyAttempts(Math.max(...over.map((row) => row.seconds_left)));
    },

    /** Gives back an attempt of each key (the guarded work succeeded, and only failures count). */
    release,

    /**
     * Runs `work` as an attempt of `limits` that counts only when it fails as `isFailure` says (a wrong
     * guess); anything else, success or another error, is given back. Over a limit: 429 before the work.
     */
    async failures<T>(limits: Limit[], work: () => Promise<T>, isFailure: (error: unknown) => boolean): Promise<T> {
      if (limits.length === 0) return work();
      await throttle.attempt(limits);
      try {
        const result = await work();
        await release(limits.map((limit) => limit.key));
        return result;
      } catch (error) {
        if (!isFailure(error)) await release(limits.map((limit) => limit.key));
        throw error;
      }
    },

    /** Forgets a key's attempts (the owner proved who they are). */
    async clear(key: string, tx: Queryable = app.db): Promise<void> {
      await tx.query('DELETE FROM throttle_counters WHERE key = $1', [key]);
    },
  };
  return throttle;
}

export default fp(
  async function throttle(app: FastifyInstance) {
    app.decorateRequest('clientAddress', {
      getter(this: FastifyRequest) {
        return clientAddress(this.ip, this.socket.remoteAddress);
      },
    });
    app.decorate('throttle', createThrottle(app));
    // Keys whose window ended long ago are forgotten (one row per address or e-mail otherwise stays):
    // hourly, once across instances, instead of by every 200th attempt of each instance.
    app.jobs.define('throttle-forget', async () => {
      await app.db.query(`DELETE FROM throttle_counters WHERE window_ends < now() - interval '1 day'`);
    });
    app.jobs.every('throttle-forget', '40 * * * *');
  },
  { name: 'throttle', dependencies: ['config', 'db', 'jobs'] },
);
