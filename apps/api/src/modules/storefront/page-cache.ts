import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { PageLanguage } from '@preloved/contract';
import { LRUCache } from 'lru-cache';

// The anonymous-page cache (item 5): the HTML of a public page as a visitor without a
// session gets it, kept per address, language and currency, for as long as nothing it shows can have
// changed. The catalogue's version (migration 015, read by the catalogue cache at most once a second)
// and the remotes' generation (a deploy, a rollback, a remote rebuilt in place) are part of what an
// entry was rendered with: when either moves, the entry is not served again. A few seconds of age
// (the catalogue cache's own window) bound what the version does not follow (a seller's name, a
// review); past them the entry is served a few seconds more while one request renders it anew, as a
// CDN's stale-while-revalidate does. Bounded by bytes (lru-cache), the least recently used first out.

/** The one currency the store sells in: part of the key so a second one cannot share a page. */
export const STORE_CURRENCY = 'EUR';

export interface CachedPage {
  status: number;
  language: PageLanguage;
  body: Buffer;
  /** A strong validator of the body (quoted, as the ETag header carries it). */
  etag: string;
  shared: boolean;
  /** A redirect's target (`status` 301 or 302, an empty body). */
  location?: string;
  /** The body compressed, made the first time a visitor accepts it and kept with the page (a kept page is compressed once, not per hit). */
  encoded?: Partial<Record<CompressedEncoding, Buffer>>;
}

type CompressedEncoding = 'br' | 'gzip';
export type PageEncoding = CompressedEncoding | 'identity';

/** Smaller than this, a page goes as it is (compression would not pay for its header). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * What a visitor's `Accept-Encoding` lets a page go in: brotli, else gzip, else as it is (a `q=0`
 * refuses one). Pages were sent uncompressed: a product page was 46 KB on the wire, 9 KB in gzip,
 * which a phone on a slow network waits for before anything paints (LCP).
 */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.trim().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * The page's body and validator in an encoding. Each representation has its own strong ETag (the
 * identity one with `-br` or `-gz` added), as RFC 9110 asks of a validator.
 */
export function encodedPage(page: CachedPage, encoding: PageEncoding): { body: Buffer; etag: string; encoding: PageEncoding } {
  if (encoding === 'identity' || page.body.length < COMPRESS_FROM_BYTES) return { body: page.body, etag: page.etag, encoding: 'identity' };
  page.encoded ??= {};
  // Quality 5 and level 6: a few milliseconds for a page, close to the best ratio (a fresh render pays it).
  const body = (page.encoded[encoding] ??=
    encoding === 'br' ? brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } }) : gzipSync(page.body, { level: 6 }));
  return { body, etag: `${page.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`, encoding };
}

interface Entry {
  page: CachedPage;
  /** The catalogue version and remotes generation it was rendered with. */
  stamp: string;
  freshUntil: number;
  refreshing: boolean;
}

export const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * `ttlMs` 0 turns the cache off. `maxBytes` bounds the HTML kept. `render` is only called for a key
 * that misses; requests that miss the same key together share one render.
 */
export function createPageCache({ ttlMs, maxBytes }: { ttlMs: number; maxBytes: number }) {
  const entries = new LRUCache<string, Entry>({
    maxSize: Math.max(maxBytes, 1),
    // The body and, once asked for, its compressed forms (about a fifth of it each).
    sizeCalculation: (entry, key) => Math.ceil(entry.page.body.length * 1.5) + key.length + 200,
    // Kept twice the window: the second half only serves it while it is rendered anew.
    ttl: Math.max(ttlMs * 2, 1),
  });
  const pending = new Map<string, Promise<CachedPage | undefined>>();
  const stats = { hits: 0, misses: 0, stale: 0, bypassed: 0 };

  function renderAndKeep(key: string, stamp: string, render: () => Promise<CachedPage | undefined>): Promise<CachedPage | undefined> {
    const shared = pending.get(`${stamp}\n${key}`);
    if (shared) return shared;
    const rendering = render()
      .then((page) => {
        // Only whole pages (200) are kept: a page left to the browser or a 404 is rendered each time.
        if (page && page.status === 200) entries.set(key, { page, stamp, freshUntil: Date.now() + ttlMs, refreshing: false });
        return page;
      })
      .finally(() => pending.delete(`${stamp}\n${key}`));
    pending.set(`${stamp}\n${key}`, rendering);
    return rendering;
  }

  return {
    enabled: ttlMs > 0,
    /**
     * The page for `key` as rendered with `stamp` (what it depends on besides the key): kept, or
     * rendered now and kept. `hit` says whether it came from memory.
     */
    async get(key: string, stamp: string, render: () => Promise<CachedPage | undefined>): Promise<{ page: CachedPage | undefined; hit: boolean }> {
      const entry = entries.get(key);
      if (entry && entry.stamp === stamp) {
        if (Date.now() >= entry.freshUntil) {
          stats.stale++;
          if (!entry.refreshing) {
            entry.refreshing = true;
            // On failure the stale page is served until its time is up, then rendered on request.
            void renderAndKeep(key, stamp, render).catch(() => undefined);
          }
        } else stats.hits++;
        return { page: entry.page, hit: true };
      }
      stats.misses++;
      return { page: await renderAndKeep(key, stamp, render), hit: false };
    },
    clear(): void {
      entries.clear();
    },
    /** How many pages and bytes are kept. */
    size: () => ({ pages: entries.size, bytes: entries.calculatedSize }),
    stats,
  };
}
