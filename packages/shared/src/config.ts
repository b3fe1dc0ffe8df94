import { BRAND_ID, DEFAULT_MAP_TILE_URL } from '@preloved/contract';

// Runtime settings of the storefront. A page that embeds the store may set
// `window.__PRELOVED_CONFIG__` before the shell loads to change them without a rebuild.
export interface StorefrontConfig {
  /** Where the product API lives; the spec's relative paths resolve under it. */
  apiBase: string;
  brandId: number;
  /** Spec §1: switching language by the browser's language is off unless this flag is on. */
  detectBrowserLanguage: boolean;
  /**
   * The Google OAuth client id for "Sign in with Google" (spec §6). Unset: the button is hidden and
   * the Google library is never loaded. The API server injects it into the page.
   */
  googleClientId?: string;
  /**
   * The map tiles of the checkout's pickup points ({z}/{x}/{y} template, spec §3 map defaults). The
   * list of points works without them (a page that may not reach the tile server loses only the map).
   * Empty: no map, the list alone. The API server sets it (MAP_TILE_URL) and allows its host in its CSP.
   */
  mapTileUrl: string;
}

declare global {
  interface Window {
    __PRELOVED_CONFIG__?: Partial<StorefrontConfig>;
  }
}

const defaults: StorefrontConfig = {
  apiBase: '/api',
  brandId: BRAND_ID,
  detectBrowserLanguage: false,
  mapTileUrl: DEFAULT_MAP_TILE_URL,
};

let serverOverrides: Partial<StorefrontConfig> | undefined;
let serverFetch: ((request: Request) => Promise<Response>) | undefined;

/**
 * The store's server sets its settings before it renders a page (DESIGN §10): above all an absolute
 * `apiBase`, since a loader on the server has no page URL to resolve `/api` against.
 */
export function configureServer(overrides: Partial<StorefrontConfig>, fetchApi?: (request: Request) => Promise<Response>): void {
  serverOverrides = overrides;
  serverFetch = fetchApi;
}

/**
 * On the server: how the API client reaches the API. The store's server answers in its own process
 * (no loopback connection per call); without it, `fetch`.
 */
export function serverApiFetch(): ((request: Request) => Promise<Response>) | undefined {
  return serverFetch;
}

export function getConfig(): StorefrontConfig {
  const overrides = typeof window === 'undefined' ? serverOverrides : window.__PRELOVED_CONFIG__;
  return { ...defaults, ...overrides };
}
