// A table of routes for component tests, on the MSW server of tools/jest/msw-server.ts: records every
// request and answers from a responder (a 404 {message:'Not found'} when it has no answer; no answer
// at all, as a dropped connection, when it throws). The code under test is ours and runs unchanged.
// New tests: prefer `server.use(http.get(…))` handlers (msw-server.ts), which say what each route
// answers where it is read.
import { http, HttpResponse } from 'msw';
import { server } from './msw-server';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

// Kept beside the records, not in them, so tests comparing whole records stay as they are.
const sentHeaders = new WeakMap<RecordedRequest, Record<string, string>>();

/** The headers a recorded request was sent with, by lower-case name (as fetch keeps them). */
export function headersOf(request: RecordedRequest): Record<string, string> {
  return sentHeaders.get(request) ?? {};
}

/** JSON bodies as values; anything else (an uploaded photo's bytes) as its text. */
const parseBody = (text: string, type: string | null): unknown => (type?.includes('json') ? JSON.parse(text) : text);

type Responder = (request: RecordedRequest) => { status?: number; body?: unknown } | undefined;

export function stubFetch(responder: Responder) {
  const requests: RecordedRequest[] = [];
  let active = true;
  // Every request while active; a later server.use handler (added after this one) is asked first.
  server.use(
    http.all('*', async ({ request }) => {
      if (!active) return undefined;
      const text = request.method === 'GET' ? '' : await request.clone().text();
      const url = new URL(request.url);
      const recorded: RecordedRequest = {
        method: request.method,
        url: url.pathname + url.search,
        body: text ? parseBody(text, request.headers.get('content-type')) : undefined,
      };
      sentHeaders.set(recorded, Object.fromEntries(request.headers.entries()));
      requests.push(recorded);
      let answer;
      try {
        answer = responder(recorded) ?? { status: 404, body: { message: 'Not found' } };
      } catch {
        // A responder that throws is a dropped connection: fetch rejects (TypeError), as a browser's
        // does. MSW would otherwise turn the throw into a 500 answer.
        return HttpResponse.error();
      }
      return new HttpResponse(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { requests, restore: () => void (active = false) };
}
