import ky, { type KyInstance } from 'ky';
import { getConfig, serverApiFetch } from '../config';
import { addressedLanguage, currentLanguage, i18n } from '../i18n';
import { loadRefusals } from '../i18n/refusals';
import { store, tokenAtom } from '../state/store';
import { messageOf } from './error-text';
import { emitApiEvent } from './events';

// The API client made of ky: a chunk of its own, loaded on the first call (./client.ts), so that
// neither ky nor its hooks are in the first load of a page (issue 43 moved the hooks here too, to
// keep that load under its budget).

/** The `code` of an error answer (a refusal), or null for an answer without one (a proxy's page). */
async function refusalCodeOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { code?: unknown } | null;
    return typeof body?.code === 'string' && body.code ? body.code : null;
  } catch {
    return null;
  }
}

/** The one ky instance of the store's calls, with the spec's error catalogue as hooks. */
export function createApiClient(): KyInstance {
  const client = ky.create({
    prefix: getConfig().apiBase,
    retry: 0,
    timeout: 15000,
    // On the server the store's own process may answer (configureServer): read per call, since the
    // client is made once and the host may set it after.
    ...(typeof window === 'undefined'
      ? {
          fetch: (input: Request | URL | string, init?: RequestInit) => {
            const inProcess = serverApiFetch();
            // ky hands over its Request (and only options fetch itself would know besides).
            return inProcess && input instanceof Request ? inProcess(input) : fetch(input, init);
          },
        }
      : {}),
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
          // A refusal's sentence is in before its error reaches anyone (the caller, the toast below): the
          // refusals' English comes with the first one (../i18n/refusals.ts). A failed load lets the
          // error through, with the answer's own English message (describeError).
          if (!response.ok && (await refusalCodeOf(response))) await loadRefusals().catch(() => undefined);
          // The caller shows this call's errors itself (CallContext.handlesErrors).
          if ((options.context as { handlesErrors?: boolean }).handlesErrors) return;
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
  // A signed-in shopper's switch, or a mail link's ?lang=, is recorded on the account: that
  // code comes only then (most pages have neither); the first switch is recorded as it loads.
  if (typeof window !== 'undefined') {
    const follow = (switched?: string) => void import('./account-language').then((module) => module.followAccountLanguage(client, switched));
    if (addressedLanguage()) follow();
    else
      i18n.on('languageChanged', function first(language: string) {
        i18n.off('languageChanged', first);
        follow(language);
      });
  }
  return client;
}
