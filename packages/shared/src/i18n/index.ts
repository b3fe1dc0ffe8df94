import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatMoney } from '@preloved/contract';
import { getConfig } from '../config';
import { isServerRendered, LANGUAGE_COOKIE } from '../ssr';
import { STORAGE_KEYS } from '../state/storage-keys';
import en from './common.en';

export const LANGUAGES = ['en', 'pt', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The language cookie (the switcher's, or the server's for a `?lang=` link). It is written
 * with localStorage's and never before it, but the server may set it alone (a link opened and left
 * before its code ran): it is the newer of the two, so it wins.
 */
function cookieLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const found = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|pt|es)(?:;|$)`).exec(document.cookie);
  return found ? (found[1] as Language) : null;
}

/** The visitor's own choice: the cookie, else localStorage. */
const chosenLanguage = (): Language | null => cookieLanguage() ?? readStoredLanguage();

function browserLanguage(): Language | null {
  if (typeof navigator === 'undefined') return null;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return null;
}

/**
 * A `?lang=` in the address, as the server reads it for the pages it renders: a page the browser
 * renders (the account's, checkout) opened from a link in a Portuguese mail is in Portuguese too.
 * It is the visitor's choice, as the switcher's is: it wins over the stored one and is kept
 * (keepLanguage), so a reload, a new tab or a tap before hydration stays in it.
 */
function urlLanguage(): Language | null {
  if (typeof location === 'undefined') return null;
  const lang = new URLSearchParams(location.search).get('lang');
  return isLanguage(lang) ? lang : null;
}

/** The one i18n instance for the shell and every remote (shared as part of @preloved/shared). */
export const i18n: I18n = i18next.createInstance();

/** The language the server rendered the page in (its `<html lang>`): hydration must use it. */
function serverLanguage(): Language | null {
  if (!isServerRendered()) return null;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : null;
}

const addressed = urlLanguage();

void i18n.use(initReactI18next).init({
  lng:
    addressed ??
    serverLanguage() ??
    chosenLanguage() ??
    (getConfig().detectBrowserLanguage ? browserLanguage() : null) ??
    'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  // Portuguese and Spanish come on demand (ensureLanguage): most first visits are English, and each
  // catalogue is ~3 KB gzip of the first load's budget. A page the server rendered in one of them
  // loads it before hydrating (the shell's bootstrap).
  resources: { en: { common: en } },
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

// The store speaks European Portuguese, whose plural rule puts 0 with "other" ("0 artigos"); the
// language code is plain 'pt', whose CLDR rule (Brazil's) puts 0 with "one" and gave "0 artigo"
//. i18next picks a rule by the code alone, so its resolver is asked for pt-PT's rule.
// i18n.test.ts fails if an i18next upgrade stops honouring this.
const plurals = i18n.services.pluralResolver as { getRule: (code: string, options?: object) => Intl.PluralRules | undefined };
const ruleOf = plurals.getRule.bind(plurals);
plurals.getRule = (code, options) => ruleOf(code === 'pt' ? 'pt-PT' : code, options);

// Money in a sentence is a number of euros written `{{total, money}}`: the reader's language formats
// it the one way the store writes money (an API refusal's params carry the number, never "€23.20").
i18n.services.formatter?.add('money', (value: unknown, language: string | undefined) => formatMoney(Number(value), language ?? 'en'));

if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language;
  if (addressed) keepLanguage(addressed);
}

let fieldKeys: ReadonlySet<string> = new Set();

/**
 * The English error catalogue (`validation` of the shared namespace) and which of its keys are a
 * field's (a 422's `fields`), once its module has arrived (./errors.en.ts). What another module
 * wrote there first (a test's own sentence) stays.
 */
export function registerErrorCatalogue(validation: Readonly<Record<string, string>>, fields: readonly string[]): void {
  i18n.addResourceBundle('en', 'common', { validation }, true, false);
  fieldKeys = new Set(fields);
}

/** True for a field key of validation (@preloved/contract's VALIDATION_MESSAGES), once the catalogue is in. */
export const isFieldKey = (key: string): boolean => fieldKeys.has(key);

/** The language the page's address asked for (`?lang=`): the account records it too (api/account-language.ts). */
export const addressedLanguage = (): Language | null => addressed;


/** A language's catalogue of a namespace loaded on demand (its own chunk), as `() => import('./pt')`. */
export type CatalogueLoader = () => Promise<{ default: object }>;

/** The namespaces whose catalogue of a language comes on demand, by `language:namespace`. */
const onDemand = new Map<string, CatalogueLoader>();

/**
 * Each app adds its own namespace, English, Portuguese and Spanish, when its module loads. A catalogue
 * given as a loader comes with its language (ensureLanguage): the shell's Portuguese is ~1.5 KB gzip
 * of the first load's budget, and most first visits are English. English is every namespace's fallback:
 * a sentence missing in a language is read in English.
 */
export function addTranslations(
  namespace: string,
  resources: Record<'en' | 'pt', object | CatalogueLoader> & Partial<Record<Language, object | CatalogueLoader>>,
): void {
  for (const language of LANGUAGES) {
    const catalogue = resources[language];
    if (catalogue === undefined) continue;
    if (typeof catalogue === 'function') {
      onDemand.set(`${language}:${namespace}`, catalogue as CatalogueLoader);
      // The language was asked for before this namespace was added: it comes now too.
      if (language !== 'en' && loaded.has(language)) void loadOnDemand(language);
    } else if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, catalogue, true, true);
    }
  }
}

/** The on-demand catalogues of `language` not loaded yet. */
function loadOnDemand(language: Language): Promise<void> {
  const loads = [...onDemand].flatMap(([key, load]) => {
    const [keyLanguage, namespace] = key.split(':') as [string, string];
    if (keyLanguage !== language || i18n.hasResourceBundle(language, namespace)) return [];
    return [load().then(({ default: catalogue }) => void i18n.addResourceBundle(language, namespace, catalogue, true, true))];
  });
  return Promise.all(loads).then(() => undefined);
}

const loaded = new Map<Language, Promise<void>>([['en', Promise.resolve()]]);

/** The shared catalogue of each language but English, each in its own chunk. */
const COMMON: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  pt: () => import('./common.pt'),
  es: () => import('./common.es'),
};

/**
 * The shared catalogue of `language`, loaded once (English is always there). Call it before rendering
 * in that language: the shell's bootstrap before hydrating, the server before rendering, setLanguage.
 */
export function ensureLanguage(language: Language): Promise<void> {
  let loading = loaded.get(language);
  if (!loading) {
    loading = COMMON[language as Exclude<Language, 'en'>]().then(({ default: catalogue }) => {
      if (!i18n.hasResourceBundle(language, 'common')) i18n.addResourceBundle(language, 'common', catalogue, true, true);
    });
    // A failed load (offline) is tried again next time.
    loading.catch(() => loaded.delete(language));
    loaded.set(language, loading);
  }
  return loading.then(() => loadOnDemand(language));
}

/**
 * A page the server rendered hydrates its region after the frame: a language switched in the header
 * meanwhile would render that region in another language than the server's HTML it is hydrating (a
 * hydration mismatch, seen with a tap on ES as soon as the header showed). The switch waits for it
 * (restoreStoredLanguage says it is done); a page the browser renders has nothing to wait for.
 */
let pageHydrated: () => void = () => undefined;
const pageHydration: Promise<void> = isServerRendered()
  ? new Promise((resolve) => {
      pageHydrated = resolve;
    })
  : Promise.resolve();

/** Switches the store's language, its catalogue loaded first; resolves once the page is in it. */
export function setLanguage(language: Language): Promise<void> {
  keepLanguage(language);
  return Promise.all([ensureLanguage(language), pageHydration])
    .then(() => i18n.changeLanguage(language))
    .then(() => {
      document.documentElement.lang = language;
    });
}

/** The visitor's language kept for the next pages: in localStorage, and in the cookie the server renders by. */
function keepLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  // The server renders the next page in it too (it cannot read localStorage).
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** After hydration: the visitor's own choice, when the server rendered the page in another language. */
export function restoreStoredLanguage(): void {
  pageHydrated();
  const stored = chosenLanguage();
  if (stored && stored !== i18n.language) void setLanguage(stored);
}

/**
 * Where the server reads the language of the request it is rendering (`@preloved/shared/server`
 * keeps it in an AsyncLocalStorage): one process renders several requests at once, so the shared
 * i18n instance's language cannot say. A global, not a module variable: the shell's server bundle
 * and a remote's server container may each hold a copy of this module.
 */
export const REQUEST_LANGUAGE = Symbol.for('preloved.requestLanguage');

/** The store's language: the request's while the server renders it, else the i18n instance's. */
export function currentLanguage(): Language {
  const fromRequest = (globalThis as { [REQUEST_LANGUAGE]?: () => string | undefined })[REQUEST_LANGUAGE]?.();
  if (fromRequest && isLanguage(fromRequest)) return fromRequest;
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
