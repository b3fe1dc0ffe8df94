import { Readable, Writable } from 'node:stream';
import type { ShellRenderOptions, ShellRenderResult } from '@preloved/contract';
import {
  ensureLanguage,
  i18n,
  RequestLocationProvider,
  serializeServerData,
  type Language,
  type MetaTranslate,
  type PageMeta,
} from '@preloved/shared';
import {
  configureServer,
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  withRequestLanguage,
} from '@preloved/shared/server';
import { renderToPipeableStream } from 'react-dom/server';
import { remotePageMeta } from '../federation/remote-route';
import { setServerRemotes } from '../federation/remotes';
import '../i18n';
import { freshRoutes, INFO_PAGE_KEYS, redirectOf, serverRenderedPathMatcher } from '../routes/server-rendered';
import { routes } from '../routes/table';
import { StoreTree } from '../layout/StoreTree';

/** The host ↔ shell contract, typed once (@preloved/contract): what the store's server asks and gets. */
export type RenderOptions = ShellRenderOptions;
export type RenderResult = ShellRenderResult<Readable>;

let registered = false;
let handler: ReturnType<typeof createStaticHandler> | undefined;
const isPublicPage = serverRenderedPathMatcher(routes);

// One i18next instance per language, made once, whose texts are remembered. The profile of
// a server render of /all: a third of React's render time was i18next's `t` (a card calls it five
// times: the options merged, the key resolved, plural rules, interpolation), for texts that are the
// same on every render. On the server the catalogues do not change once loaded and nothing changes
// an instance's language, so a text is worked out once per key, options and language. Bounded: a
// text with a title or a count in it has many variants.
const MAX_REMEMBERED_TEXTS = 20_000;
const i18nByLanguage = new Map<Language, typeof i18n>();
function i18nIn(language: Language): typeof i18n {
  let instance = i18nByLanguage.get(language);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: language, initAsync: false });
    rememberTexts(instance);
    i18nByLanguage.set(language, instance);
  }
  return instance;
}

type FixedT = ReturnType<typeof i18n.getFixedT>;
function rememberTexts(instance: typeof i18n): void {
  const texts = new Map<string, unknown>();
  const getFixedT = instance.getFixedT.bind(instance);
  instance.getFixedT = ((...args: Parameters<typeof i18n.getFixedT>) => {
    const fixedT = getFixedT(...args);
    const translate = fixedT as unknown as (...all: unknown[]) => unknown;
    const scoped = fixedT as unknown as {
      lng?: unknown;
      lngs?: unknown;
      ns?: unknown;
      keyPrefix?: unknown;
    };
    let scope: string;
    try {
      scope = JSON.stringify(args);
    } catch {
      return fixedT;
    }
    const remembering = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
      if (
        typeof key !== 'string' ||
        rest.length > 0 ||
        (options !== undefined && (typeof options !== 'object' || options === null))
      ) {
        return translate(key, options, ...rest);
      }
      let id: string;
      try {
        id = `${scope}\0${key}\0${options === undefined ? '' : JSON.stringify(options)}`;
      } catch {
        // Options that are not plain data (a React element): worked out each time.
        return translate(key, options);
      }
      if (texts.has(id)) return texts.get(id);
      const text = translate(key, options);
      if (texts.size >= MAX_REMEMBERED_TEXTS) texts.clear();
      texts.set(id, text);
      return text;
    }) as unknown as FixedT;
    return Object.assign(remembering, {
      lng: scoped.lng,
      lngs: scoped.lngs,
      ns: scoped.ns,
      keyPrefix: scoped.keyPrefix,
    });
  }) as typeof i18n.getFixedT;
}

function timeout(ms: number): Promise<never> {
  return new Promise((_resolve, reject) => {
    setTimeout(
      () => reject(new Error(`the page's remote or data took more than ${ms} ms`)),
      ms,
    ).unref();
  });
}

export async function renderPage(options: RenderOptions): Promise<RenderResult> {
  configureServer({ apiBase: options.apiBase }, options.fetchApi);
  if (!registered || options.remotesChanged) {
    setServerRemotes(options.remotes, options.serverEntries, registered);
    registered = true;
  }
  const url = new URL(options.url);
  if (!isPublicPage(url.pathname)) {
    const redirect = redirectOf(routes, url.pathname);
    if (redirect) return { kind: 'redirect', status: redirect.permanent ? 301 : 302, location: redirect.to };
    return { kind: 'client', reason: 'not a public page' };
  }
  // One static handler for as long as the remotes stay (making one flattens and ranks the
  // whole table, a sixteenth of a render in the profile). The remotes' pages are not pinned by it:
  // a route's loader loads its remote's module on every request; only the shell's own information
  // pages are `lazy` routes, resolved once onto the handler's copy of the table.
  if (!handler || options.remotesChanged) handler = createStaticHandler(freshRoutes(routes));
  const pageHandler = handler;
  const abort = new AbortController();
  let context;
  try {
    context = await Promise.race([
      withRequestLanguage(options.language, () =>
        pageHandler.query(new Request(url, { signal: abort.signal })),
      ),
      timeout(options.timeoutMs ?? 3000),
    ]);
  } catch (error) {
    abort.abort();
    return { kind: 'client', reason: 'loading failed', error };
  }
  if (context instanceof Response)
    return { kind: 'client', reason: `the route answered ${context.status}` };
  if (context.errors) {
    return { kind: 'client', reason: 'a route failed', error: Object.values(context.errors)[0] };
  }

  const remotePages = Object.values(context.loaderData)
    .map((value) => (value as { page?: unknown } | null)?.page)
    .filter((page): page is string => typeof page === 'string')
    .map((page) => {
      const [remote = '', expose = ''] = page.split('/');
      return { remote, expose };
    });

  const router = createStaticRouter(pageHandler.dataRoutes, context);
  // The shared catalogue of the request's language (Portuguese is loaded on demand, once).
  await ensureLanguage(options.language);
  const requestI18n = i18nIn(options.language);
  const t: MetaTranslate = (key, values = {}) => requestI18n.t(key, values) as string;
  const info = INFO_PAGE_KEYS[url.pathname.replace(/^\//, '')];
  const meta: PageMeta =
    remotePageMeta(context.loaderData, t, options.language) ??
    (info
      ? {
          title: t('info:documentTitle', { title: t(`info:pages.${info}.title`) }),
          description: t(`info:pages.${info}.lead`),
        }
      : { title: t('catalog:home.title', { defaultValue: 'Preloved' }) });
  return new Promise((resolve) => {
    // React writes the page in views of 2 KB: they are gathered here and handed over as one chunk
    // (a PassThrough, then the host's `for await`, moved each through two streams' buffers
    // and events, a tenth of a render in the profile). The page is complete when it is piped (onAllReady).
    const chunks: Uint8Array[] = [];
    const collector = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    let settled = false;
    const ready = () => {
      if (settled) return;
      settled = true;
      // Everything is written when React ends the collector (it ends it once the whole page is out).
      collector.once('finish', () => {
        const body = Readable.from([Buffer.concat(chunks)]);
        // After the shell: the boundary's fallback stays in the HTML and the browser renders it.
        collector.on('render-error', (error: unknown) => body.emit('render-error', error));
        resolve({
          kind: 'page',
          // A page whose subject is not there (a product sold and removed, a seller unknown) says so.
          status: meta.notFound ? 404 : context.statusCode,
          stream: body,
          data: serializeServerData({ loaderData: context.loaderData }),
          remotePages,
          meta,
        });
      });
      stream.pipe(collector);
    };
    const stream = renderToPipeableStream(
      // The same tree as the browser's (layout/StoreTree.tsx): the frame, and the page's router in its region.
      <RequestLocationProvider url={url}>
        <StoreTree i18n={requestI18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </StoreTree>
      </RequestLocationProvider>,
      {
        // The page's region is a Suspense boundary (the browser hydrates it after the frame): the
        // response starts once it is rendered too, and the region is written in place however long
        // it is (React otherwise sends a long boundary after the rest, to be moved in by a script),
        // so the page is in the HTML itself: readable without scripts, for people as for bots.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          ready();
        },
        onShellError(error) {
          if (settled) return;
          settled = true;
          resolve({ kind: 'client', reason: 'rendering failed', error });
        },
        onError(error) {
          if (settled) collector.emit('render-error', error);
        },
      },
    );
  });
}
