import { atom, useAtomValue, type PrimitiveAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { store, tokenAtom } from './store';

// The browser's one cache of server data: each answer kept under a key that says what it holds
// (['bag', 'priced', <ids>], ['checkout', 'summary', <bag, delivery, code>], ['offers', <listing>]),
// in the one jotai store, so the shell and every remote see the same entry. A loader, a component
// and a call's caller that ask the same key while an answer is fresh get that answer; askers at the
// same moment share one request; a mutation writes its answer into the entries it changes
// (setCached) instead of asking again, or marks them stale (invalidateCached) for their next reader.
//
// Not TanStack Query: tree-shaken it is 10.0 KB gzip (QueryClient + useQuery; 11.4 with mutations and
// hydration) against the first load's 0.3 KB and the pages' 0.8 KB of room (README, "One data cache").
// On the server nothing is kept (one process renders every visitor's pages) but what is the same for
// every visitor, and no component reads the cache there.

/** What a key names: strings, numbers, booleans, null, and arrays or plain objects of them. */
export type CacheKey = readonly unknown[];

export interface CacheEntry<T> {
  data: T | undefined;
  /** The last load's refusal, until an answer replaces it. */
  error: unknown;
  /** When `data` was answered or written (ms); 0 = stale, the next reader asks again. */
  at: number;
  loading: boolean;
}

/** How long an answer is given without asking again, unless a caller says otherwise. */
export const FRESH_MS = 30_000;

const empty: CacheEntry<never> = { data: undefined, error: undefined, at: 0, loading: false };
const keeping = typeof window !== 'undefined';
const entries = new Map<string, PrimitiveAtom<CacheEntry<unknown>>>();
const serverEntry = atom<CacheEntry<unknown>>(empty);
/** The keys whose answer is the same for every visitor: a session's start or end keeps them. */
const forEveryone = new Set<string>();
/** How many times the cache was emptied: an answer asked for before an emptying is not kept, and a mounted reader asks again. */
const clearsAtom = atom(0);
const pending = new Map<string, Promise<unknown>>();

/** A key's text: plain objects with their fields sorted, so { a, b } and { b, a } are one entry. */
function hashKey(key: CacheKey): string {
  return JSON.stringify(key, (_name, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}

function entryAtom(hash: string): PrimitiveAtom<CacheEntry<unknown>> {
  let entry = entries.get(hash);
  if (!entry) {
    entry = atom<CacheEntry<unknown>>(empty);
    entries.set(hash, entry);
  }
  return entry;
}

const isFresh = (entry: CacheEntry<unknown>, freshMs: number) => entry.at > 0 && entry.data !== undefined && Date.now() - entry.at < freshMs;

/**
 * The key's answer: the cache's while fresh (`freshMs`, 0 = always ask), otherwise `load`'s, which
 * every asker of the key meanwhile shares. The answer is kept; a refusal is kept as the entry's
 * error and thrown to each asker.
 */
export function fetchCached<T>(
  key: CacheKey,
  load: () => Promise<T>,
  { freshMs = FRESH_MS, everyone = false }: { freshMs?: number; everyone?: boolean } = {},
): Promise<T> {
  // `everyone`: the same answer for every visitor (the brand's details), so the server keeps it too.
  if (!keeping && !everyone) return load();
  const hash = hashKey(key);
  if (everyone) forEveryone.add(hash);
  const entry = entryAtom(hash);
  const held = store.get(entry);
  if (isFresh(held, freshMs)) return Promise.resolve(held.data as T);
  const running = pending.get(hash);
  if (running) return running as Promise<T>;
  store.set(entry, { ...held, loading: true });
  const started = Date.now();
  const era = store.get(clearsAtom);
  const answer = load().then(
    (data) => {
      // Asked for the last session: its answer is not the cache's any more.
      if (era !== store.get(clearsAtom) && !everyone) return data;
      // A write while this was out (a mutation's answer) is newer: it stays.
      if (store.get(entry).at > 0 && store.get(entry).at >= started) return store.get(entry).data as T;
      store.set(entry, { data, error: undefined, at: Date.now(), loading: false });
      return data;
    },
    (error: unknown) => {
      if (era === store.get(clearsAtom) || everyone) store.set(entry, { ...store.get(entry), error, loading: false });
      throw error;
    },
  );
  const settled = answer.finally(() => {
    if (pending.get(hash) === settled) pending.delete(hash);
  });
  pending.set(hash, settled);
  // The finally's own promise rejects as `answer` does: an asker that is gone must not leave it unhandled.
  settled.catch(() => undefined);
  return settled;
}

/** A mutation's answer written where it belongs: the key holds it, fresh, from now. */
export function setCached<T>(key: CacheKey, data: T | ((held: T | undefined) => T | undefined)): void {
  if (!keeping) return;
  const entry = entryAtom(hashKey(key));
  const held = store.get(entry);
  const next = typeof data === 'function' ? (data as (held: T | undefined) => T | undefined)(held.data as T | undefined) : data;
  if (next === undefined) return;
  store.set(entry, { data: next, error: undefined, at: Date.now(), loading: false });
}

/**
 * The entries whose key starts with `prefix` are stale: their next reader asks again (a mounted
 * useCached reader does at once). Nothing is asked for an entry nobody reads.
 */
export function invalidateCached(prefix: CacheKey): void {
  const start = hashKey(prefix).slice(0, -1);
  for (const [hash, entry] of entries) {
    if (hash === `${start}]` || hash.startsWith(`${start},`) || start === '[') store.set(entry, { ...store.get(entry), at: 0 });
  }
}

/** Every entry forgotten (a session ends: the next customer's data is not the last one's). */
export function clearCached({ keepEveryones = false }: { keepEveryones?: boolean } = {}): void {
  store.set(clearsAtom, (count) => count + 1);
  for (const [hash, entry] of entries) {
    if (keepEveryones && forEveryone.has(hash)) continue;
    store.set(entry, empty);
    pending.delete(hash);
  }
}

// Another customer signs in, or the session ends (or a server-rendered page restores the visitor's
// own token): nothing of the last one's answers is shown again; the brand's details stay.
if (keeping) store.sub(tokenAtom, () => clearCached({ keepEveryones: true }));

/**
 * A component's read of a key: the entry as it is, asked for when it is missing or stale (and again
 * whenever it goes stale while mounted). `initial` is an answer already in hand for the key (a page
 * loader's, the server's): written to the cache as it, not asked again. `enabled: false` asks nothing.
 */
export function useCached<T>(
  key: CacheKey,
  load: () => Promise<T>,
  { enabled = true, freshMs = FRESH_MS, keepPrevious = false, everyone = false }: { enabled?: boolean; freshMs?: number; keepPrevious?: boolean; everyone?: boolean } = {},
): CacheEntry<T> & { reload: () => Promise<T | undefined> } {
  const hash = hashKey(key);
  // On the server a component renders nobody's answers: the browser hydrates with an empty cache.
  const entry = useAtomValue(keeping ? entryAtom(hash) : serverEntry, { store }) as CacheEntry<T>;
  const stale = !isFresh(entry, freshMs);
  const clears = useAtomValue(clearsAtom, { store });
  // With keepPrevious, a key asked for the first time shows the last key's answer until its own comes
  // (a summary priced for another delivery option stays on screen rather than a "loading" line), and
  // when it is refused (the caller sees the entry's error beside it).
  const shown = useRef<T | undefined>(undefined);
  if (entry.data !== undefined) shown.current = entry.data;
  useEffect(() => {
    if (!enabled || !stale || entry.loading) return;
    fetchCached(key, load, { freshMs, everyone }).catch(() => undefined);
    // `hash` stands for the key; `load` is the key's loader; after an emptying a mounted reader asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, enabled, stale, clears]);
  const reload = useCallback(() => fetchCached(key, load, { freshMs: 0, everyone }).catch(() => undefined), [hash]); // eslint-disable-line react-hooks/exhaustive-deps
  return { ...entry, data: keepPrevious ? (entry.data ?? shown.current) : entry.data, reload };
}
