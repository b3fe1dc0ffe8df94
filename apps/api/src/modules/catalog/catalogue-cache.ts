import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/db';

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

/** An answer kept, the time until which it is fresh, and whether a request is reading it anew. */
interface Kept {
  value: Promise<unknown>;
  freshUntil: number;
  refreshing: boolean;
}

/**
 * Public catalogue answers (listing pages, search, product and seller pages, brand details) kept in
 * memory (lru-cache: the size- and age-bounded map the Node field uses) for a few seconds. A listing
 * change anywhere, on any instance, moves the catalogue's version (a database trigger, migration 015)
 * and this instance forgets everything it kept within a second. Requests that arrive together for
 * the same answer share one database read. An answer past its few seconds while the version has not
 * moved (no listing or product changed) is served a few seconds more while one request reads it anew,
 * as the CDN's stale-while-revalidate does: no request waits for that read. The bag, checkout and
 * everything personal never use it.
 */
export function createCatalogueCache(app: FastifyInstance, { ttlMs, db = app.db }: { ttlMs: number; db?: Queryable }) {
  // Kept twice the window: the second half only serves an answer while it is read anew.
  const answers = new LRUCache<string, Kept>({ max: MAX_ANSWERS, ttl: Math.max(ttlMs * 2, 1) });
  let version: string | undefined;
  let checkedAt = 0;
  let checking: Promise<void> | undefined;
  // Moves with every clear: a read that started before it must not keep what it read.
  let generation = 0;
  const stats = { hits: 0, misses: 0, stale: 0 };

  function forget(): void {
    answers.clear();
    generation++;
  }

  async function checkVersion(): Promise<void> {
    if (Date.now() - checkedAt < CATALOGUE_VERSION_CHECK_MS) return;
    checking ??= (async () => {
      try {
        const { rows } = await db.query<{ version: string }>('SELECT last_value::text AS version FROM catalogue_version');
        const now = rows[0]?.version;
        if (now !== version) forget();
        version = now;
        checkedAt = Date.now();
      } finally {
        checking = undefined;
      }
    })();
    await checking;
  }

  /** Loads `key` and keeps it (unless the catalogue changed meanwhile); a failure is not kept. */
  function load<T>(key: string, read: () => Promise<T>, kept?: Kept): Promise<T> {
    const started = generation;
    const loading = read();
    const fresh: Kept = { value: loading, freshUntil: Date.now() + ttlMs, refreshing: false };
    if (kept) {
      // Replaces the stale answer once read; until then the stale one is served.
      kept.refreshing = true;
      loading.then(
        () => void (generation === started && answers.set(key, fresh)),
        () => void (kept.refreshing = false),
      );
    } else {
      answers.set(key, fresh);
      // The next request asks the database again.
      loading.catch(() => generation === started && answers.get(key) === fresh && answers.delete(key));
    }
    return loading;
  }

  return {
    /** The answer for `key`: kept, or loaded once by `read` and kept for a few seconds. */
    async get<T>(key: string, read: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return read();
      await checkVersion();
      const kept = answers.get(key);
      if (!kept) {
        stats.misses++;
        return load(key, read);
      }
      if (Date.now() >= kept.freshUntil) {
        stats.stale++;
        if (!kept.refreshing) void load(key, read, kept).catch(() => undefined);
      } else stats.hits++;
      return kept.value as Promise<T>;
    },
    /**
     * The catalogue's version, read at most once a second for all callers (forgetting the kept
     * answers when it moved). The anonymous-page cache keeps HTML under it. Also read
     * with the cache off (`ttlMs` 0), for the pages' sake.
     */
    async version(): Promise<string> {
      await checkVersion();
      return `${version ?? ''}.${generation}`;
    },
    /** Forgets every answer now (this instance changed the catalogue and will not wait for the version). */
    clear(): void {
      forget();
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
