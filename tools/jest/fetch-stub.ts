// A stand-in for the network in component tests (jsdom has no server): records every request and
// answers from a table of routes. The code under test is ours and runs unchanged.
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
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost/'), init);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url).pathname + new URL(request.url).search,
      body: text ? parseBody(text, request.headers.get('content-type')) : undefined,
    };
    sentHeaders.set(recorded, Object.fromEntries(request.headers.entries()));
    requests.push(recorded);
    const answer = responder(recorded) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { requests, restore: () => (globalThis.fetch = original) };
}
