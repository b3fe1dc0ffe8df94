// Server rendering (DESIGN.md §10): what the store's server and the browser agree on.

/**
 * The id of the `<script type="application/json">` the server puts after a rendered page: the
 * routes' data, handed to the browser so it hydrates without loading it again. JSON, not a script
 * that runs, so the page's content security policy needs no nonce for it.
 */
export const SERVER_DATA_ID = 'preloved-server-data';

/** The cookie that carries the shopper's language to the server (the server cannot read localStorage). */
export const LANGUAGE_COOKIE = 'preloved-lang';

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
