import { EventSource, type ErrorEvent } from 'eventsource';
import { getConfig } from '../config';
import { currentLanguage } from '../i18n';
import { store, tokenAtom } from '../state/store';
import { emitApiEvent } from './events';
import type { ThreadEvent } from './threads';

// Server-Sent Events rather than a WebSocket (issue 47): the messages go one way, from the store to
// the reader (writing is a plain POST with its refusals), SSE is plain HTTP through nginx and the
// cluster's proxy, and a reader who reconnects says what they saw last (`Last-Event-ID`), which the
// API answers with what they missed. The browser's own EventSource cannot send the session's bearer
// token, so the `eventsource` package's (the same standard client, by the maintainers of
// eventsource-parser) makes its requests with our header through `fetch`.

/** A stream the API refused (too many of the reader's tabs, a moment's error) is tried again after this. */
const RETRY_MS = 15_000;

/** Opens the reader's stream after message `after`; answers a function that closes it for good. */
export function openMessageStream(after: number, onMessage: (event: ThreadEvent) => void): () => void {
  let last = after;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const open = () => {
    const url = new URL(`${getConfig().apiBase}/threads/events`, window.location.href);
    url.searchParams.set('after', String(last));
    source = new EventSource(url, {
      fetch: (input, init) => {
        const headers: Record<string, string> = { ...init.headers, 'Accept-Language': currentLanguage() };
        const token = store.get(tokenAtom);
        if (token) headers.Authorization = `Bearer ${token}`;
        return fetch(input, { ...init, headers });
      },
    });
    source.addEventListener('message', (event) => {
      const told = JSON.parse(event.data as string) as ThreadEvent;
      // A message told twice (a catch-up that met the live feed) is shown once.
      if (told.message.id <= last) return;
      last = Math.max(last, told.message.id);
      onMessage(told);
    });
    source.onerror = (event: ErrorEvent) => {
      // A dropped connection is reopened by the EventSource itself (with Last-Event-ID); a refused one is closed.
      if (source?.readyState !== EventSource.CLOSED || closed) return;
      if (event.code === 401) {
        emitApiEvent({ type: 'unauthorized' });
        return;
      }
      retry = setTimeout(open, RETRY_MS);
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
  };
}
