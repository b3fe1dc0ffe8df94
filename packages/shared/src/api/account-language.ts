import { store, tokenAtom } from '../state/store';
import type { ApiClient } from './client';

// The language a signed-in shopper uses the store in, recorded on the account (issue 43): the API
// writes the account's mails in it (to a buyer, and to a seller about a sale). Sign-up, sign-in and
// paying record it too, from Accept-Language; this covers a switch, or a mail link's ?lang=, later.

/** The session and language last recorded: one call per switch, not one per page. */
let recorded: string | undefined;

/** Records `language` on the signed-in account; nothing without a session. */
export function recordLanguage(language: string, api: ApiClient): void {
  const token = store.get(tokenAtom);
  if (!token || (language !== 'en' && language !== 'pt') || recorded === `${token} ${language}`) return;
  const key = `${token} ${language}`;
  recorded = key;
  api
    .put('customers/language', { json: { language }, context: { handlesErrors: true } })
    .catch(() => {
      if (recorded === key) recorded = undefined;
    });
}

/**
 * A `?lang=` of the address: recorded now when signed in, else as soon as the session is there (a
 * page the server rendered restores it after hydrating; or the shopper signs in on this page).
 */
export function recordLanguageOnceSignedIn(language: string, api: ApiClient): void {
  if (store.get(tokenAtom)) return recordLanguage(language, api);
  const stop = store.sub(tokenAtom, () => {
    if (!store.get(tokenAtom)) return;
    stop();
    recordLanguage(language, api);
  });
}
