// Server rendering (DESIGN.md §10): what the store's server and the browser agree on.

import { SERVER_DATA_ID } from '@preloved/contract';

// The page data's element id and the language cookie are the host ↔ shell contract's (@preloved/contract).
export { LANGUAGE_COOKIE, SERVER_DATA_ID } from '@preloved/contract';

/** What the server hands over: the loaders' data by route id. */
export interface ServerData {
  loaderData: Record<string, unknown>;
}

/**
 * True in a browser that is about to hydrate a page the server rendered. Until hydration is over
 * the page must render exactly what the server sent: nobody's personal data (bag count, user,
 * wishlist hearts), which the browser reads from its storage right after.
 */
export function isServerRendered(): boolean {
  return typeof document !== 'undefined' && document.getElementById(SERVER_DATA_ID) !== null;
}

/** The routes' data the server sent with the page, or null on a page the browser renders alone. */
export function readServerData(): ServerData | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SERVER_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerData;
  } catch {
    return null;
  }
}

/** The data for the page's JSON script: `<` escaped so no value can close the element. */
export function serializeServerData(data: ServerData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
