import { i18n } from './index';

// The refusals' English (./refusals.en.ts) comes when the API client first meets a refusal (an error
// answer with a code; ../api/ky-client.ts awaits it before the error reaches the caller), once per
// page: the promise is kept, a failed load (offline, a chunk that did not arrive) is not, and the next
// refusal tries again (the content-hashed chunk then comes from the browser's cache if it came once).
// Portuguese has every code in the shared catalogue (common.pt.ts), loaded with the language.

let loaded: Promise<void> | undefined;

/** The chunk of the refusals' English (a test slows it down, or fails it, as a network does). */
export const refusalsChunk = { load: () => import(/* webpackChunkName: "refusals-en" */ './refusals.en') };

/**
 * Adds the refusals' English to the shared catalogue (`validation`); what another module wrote there
 * first (a test's own sentence) stays. The server and the tests register them with the whole
 * catalogue (./errors.en.ts), so loadRefusals then has nothing to fetch.
 */
export function registerRefusals(sentences: Readonly<Record<string, string>>): void {
  i18n.addResourceBundle('en', 'common', { validation: sentences }, true, false);
  loaded ??= Promise.resolve();
}

/** The refusals' English, loaded once (its own chunk); resolves once their sentences are in. */
export function loadRefusals(): Promise<void> {
  loaded ??= refusalsChunk.load().then(
    ({ refusals }) => registerRefusals(refusals),
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}
