import ky, { HTTPError, type KyInstance } from 'ky';
import { getConfig } from '../config';
import { currentLanguage } from '../i18n';
import { store, tokenAtom } from '../state/store';
import { emitApiEvent } from './events';

/**
 * Per-call options our hooks read from ky's `context`:
 * - `handlesErrors`: the caller shows this call's errors itself (login shows "incorrect combination"
 *   in the form, not a toast), so the catalogue's toast and redirect are skipped.
 */
export interface CallContext {
  handlesErrors?: boolean;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
}

function createApiClient(): KyInstance {
  return ky.create({
    prefix: getConfig().apiBase,
    retry: 0,
    timeout: 15000,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = store.get(tokenAtom);
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          // The catalogue's titles and descriptions come in the store's language.
          if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', currentLanguage());
        },
      ],
      afterResponse: [
        async ({ response, options }) => {
          if ((options.context as CallContext).handlesErrors) return;
          // The spec's error catalogue (§8); other statuses show nothing.
          if (response.status === 422) {
            const message = await messageOf(response);
            if (message) emitApiEvent({ type: 'error-message', message });
          } else if (response.status === 401) {
            emitApiEvent({ type: 'unauthorized' });
          } else if (response.status === 500) {
            emitApiEvent({ type: 'server-error' });
          }
        },
      ],
    },
  });
}

let client: KyInstance | undefined;
/** The one API client; created on first use so a page's config override is read first. */
export function api(): KyInstance {
  client ??= createApiClient();
  return client;
}

/** The status and message of a failed call, for the few places that show errors themselves. */
export async function describeError(error: unknown): Promise<{ status: number; message: string }> {
  if (error instanceof HTTPError) {
    // ky 2 has already read the body into `data` (the response's own body is consumed by then).
    const data: unknown = error.data;
    if (typeof data === 'string') return { status: error.response.status, message: data };
    if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
      return { status: error.response.status, message: (data as { message: string }).message };
    }
    return { status: error.response.status, message: await messageOf(error.response) };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

export { HTTPError };
