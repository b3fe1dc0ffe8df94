import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: ReturnType<typeof createCatalogueCache>;
  }
}

/** How many different public answers (a listing page with its filters, a product, a seller) are kept. */
const MAX_ANSWERS = 2000;
/**
 * What public catalogue answers (and the server-rendered pages built from them) tell a CDN: keep it
 * 5 s, and serve it at most 5 s longer while fetching a fresh one. Browsers ask again every time.
 */
export const PUBLIC_CATALOGUE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=5';
/** The catalogue's version (migration 015) is read at most this often, once for all requests. */
export const CATALOGUE_VERSION_CHECK_MS = 1000;

/**
 * Public catalogue answers (listing pages, search, product and seller pages, brand details) kept in
 * memory (lru-cache: the size- and age-bounded map the Node field uses) for a few seconds. A listing
 * change anywhere, on any instance, moves the catalogue's version (a database trigger, migration 015)
 * and this instance forgets everything it kept within a second. Requests that arrive together for
 * the same answer share one database read. The bag, checkout and everything personal never use it.
 */
export function createCatalogueCache(app: FastifyInstance, { ttlMs, db = app.db }: { ttlMs: number; db?: Queryable }) {
  const answers = new LRUCache<string, Promise<unknown>>({ max: MAX_ANSWERS, ttl: Math.max(ttlMs, 1) });
  let version: string | undefined;
  let checkedAt = 0;
  let checking: Promise<void> | undefined;
  const stats = { hits: 0, misses: 0 };

  async function checkVersion(): Promise<void> {
    if (Date.now() - checkedAt < CATALOGUE_VERSION_CHECK_MS) return;
    checking ??= (async () => {
      try {
        const { rows } = await db.query<{ version: string }>('SELECT last_value::text AS version FROM catalogue_version');
        const now = rows[0]?.version;
        if (now !== version) answers.clear();
        version = now;
        checkedAt = Date.now();
      } finally {
        checking = undefined;
      }
    })();
    await checking;
  }

  return {
    /** The answer for `key`: kept, or loaded once by `load` and kept for a few seconds. */
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return load();
      await checkVersion();
      const kept = answers.get(key) as Promise<T> | undefined;
      if (kept) {
        stats.hits++;
        return kept;
      }
      stats.misses++;
      const loading = load();
      answers.set(key, loading);
      // A failure is not kept: the next request asks the database again.
      loading.catch(() => answers.delete(key));
      return loading;
    },
    /** Forgets every answer now (this instance changed the catalogue and will not wait for the version). */
    clear(): void {
      answers.clear();
      checkedAt = 0;
    },
    stats,
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('catalogueCache', createCatalogueCache(app, { ttlMs: app.config.CATALOGUE_CACHE_MS }));
  },
  { name: 'catalogue-cache', dependencies: ['db'] },
);
