// The contract between the store's server (the API's Fastify process, apps/api/src/modules/storefront/
// server-render.ts: the host) and the shell's server build (apps/shell/src/server.tsx): what the
// host asks a page with, what the shell answers, and the names both sides and the browser agree on
// (DESIGN §10). Typed once, here: the API depends on this package only.

/**
 * The id of the `<script type="application/json">` the server puts after a rendered page: the
 * routes' data, handed to the browser so it hydrates without loading it again. JSON, not a script
 * that runs, so the page's content security policy needs no nonce for it.
 */
export const SERVER_DATA_ID = 'preloved-server-data';

/**
 * The type of the inert placeholders the server writes for the shell's scripts: the shell's
 * head script (apps/shell/src/early-events/after-paint.ts, which imports nothing and so writes the
 * value out, proven equal by its test) turns them into scripts once the first frame is painted.
 */
export const AFTER_PAINT_SCRIPT_TYPE = 'preloved/after-paint';

/** The cookie that carries the shopper's language to the server (the server cannot read localStorage). */
export const LANGUAGE_COOKIE = 'preloved-lang';

/** The languages a page is rendered in. */
export type PageLanguage = 'en' | 'pt' | 'es';

/**
 * What a page tells search engines and link previews: the store's server puts it in the
 * head of the HTML it renders. `image` and `url`s may be relative to the store.
 */
export interface PageMeta {
  title: string;
  description?: string;
  /** The Open Graph image (the product's photo). */
  image?: string;
  /** Open Graph type: 'website' unless said. */
  type?: 'website' | 'product' | 'profile';
  /** Structured data (schema.org JSON-LD), e.g. a Product with its offers. */
  jsonLd?: Record<string, unknown>;
  /** Not to be indexed (a search result page, a product that is not found). */
  noindex?: boolean;
  /** The page says its subject was not found (a product or a seller that is not there): HTTP 404. */
  notFound?: boolean;
}

/** What the host asks the shell to render. */
export interface ShellRenderOptions {
  /** The page's absolute URL. */
  url: string;
  language: PageLanguage;
  /** The API's absolute base URL (`http://127.0.0.1:3000/api`). */
  apiBase: string;
  /**
   * The API in the host's own process: the loaders' calls to `apiBase` are answered by it
   * (the same routes, schemas and caches as over HTTP) without a loopback connection. Unset: `fetch`.
   */
  fetchApi?: (request: Request) => Promise<Response>;
  /** remotes.json as the browser reads it: remote → its browser manifest (absolute URL). */
  remotes: Record<string, string>;
  /** Remote → its server container (`…/server/remoteEntry.js`). */
  serverEntries: Record<string, string>;
  /** True when a server container changed since the last render (a remote was redeployed). */
  remotesChanged?: boolean;
  /** How long a remote's module and the page's data may take (a hung remote must not hang the page). */
  timeoutMs?: number;
  /** For bots: the whole page before the first byte. Every page is sent whole now (see onAllReady). */
  waitForAll?: boolean;
}

/**
 * The shell's answer. `client`: the browser renders this page alone (not a public page, a remote that
 * cannot be loaded or failed): the store sends its plain index.html, never a 5xx. `redirect`: the route
 * table sends the path elsewhere (spec §2: old and unknown paths lead home), so the server answers the
 * redirect itself instead of a blank page that redirects once its code has run. `Body` is the stream of
 * the app's HTML (Node's `Readable`; this package does not name Node).
 */
export type ShellRenderResult<Body> =
  | { kind: 'client'; reason: string; error?: unknown }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      status: number;
      /** The app's HTML, to go inside `<div id="root">`. */
      stream: Body;
      /** The JSON for `<script type="application/json" id="preloved-server-data">`. */
      data: string;
      /** The remotes (and their exposes) whose pages are in the HTML: their CSS goes in the head. */
      remotePages: { remote: string; expose: string }[];
      /** Title, description and structured data for the head. */
      meta: PageMeta;
    };

/** What the shell's server entry (`dist/server/server.js`) offers the host. */
export interface ShellServer<Body> {
  render(options: ShellRenderOptions): Promise<ShellRenderResult<Body>>;
}
