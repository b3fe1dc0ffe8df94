import type { HTTPError as KyHTTPError, KyInstance, Options, ResponsePromise } from 'ky';
import { i18n } from '../i18n';
import { errorText, messageOf } from './error-text';

/**
 * Per-call options our hooks read from ky's `context`:
 * - `handlesErrors`: the caller shows this call's errors itself (login shows "incorrect combination"
 *   in the form, not a toast), so the catalogue's toast and redirect are skipped.
 */
export interface CallContext {
  handlesErrors?: boolean;
}

let client: Promise<KyInstance> | undefined;
function loadClient(): Promise<KyInstance> {
  // A failed load (a chunk that did not arrive) is not kept: the next call tries again.
  // ky and the client made of it are one chunk of their own (./ky-client), after the first load.
  client ??= import('./ky-client').then((module) => module.createApiClient()).catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';
const BODY_METHODS = ['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const;
type BodyMethod = (typeof BODY_METHODS)[number];

/**
 * ky's call, made once ky has loaded. The caller chains `.json()` (or another body method) in the
 * same tick it calls, before ky has loaded, so the chosen body method is applied to ky's own
 * response promise as soon as the call is made (ky sets the Accept header from it).
 */
function deferredCall(method: Method, input: string, options?: Options): ResponsePromise {
  let body: BodyMethod | undefined;
  const sent = loadClient().then((ky) => {
    const call = ky[method](input, options);
    return { call, parsed: body ? (call[body] as () => Promise<unknown>)() : undefined };
  });
  const response = sent.then(({ call }) => call);
  // Marks the plain response as handled when the caller only reads the body (it still rejects for
  // whoever awaits it).
  response.catch(() => undefined);
  const methods = Object.fromEntries(
    BODY_METHODS.map((kind) => [
      kind,
      () => {
        body ??= kind;
        return sent.then(({ call, parsed }) => (kind === body ? parsed : (call[kind] as () => Promise<unknown>)()));
      },
    ]),
  );
  return Object.assign(response, methods) as unknown as ResponsePromise;
}

/** The API client's calls: ky's own, with ky loaded on the first call (it is not in the first load of a page). */
export interface ApiClient {
  get(input: string, options?: Options): ResponsePromise;
  post(input: string, options?: Options): ResponsePromise;
  put(input: string, options?: Options): ResponsePromise;
  patch(input: string, options?: Options): ResponsePromise;
  delete(input: string, options?: Options): ResponsePromise;
  head(input: string, options?: Options): ResponsePromise;
}

const lazyClient: ApiClient = {
  get: (input, options) => deferredCall('get', input, options),
  post: (input, options) => deferredCall('post', input, options),
  put: (input, options) => deferredCall('put', input, options),
  patch: (input, options) => deferredCall('patch', input, options),
  delete: (input, options) => deferredCall('delete', input, options),
  head: (input, options) => deferredCall('head', input, options),
};

/** The one API client; ky is created on first use so a page's config override is read first. */
export function api(): ApiClient {
  return lazyClient;
}

/**
 * ky's HTTPError, recognised without loading ky (`error instanceof HTTPError` where ky may not have
 * loaded yet): by its name and response, which is what ky's own class carries.
 */
export type HTTPError = KyHTTPError;
export const HTTPError = class {
  static [Symbol.hasInstance](value: unknown): boolean {
    // Duck-typed, not `instanceof Object`: under test the Response may come from another realm.
    const error = value as { name?: unknown; response?: unknown } | null;
    return typeof error === 'object' && error !== null && error.name === 'HTTPError' && typeof error.response === 'object' && error.response !== null;
  }
} as unknown as typeof KyHTTPError;

/**
 * The status, code and message of a failed call, for the few places that show errors themselves:
 * `message` is the code translated in the user's language when the catalogue knows it (else the
 * answer's own message), `code` the answer's stable code ('' when it has none).
 */
export async function describeError(error: unknown): Promise<{ status: number; message: string; code: string }> {
  if (error instanceof HTTPError) {
    // ky 2 has already read the body into `data` (the response's own body is consumed by then).
    const data: unknown = error.data;
    // A text answer is a proxy's or a server's page, never a sentence for the shopper.
    if (typeof data === 'string') return { status: error.response.status, message: '', code: '' };
    if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
      const { message, code } = data as { message: string; code?: unknown };
      return { status: error.response.status, message: errorText(data) ?? message, code: typeof code === 'string' ? code : '' };
    }
    return { status: error.response.status, message: await messageOf(error.response), code: '' };
  }
  // No answer at all: ky's own text names the method and URL in English, so the page
  // says it in the shopper's language; `code` tells the callers that care (a payment may have gone through).
  if (isNoAnswer(error)) return { status: 0, message: i18n.t('errors.network', { ns: 'common' }), code: NO_ANSWER };
  return { status: 0, message: i18n.t('errors.generic', { ns: 'common' }), code: '' };
}

/** describeError's code for a call that got no answer (offline, dropped, timed out). */
export const NO_ANSWER = 'no_answer';

/**
 * True when a call got no answer: ky's NetworkError (offline, refused, dropped: fetch's TypeError, which
 * ky wraps) and TimeoutError. The request may still have reached the API. A TypeError of our own code
 * is no network failure.
 */
export function isNoAnswer(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NetworkError' || name === 'TimeoutError';
}

