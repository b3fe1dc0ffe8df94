import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type ListingsResponse } from '@preloved/contract';
import { SEARCH_OVERLAY_LIMIT, searchListings } from '@preloved/shared';
import { useEffect, useRef, useState } from 'react';

/** Spec §7, §9: the box waits this long after the last keystroke before it asks. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface SearchState {
  /** The query the results answer (trimmed), or null when nothing was asked. */
  query: string | null;
  result: ListingsResponse | null;
  /** A query is waiting for its debounce or its answer. */
  pending: boolean;
  /** The last search failed: the results are emptied and nothing is said (spec §8). */
  failed: boolean;
}

const IDLE: SearchState = { query: null, result: null, pending: false, failed: false };

/** What the box sends for a text: trimmed, at most 50 characters, and only when longer than 3 (spec §5). */
export function searchableText(text: string): string | null {
  const query = text.trim().slice(0, SEARCH_MAX_LENGTH);
  return query.length >= SEARCH_MIN_LENGTH ? query : null;
}

/** What Enter sends to /search: any non-empty text (trimmed, at most 50 characters); null when empty. */
export function submittableText(text: string): string | null {
  const query = text.trim().slice(0, SEARCH_MAX_LENGTH);
  return query.length > 0 ? query : null;
}

/**
 * The overlay's search for `text` (spec §5, §7, §8): sent 500 ms after the last change and only when
 * longer than 3 characters, otherwise the results are cleared at once. A newer text aborts the older
 * request, and an answer that is not for the latest request is dropped, so a slow answer never
 * overwrites a newer one.
 */
export function useSearch(text: string): SearchState {
  const [state, setState] = useState<SearchState>(IDLE);
  const latest = useRef(0);

  const query = searchableText(text);

  useEffect(() => {
    const id = ++latest.current;
    if (query === null) {
      setState(IDLE);
      return undefined;
    }
    setState((previous) => ({ ...previous, pending: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchListings({ q: query, limit: SEARCH_OVERLAY_LIMIT }, controller.signal).then(
        (result) => {
          if (id === latest.current) setState({ query, result, pending: false, failed: false });
        },
        () => {
          if (id === latest.current && !controller.signal.aborted) setState({ query, result: null, pending: false, failed: true });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return state;
}
