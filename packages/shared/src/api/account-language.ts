import type { KyInstance } from 'ky';
import { addressedLanguage, i18n, isLanguage } from '../i18n';
import { store, tokenAtom } from '../state/store';

// The language a signed-in shopper uses the store in, recorded on the account: the API
// writes the account's mails in it (to a buyer, and to a seller about a sale). Sign-up, sign-in and
// paying record it too, from Accept-Language; this records a switch, and a mail link's ?lang= (as
// soon as there is a session on that page). A chunk of its own, loaded by the API client (./ky-client)
// on the first switch or with a ?lang=: never in the first load, nor on most pages.

/** sessionStorage: the session and language last recorded from this tab, so a page load sends nothing new. */
const RECORDED_KEY = 'accountLanguage';

/** A session's short fingerprint (not the token itself) for RECORDED_KEY. */
const fingerprint = (token: string) => [...token].reduce((hash, char) => (hash * 33 + char.charCodeAt(0)) | 0, 5381).toString(36);

function recorded(): string | null {
  try {
    return sessionStorage.getItem(RECORDED_KEY);
  } catch {
    return null;
  }
}

function remember(value: string | null): void {
  try {
    if (value) sessionStorage.setItem(RECORDED_KEY, value);
    else sessionStorage.removeItem(RECORDED_KEY);
  } catch {
    // Storage refused: the next page load records it again, which is harmless.
  }
}

/** Records `language` on the signed-in account, once per session and language; nothing without a session. */
export function recordLanguage(client: KyInstance, language: string): void {
  const token = store.get(tokenAtom);
  if (!token || !isLanguage(language)) return;
  const key = `${fingerprint(token)} ${language}`;
  if (recorded() === key) return;
  remember(key);
  client.put('customers/language', { json: { language }, context: { handlesErrors: true } }).catch(() => {
    if (recorded() === key) remember(null);
  });
}

/**
 * Each switch from now on, `switched` (the switch that brought this code) at once, and the address's
 * ?lang= once there is a session.
 */
export function followAccountLanguage(client: KyInstance, switched?: string): void {
  i18n.on('languageChanged', (language: string) => recordLanguage(client, language));
  if (switched) recordLanguage(client, switched);
  const asked = addressedLanguage();
  if (!asked) return;
  recordLanguage(client, asked);
  store.sub(tokenAtom, () => recordLanguage(client, asked));
}
