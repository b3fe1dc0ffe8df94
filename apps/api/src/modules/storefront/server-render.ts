import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AFTER_PAINT_SCRIPT_TYPE, LANGUAGE_COOKIE, SERVER_DATA_ID, type PageLanguage, type PageMeta, type ShellServer as ShellServerOf } from '@preloved/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

// Server rendering of the store's public pages (DESIGN §10). The shell's server build
// (apps/shell/dist/server/server.js) renders a page with its route's remote page and data; this file
// finds the remotes (the same remotes.json as the browser), puts the rendered HTML into the built
// index.html with the CSS it needs, and says when the browser must render the page alone instead.
// What it asks the shell and gets back is the host ↔ shell contract of @preloved/contract.

/** The shell's server entry (apps/shell/src/server.tsx), its HTML a Node stream. */
type ShellServer = ShellServerOf<Readable>;


export interface RenderedPage {
  status: number;
  language: PageLanguage;
  /** The whole document: the built page's head and tail around the rendered app. */
  body: Buffer;
  /** Shared caches may keep it (no language cookie decided it). */
  shared: boolean;
  /** A redirect (`status` 301 or 302, an empty body): where the route table sends the path. */
  location?: string;
}

/** What the store's page route uses: a page rendered, and what the rendered HTML depends on besides the URL. */
export interface PageRenderer {
  render(request: FastifyRequest): Promise<RenderedPage | undefined>;
  /** The request's language, and whether the visitor's cookie chose it. */
  languageOf(request: FastifyRequest): { language: PageLanguage; fromCookie: boolean };
  /**
   * Moves whenever the remotes the pages are rendered with change: a new remotes.json (a deploy or a
   * rollback) or a remote's server container rebuilt in place. Looks at remotes.json (one stat).
   */
  remotesGeneration(): number;
}

interface Manifest {
  exposes?: { name: string; assets?: { css?: { sync?: string[]; async?: string[] }; js?: { sync?: string[] } } }[];
}

type ManifestExpose = NonNullable<Manifest['exposes']>[number];

/**
 * The style sheets a page's expose needs before its first paint, from the remote's manifest. The
 * manifest lists, under each expose of a remote with several, the CSS of all of them (search's
 * `SearchPages` named `SearchBox`'s too); another expose's own chunk (`__federation_expose_<Other>`)
 * is never this one's, as webpack puts a module two exposes share in a chunk of its own. Each extra
 * sheet in the head is one more request that blocks the first paint: on /search, a third one. When
 * none of the listed exposes' files is this one's (a name webpack wrote otherwise), all are kept: a
 * sheet too many is slower, one too few an unstyled page.
 */
export function exposeCss(expose: ManifestExpose): string[] {
  const listed = [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])];
  const own = `__federation_expose_${expose.name.replace(/^\.\//, '')}.`;
  const nameOf = (file: string) => file.slice(file.lastIndexOf('/') + 1);
  if (!listed.some((file) => nameOf(file).startsWith(own))) return listed;
  return listed.filter((file) => !nameOf(file).startsWith('__federation_expose_') || nameOf(file).startsWith(own));
}

const CHECK_EVERY_MS = 3000;
/** Crawlers and link previews: they get the whole page at once, and no language cookie (storefront.ts). */
export const BOTS = /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|embedly|preview/i;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The languages the store renders its pages in: English, Portuguese and Spanish. */
export const PAGE_LANGUAGES: readonly PageLanguage[] = ['en', 'pt', 'es'];

/** True for a language a page is rendered in. */
export const isPageLanguage = (value: unknown): value is PageLanguage => PAGE_LANGUAGES.includes(value as PageLanguage);

function languageOf(request: FastifyRequest): { language: PageLanguage; fromCookie: boolean } {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isPageLanguage(query)) return { language: query, fromCookie: false };
  const cookie = /(?:^|;\s*)preloved-lang=(en|pt|es)\b/.exec(request.headers.cookie ?? '');
  if (cookie) return { language: cookie[1] as PageLanguage, fromCookie: true };
  return { language: 'en', fromCookie: false };
}

/** The content hash webpack puts in a file name (`342.422b0e7a.css`): equal hashes, equal files. */
const contentHash = (file: string) => /\.([0-9a-f]{8})\.css$/.exec(file)?.[1] ?? file;

export interface PageRendererOptions {
  /** The shell's dist folder (index.html, remotes.json, server/server.js). */
  shellDist: string;
  /** The built index.html, with the server's inline settings if any. */
  page: string;
  /** A deploy-time remotes.json that replaces the built one. */
  remotesFile?: string;
  log: FastifyBaseLogger;
  /** How long a remote's module and a page's data may take on the server. */
  timeoutMs?: number;
  /** Where this server reaches the remotes remotes.json names by path (default: itself). */
  remotesOrigin?: string;
  /** The store's public address: canonical and alternate URLs, absolute image URLs. */
  publicUrl: string;
  /**
   * A script written first in the head of every rendered page (the early-event capture):
   * before the stylesheets, which would otherwise hold it back until they have loaded.
   */
  headScript?: string;
  /** Told of each render: rendered, or left to the browser and why, and how long it took (metrics). */
  observe?: (outcome: 'rendered' | 'redirected' | 'client', reason: string | undefined, seconds: number) => void;
}

/**
 * The shell's scripts, which the head script asks for once the page's first frame is painted (issue 31,
 * apps/shell/src/early-events/after-paint.ts): the server writes each as an inert placeholder of type
 * AFTER_PAINT_SCRIPT_TYPE, so that it does not share a phone's first second of bandwidth with the
 * style sheets and the largest photo. Without the head script (a shell built without it) they stay
 * `defer`.
 */
const SHELL_SCRIPT = /<script defer(?:="")? src="?([^"\s>]+)"?><\/script>/gi;

const OG_LOCALES: Record<PageLanguage, string> = { en: 'en_GB', pt: 'pt_PT', es: 'es_ES' };

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's address in a language: English has no parameter, Portuguese `lang=pt`, Spanish `lang=es`. */
function addressIn(publicUrl: string, requestUrl: string, language: PageLanguage): string {
  const url = new URL(requestUrl, 'http://store.invalid');
  url.searchParams.delete('lang');
  if (language !== 'en') url.searchParams.set('lang', language);
  return `${publicUrl.replace(/\/$/, '')}${url.pathname}${url.search}`;
}

/**
 * Title, description, canonical URL with the language, hreflang EN/PT/ES, Open Graph and JSON-LD
 * (search engines and link previews).
 */
export function headTags(meta: PageMeta, { publicUrl, requestUrl, language }: { publicUrl: string; requestUrl: string; language: PageLanguage }): string {
  const absolute = (url: string) => new URL(url, `${publicUrl.replace(/\/$/, '')}/`).href;
  const canonical = addressIn(publicUrl, requestUrl, language);
  const tags = [
    `<title>${escapeText(meta.title)}</title>`,
    meta.description ? `<meta name="description" content="${escapeAttribute(meta.description)}">` : '',
    meta.noindex ? '<meta name="robots" content="noindex, follow">' : '',
    `<link rel="canonical" href="${escapeAttribute(canonical)}">`,
    `<link rel="alternate" hreflang="en" href="${escapeAttribute(addressIn(publicUrl, requestUrl, 'en'))}">`,
    `<link rel="alternate" hreflang="pt" href="${escapeAttribute(addressIn(publicUrl, requestUrl, 'pt'))}">`,
    `<link rel="alternate" hreflang="es" href="${escapeAttribute(addressIn(publicUrl, requestUrl, 'es'))}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeAttribute(addressIn(publicUrl, requestUrl, 'en'))}">`,
    `<meta property="og:site_name" content="Preloved">`,
    `<meta property="og:type" content="${escapeAttribute(meta.type ?? 'website')}">`,
    `<meta property="og:title" content="${escapeAttribute(meta.title)}">`,
    meta.description ? `<meta property="og:description" content="${escapeAttribute(meta.description)}">` : '',
    `<meta property="og:url" content="${escapeAttribute(canonical)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[language]}">`,
    meta.image ? `<meta property="og:image" content="${escapeAttribute(absolute(meta.image))}">` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    // JSON, not a script that runs: the content security policy needs nothing for it.
    meta.jsonLd
      ? `<script type="application/ld+json">${JSON.stringify(meta.jsonLd, (key, value: unknown) =>
          // Search engines want absolute image addresses; the API names its images by path.
          key === 'image' ? (Array.isArray(value) ? value.map((image) => absolute(String(image))) : absolute(String(value))) : value,
        ).replace(/</g, '\\u003c')}</script>`
      : '',
  ];
  return tags.join('');
}


/** Undefined when the shell has no server build: every page is then rendered by the browser. */
export function createPageRenderer(app: FastifyInstance, options: PageRendererOptions): PageRenderer | undefined {
  const serverFile = path.join(options.shellDist, 'server/server.js');
  if (!existsSync(serverFile)) {
    options.log.warn({ file: serverFile }, 'the shell has no server build: pages are rendered in the browser only');
    return undefined;
  }
  let shell: ShellServer;
  try {
    // A CommonJS bundle built by webpack, found at run time: loaded as such.
    shell = createRequire(__filename)(serverFile) as ShellServer;
  } catch (error) {
    options.log.error({ err: error }, 'the shell server build could not be loaded: pages are rendered in the browser only');
    return undefined;
  }
  const remotesFile = options.remotesFile ?? path.join(options.shellDist, 'remotes.json');
  const [builtHead = '', tail = ''] = options.page.split(/<div id="?root"?><\/div>/);
  // What every rendered page's head has, made once: the head script first, the shell's scripts as
  // placeholders it loads after the first paint.
  const head = options.headScript
    ? builtHead
        .replace(/<head>(\s*<meta charset=[^>]*>)?/i, (tag) => `${tag}<script>${options.headScript}</script>`)
        .replace(SHELL_SCRIPT, (_tag, src: string) => `<script type="${AFTER_PAINT_SCRIPT_TYPE}" data-src="${escapeAttribute(src)}"></script>`)
    : builtHead;
  // The shell's own CSS (header, footer, the design tokens, the components of @preloved/ui): linked
  // in the head so the server's HTML is styled before any script runs. index.html links its entry's
  // CSS already; linked twice, the browser kept two style sheets of the same rules to match.
  const shellCss = readdirSync(options.shellDist)
    .filter((file) => file.endsWith('.css') && !head.includes(`/${file}`))
    .sort();

  const origin = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const absolute = (url: string) => new URL(url, `${origin()}/`).href;

  // Set when the next render must register the remotes again (remotes.json or a server container changed).
  let changed = false;
  // Counts those changes: HTML rendered before one is not served after it.
  let generation = 0;
  const remotesChanged = () => {
    changed = true;
    generation++;
  };
  // A deploy or rollback (`pnpm run deploy remote`) renames a new remotes.json over the old one: a
  // new file (inode) with its own time. It is looked at on every render (one stat), read again when it
  // changed, and a remote it now names elsewhere is registered anew by the next render.
  let remotesCache: { stamp: string; map: Record<string, string> } | undefined;
  const readRemotes = (): Record<string, string> => {
    const stat = statSync(remotesFile, { throwIfNoEntry: false });
    const stamp = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'none';
    if (!remotesCache || remotesCache.stamp !== stamp) {
      let map: Record<string, string> = {};
      try {
        map = JSON.parse(readFileSync(remotesFile, 'utf8')) as Record<string, string>;
      } catch (error) {
        // No remotes.json: no remote is deployed. One that does not parse keeps the last good one.
        if (stat && remotesCache) {
          options.log.error({ err: error, file: remotesFile }, 'remotes.json could not be read: the remotes it named before are kept');
          remotesCache = { stamp, map: remotesCache.map };
          return remotesCache.map;
        }
      }
      if (remotesCache && JSON.stringify(remotesCache.map) !== JSON.stringify(map)) {
        options.log.info({ file: remotesFile, remotes: map }, 'remotes.json changed: the remotes are registered again');
        remotesChanged();
      }
      remotesCache = { stamp, map };
    }
    return remotesCache.map;
  };
  /** A remote's server container sits in `server/` beside its browser manifest. */
  const serverEntryOf = (manifestUrl: string) =>
    new URL('server/remoteEntry.js', new URL(manifestUrl, `${options.remotesOrigin ?? origin()}/`)).href;

  // A redeployed remote: its server remoteEntry.js changes, and the next render registers it again
  // (DESIGN §10: the federation runtime itself never looks again).
  const entryHashes = new Map<string, string>();
  // A remote that could not be loaded (down, or hung: Node's fetch of a remote entry has no timeout,
  // and the runtime keeps the pending load): once its entry answers again, it is registered anew.
  let failed = false;
  let lastCheck = 0;
  const checkEntries = (entries: Record<string, string>) => {
    if (Date.now() - lastCheck < CHECK_EVERY_MS) return;
    lastCheck = Date.now();
    void Promise.all(
      Object.values(entries).map(async (entry) => {
        try {
          const response = await fetch(entry, { signal: AbortSignal.timeout(2000) });
          if (!response.ok) return;
          const hash = createHash('sha256').update(await response.text()).digest('hex');
          const before = entryHashes.get(entry);
          entryHashes.set(entry, hash);
          if ((before && before !== hash) || failed) {
            remotesChanged();
            failed = false;
          }
        } catch {
          // Unreachable: the render finds out and leaves the page to the browser.
        }
      }),
    );
  };

  const manifests = new Map<string, { at: number; manifest: Promise<Manifest | null> }>();
  const manifestOf = (url: string): Promise<Manifest | null> => {
    const cached = manifests.get(url);
    if (cached && Date.now() - cached.at < CHECK_EVERY_MS) return cached.manifest;
    const manifest = fetch(absolute(url), { signal: AbortSignal.timeout(2000) })
      .then((response) => (response.ok ? (response.json() as Promise<Manifest>) : null))
      .catch(() => null);
    manifests.set(url, { at: Date.now(), manifest });
    return manifest;
  };

  async function headFor(
    remotes: Record<string, string>,
    pages: { remote: string; expose: string }[],
    { language, meta, requestUrl }: { language: PageLanguage; meta: PageMeta; requestUrl: string },
  ): Promise<string> {
    const seen = new Set<string>();
    const links: string[] = [];
    const css = (href: string, file: string) => {
      if (seen.has(contentHash(file))) return;
      seen.add(contentHash(file));
      links.push(`<link rel="stylesheet" href="${escapeAttribute(href)}">`);
    };
    for (const file of shellCss) css(`/${file}`, file);
    for (const { remote, expose } of pages) {
      const manifestUrl = remotes[remote];
      if (!manifestUrl) continue;
      const manifest = await manifestOf(manifestUrl);
      const entry = manifest?.exposes?.find((candidate) => candidate.name === expose);
      const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
      for (const file of entry ? exposeCss(entry) : []) css(base + file, file);
      // The page's code is not preloaded: it is the second stage, asked for once the store's frame has
      // hydrated (the page is readable from the HTML until then), so it does not compete with the
      // frame's scripts and the page's largest image for the first second of a phone's bandwidth.
    }
    return head
      .replace(/<html lang="?[a-z-]*"?/i, `<html lang="${language}"`)
      .replace(/<title>[\s\S]*?<\/title>/i, '')
      .replace('</head>', `${headTags(meta, { publicUrl: options.publicUrl, requestUrl, language })}${links.join('')}</head>`);
  }

  const serverEntriesOf = (remotes: Record<string, string>) =>
    Object.fromEntries(Object.entries(remotes).map(([name, url]) => [name, serverEntryOf(url)]));

  // The loaders' API calls, answered by this process: through Fastify's `inject`, so the
  // same routes, schemas, hooks and catalogue cache answer as over HTTP, without a loopback
  // connection, an HTTP parser and a second fetch client per call (the profile of an uncached render
  // of /all spent more time in them than in React).
  const fetchApi = async (apiRequest: Request): Promise<Response> => {
    const url = new URL(apiRequest.url);
    if (url.origin !== origin()) return fetch(apiRequest);
    const headers: Record<string, string> = {};
    apiRequest.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await app.inject({
      method: apiRequest.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      payload: apiRequest.body ? Buffer.from(await apiRequest.arrayBuffer()) : undefined,
      remoteAddress: '127.0.0.1',
      signal: apiRequest.signal,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const each of value) responseHeaders.append(name, each);
      else responseHeaders.set(name, String(value));
    }
    const noBody = apiRequest.method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(noBody ? null : (answer.rawPayload as Uint8Array<ArrayBuffer>), { status: answer.statusCode, statusText: answer.statusMessage, headers: responseHeaders });
  };

  async function render(request: FastifyRequest): Promise<RenderedPage | undefined> {
    const { language, fromCookie } = languageOf(request);
    const remotes = readRemotes();
    const serverEntries = serverEntriesOf(remotes);
    checkEntries(serverEntries);
    const remotesChanged = changed;
    changed = false;
    const started = performance.now();
    const result = await shell.render({
      url: `${origin()}${request.url}`,
      language,
      apiBase: `${origin()}/api`,
      fetchApi,
      remotes: Object.fromEntries(Object.entries(remotes).map(([name, url]) => [name, absolute(url)])),
      serverEntries,
      remotesChanged,
      timeoutMs: options.timeoutMs,
      waitForAll: BOTS.test(request.headers['user-agent'] ?? ''),
    });
    if (result.kind === 'client') {
      options.observe?.('client', result.reason, (performance.now() - started) / 1000);
      if (result.reason === 'loading failed') failed = true;
      if (result.error) request.log.warn({ err: result.error, url: request.url }, `page left to the browser: ${result.reason}`);
      return undefined;
    }
    if (result.kind === 'redirect') {
      options.observe?.('redirected', undefined, (performance.now() - started) / 1000);
      return { status: result.status, language, body: Buffer.alloc(0), shared: !fromCookie, location: result.location };
    }
    // The page is rendered whole before it is sent (see apps/shell/src/server/render.tsx): one buffer,
    // which the anonymous-page cache keeps and a conditional request is answered from.
    const chunks: Buffer[] = [Buffer.from(await headFor(remotes, result.remotePages, { language, meta: result.meta, requestUrl: request.url })), Buffer.from('<div id="root">')];
    for await (const chunk of result.stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    chunks.push(Buffer.from(`</div><script type="application/json" id="${SERVER_DATA_ID}">${result.data}</script>${tail}`));
    options.observe?.('rendered', undefined, (performance.now() - started) / 1000);
    return { status: result.status, language, body: Buffer.concat(chunks), shared: !fromCookie };
  }

  return {
    render,
    languageOf,
    remotesGeneration() {
      checkEntries(serverEntriesOf(readRemotes()));
      return generation;
    },
  };
}

export { LANGUAGE_COOKIE };
