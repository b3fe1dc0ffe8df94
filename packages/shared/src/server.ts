// `@preloved/shared/server`: the router's server-rendering pieces, for the shell's server build only
// (the browser bundle never includes them). The same react-router module as the rest of
// @preloved/shared, so the server's router context is the one the remotes' pages read.
import { AsyncLocalStorage } from 'node:async_hooks';
import { REQUEST_LANGUAGE } from './i18n';
// The whole English error catalogue, at once (the browser gets the field keys with the page's router
// and the refusals with the first one).
import './i18n/errors.en';

export { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
export type { StaticHandlerContext } from 'react-router';
export { configureServer } from './config';

const requestLanguage = new AsyncLocalStorage<string>();
(globalThis as { [REQUEST_LANGUAGE]?: () => string | undefined })[REQUEST_LANGUAGE] = () => requestLanguage.getStore();

/**
 * Runs `work` (a page's loaders) in the language of the request being rendered: the API client asks
 * the catalogue for titles and descriptions in it (Accept-Language), so the server's HTML and the
 * data handed to the browser are in the page's language.
 */
export function withRequestLanguage<T>(language: string, work: () => T): T {
  return requestLanguage.run(language, work);
}
