import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_CATALOGUE_CACHE_CONTROL } from '../catalog/catalogue-cache';
import { createPageCache, encodedPage, etagOf, pageEncoding, STORE_CURRENCY, type CachedPage } from './page-cache';
import { BOTS, createPageRenderer, isPageLanguage, LANGUAGE_COOKIE } from './server-render';
import { earlyEventsScript, injectInlineConfig, inlineStorefrontConfig } from './storefront-config';

/** A server-rendered public page: kept by a CDN exactly as long as the catalogue answers it shows. */
export const PAGE_CACHE_CONTROL = PUBLIC_CATALOGUE_CACHE_CONTROL;

// Webpack names emitted files `[name].[contenthash:8].js|css` or puts them under assets/: their
// content never changes under one name. The entry points that name them must always be revalidated.
const HASHED = /\.[0-9a-f]{8}\.(js|css)$|(^|\/)assets\//;
const ENTRY_POINTS = /(^|\/)(index\.html|remotes\.json|remoteEntry\.js|mf-manifest\.json)$/;

export function cacheControlFor(file: string): string {
  const name = file.replace(/\\/g, '/').replace(/\.(gz|br)$/, '');
  if (ENTRY_POINTS.test(name)) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

const RELEASED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** `/<remote>/<version>/<file>`: a file of a released version (the version is 12 hex digits of its content). */
const RELEASED_FILE = /^\/?[a-z][a-z-]*\/[0-9a-f]{12}\/./;

/** Files and the compressed copies the build writes beside them (`.gz`, `.br`). */
const withCompressed = (...files: string[]) => files.flatMap((file) => [file, `${file}.gz`, `${file}.br`]);

// Source maps and the federation build stats describe the source: a debugging aid, not for the public.
const DEBUG_FILES = /(\.map|(^|\/)mf-stats\.json)$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** The anonymous-page cache, when pages are rendered and it is on. */
    pageCache?: ReturnType<typeof createPageCache>;
  }
}

/**
 * A visitor without a session: no Authorization header and no cookie but the language's. Only such a
 * request is answered from the anonymous-page cache or rendered into it.
 */
export function isAnonymous(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return false;
  const cookie = request.headers.cookie;
  if (!cookie) return true;
  return cookie
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .every((part) => part.split('=')[0]!.trim() === LANGUAGE_COOKIE);
}

/**
 * A page asked for with `?lang=` (every mail link to a Portuguese reader carries it) sets the
 * visitor's language cookie, as the header's switcher does: the next page, a new tab or a
 * tap before the page's code has arrived stay in that language. True when it set it: that answer is
 * the visitor's own, never a CDN's to keep (it carries a Set-Cookie).
 */
function keepAskedLanguage(request: FastifyRequest, reply: FastifyReply): boolean {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (!isPageLanguage(asked)) return false;
  // A crawler following the hreflang links keeps no cookie: its pages stay shared (a CDN keeps them).
  if (BOTS.test(request.headers['user-agent'] ?? '')) return false;
  if (new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=${asked}(?:;|$)`).test(request.headers.cookie ?? '')) return false;
  reply.header('Set-Cookie', `${LANGUAGE_COOKIE}=${asked}; Path=/; Max-Age=31536000; SameSite=Lax`);
  return true;
}

/** If-None-Match names this ETag (or any). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/**
 * Security headers that only a document reads (its content policy, framing, opener, agent cluster,
 * HSTS, old-browser switches), which helmet sets on every answer. A script, a style sheet or a
 * photo carried ~0.6 KB of them, on each of the 20-odd files of a page (Lighthouse counts a
 * file's headers in its transfer size). Kept: `X-Content-Type-Options` (a script or style sheet of
 * the wrong type is refused), `Cross-Origin-Resource-Policy`, `Referrer-Policy` (a style sheet's own
 * requests follow it). An SVG, which can be opened as a document and run script, keeps them all.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const NOT_A_DOCUMENT = /\.(js|css|json|map|webp|png|jpe?g|gif|avif|ico|woff2?)(\.(gz|br))?$/;

function withoutDocumentHeaders(reply: FastifyReply, file: string) {
  if (NOT_A_DOCUMENT.test(file)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}

const setHeaders = (reply: FastifyReply, file: string) => {
  reply.header('Cache-Control', cacheControlFor(file));
  withoutDocumentHeaders(reply, file);
};

/**
 * Serves the production storefront on the API's origin (DESIGN §7): the shell's dist at /, each
 * remote's dist at /remotes/<name>/, and the shell's index.html for every other GET outside /api
 * (the client routes it, and redirects paths it does not know). A dist that is not built is
 * skipped with a warning: that remote is simply absent.
 */
export default fp(async function storefront(app: FastifyInstance) {
  const { config } = app;
  const root = config.STATIC_DIR;
  if (!root) return;
  const shell = path.resolve(root, config.SHELL_DIST);
  const hasShell = existsSync(path.join(shell, 'index.html'));
  if (!hasShell) app.log.warn({ dist: shell }, 'the shell is not built (pnpm build): only the API and built remotes are served');
  // Settings from this server's environment go into the page itself (its CSP hash is in security.ts).
  // The shell's file routes are fixed at start too, so the page is read once. It is a few hundred
  // bytes, under the build's compression threshold: it is sent as is.
  const inline = inlineStorefrontConfig(config);
  const allowedPath = (pathName: string) => config.SERVE_SOURCE_MAPS || !DEBUG_FILES.test(pathName);
  const page = hasShell && inline ? injectInlineConfig(readFileSync(path.join(shell, 'index.html'), 'utf8'), inline) : undefined;

  if (config.REMOTES_JSON) {
    // A deploy-time remotes.json (remote URLs of this environment) replaces the built one.
    const file = path.resolve(config.REMOTES_JSON);
    app.get('/remotes.json', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile(path.basename(file), path.dirname(file)),
    );
  }

  // decorateReply stays on for the first registration only: the SPA fallback uses reply.sendFile.
  await app.register(fastifyStatic, {
    root: hasShell ? shell : root,
    serve: hasShell,
    prefix: '/',
    preCompressed: true,
    setHeaders,
    // One route per built file, so that every other path can fall back to index.html below.
    wildcard: false,
    index: false,
    allowedPath,
    globIgnore: [
      ...(config.SERVE_SOURCE_MAPS ? [] : withCompressed('**/*.map', '**/mf-stats.json')),
      ...(config.REMOTES_JSON ? withCompressed('**/remotes.json') : []),
      // The built page without the settings must not be reachable at /index.html either.
      ...(page ? withCompressed('index.html') : []),
    ],
  });

  const remotesDir = path.join(root, 'remotes');
  for (const name of existsSync(remotesDir) ? readdirSync(remotesDir).sort() : []) {
    const dist = path.join(remotesDir, name, 'dist');
    if (!existsSync(dist)) {
      app.log.warn({ remote: name, dist }, 'remote is not built: it is not served');
      continue;
    }
    // A wildcard route, unlike the shell's: a remote is redeployed on its own while the server runs.
    await app.register(fastifyStatic, { root: dist, prefix: `/remotes/${name}/`, preCompressed: true, setHeaders, allowedPath, index: false, decorateReply: false });
  }

  // Released versions of the remotes (`pnpm run deploy remote <name>`, tools/cluster/remote-deploy.mjs):
  // beside the deploy-time remotes.json, each in a folder named by its content, never changed once
  // written, so every file in it (its remoteEntry.js and manifest too) is kept a year. The versions
  // before the live one stay: a page loaded before a deploy still loads its own version's chunks.
  const releases = config.REMOTES_JSON ? path.join(path.dirname(path.resolve(config.REMOTES_JSON)), 'releases') : undefined;
  if (releases && existsSync(releases)) {
    await app.register(fastifyStatic, {
      root: releases,
      prefix: '/releases/',
      preCompressed: true,
      setHeaders: (reply: FastifyReply, file: string) => {
        reply.header('Cache-Control', RELEASED_CACHE_CONTROL);
        withoutDocumentHeaders(reply, file);
      },
      // A version's files only: not the deploy history beside them.
      allowedPath: (pathName: string) => allowedPath(pathName) && RELEASED_FILE.test(pathName),
      index: false,
      decorateReply: false,
    });
  }

  const mainShop = path.join(root, 'apps/main-shop/dist');
  // The main-shop stand-in carries the demo's shop key in its page: demo only. `/main-shop` (typed
  // without the slash) is a permanent redirect to `/main-shop/`, not the route table's unknown path.
  if (config.DEMO && existsSync(mainShop)) {
    await app.register(fastifyStatic, { root: mainShop, prefix: '/main-shop', redirect: true, preCompressed: true, setHeaders, allowedPath, decorateReply: false });
  }

  if (!hasShell) return;
  const sendIndex = (reply: FastifyReply) => {
    keepAskedLanguage(reply.request, reply);
    reply.header('Cache-Control', 'no-cache');
    return page === undefined ? reply.sendFile('index.html', shell) : reply.type('text/html; charset=utf-8').send(page);
  };
  // Public pages are rendered here (DESIGN §10); any page the server cannot render, for whatever
  // reason, is the plain app the browser renders: never a 5xx for it.
  const renderer = config.SERVER_RENDER
    ? createPageRenderer(app, {
        shellDist: shell,
        page: page ?? readFileSync(path.join(shell, 'index.html'), 'utf8'),
        remotesFile: config.REMOTES_JSON ? path.resolve(config.REMOTES_JSON) : undefined,
        log: app.log,
        timeoutMs: config.SERVER_RENDER_TIMEOUT_MS,
        remotesOrigin: config.SERVER_REMOTES_ORIGIN,
        publicUrl: config.PUBLIC_URL,
        headScript: earlyEventsScript(config)?.script,
        observe: app.metrics.observeRender,
      })
    : undefined;
  // The HTML of an anonymous visitor's page, kept while the catalogue and the remotes stay
  // as they were. The content security policy allows the page's inline scripts by their hashes (no
  // per-request nonce), so a kept page is exactly what a fresh render would send.
  const pageCache = renderer && config.PAGE_CACHE_MS > 0 ? createPageCache({ ttlMs: config.PAGE_CACHE_MS, maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024 }) : undefined;
  if (pageCache) app.decorate('pageCache', pageCache);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (renderer) {
      try {
        const renderNow = async (): Promise<CachedPage | undefined> => {
          const rendered = await renderer.render(request);
          return rendered && { ...rendered, etag: etagOf(rendered.body) };
        };
        const anonymous = isAnonymous(request);
        let rendered: CachedPage | undefined;
        if (pageCache && anonymous) {
          // Per address, language and currency; rendered with this catalogue version and these remotes.
          const key = `${renderer.languageOf(request).language} ${STORE_CURRENCY} ${request.url}`;
          const stamp = `${await app.catalogueCache.version()} ${renderer.remotesGeneration()}`;
          const { page: kept, hit } = await pageCache.get(key, stamp, renderNow);
          rendered = kept;
          reply.header('X-Page-Cache', hit ? 'hit' : 'miss');
        } else {
          rendered = await renderNow();
        }
        if (rendered) {
          // The same HTML for every visitor (personal parts render in the browser): a CDN may keep it
          // for a few seconds. One whose language came from the visitor's cookie, or asked for with
          // a session, is theirs alone.
          const shared = !keepAskedLanguage(request, reply) && anonymous && !renderer.languageOf(request).fromCookie;
          reply.header('Cache-Control', shared ? PAGE_CACHE_CONTROL : 'private, no-cache');
          // A path the route table sends elsewhere (spec §2: old and unknown paths lead home).
          if (rendered.location !== undefined) return reply.redirect(rendered.location, rendered.status);
          reply.header('Content-Language', rendered.language);
          // Compressed as the visitor accepts it, once per kept page (page-cache.ts).
          const sent = encodedPage(rendered, pageEncoding(request.headers['accept-encoding']));
          reply.header('Vary', 'Accept-Encoding');
          reply.header('ETag', sent.etag);
          reply.code(rendered.status).type('text/html; charset=utf-8');
          if (rendered.status === 200 && matchesEtag(request.headers['if-none-match'], sent.etag)) return reply.code(304).send();
          if (sent.encoding !== 'identity') reply.header('Content-Encoding', sent.encoding);
          return reply.send(sent.body);
        }
      } catch (error) {
        request.log.warn({ err: error, url: request.url }, 'page left to the browser: the server render failed');
      }
    }
    return sendIndex(reply);
  };
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
  if (page !== undefined) app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // API calls and missing files keep their JSON 404; a page path gets the app.
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/remotes/') || url.startsWith('/releases/') || /\.[a-z0-9]+$/i.test(url)) return reply.callNotFound();
    // The back office (issue 45) is the staff's: rendered by the browser alone and never indexed.
    if (url === '/backoffice' || url.startsWith('/backoffice/')) {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      return sendIndex(reply);
    }
    return sendPage(request, reply);
  });
});
