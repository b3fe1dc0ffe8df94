import type {
  MetaTranslate,
  PageMeta,
  PageKeyOf,
  PagesExposeOf,
  RemoteName,
  RemotePage,
} from '@preloved/shared';
import type { LoaderFunctionArgs } from '@preloved/shared/router';
import type { ComponentType } from 'react';
import { useLoaderData, useRevalidator } from '@preloved/shared/router';
import { ComingSoon } from './ComingSoon';
import {
  federationLoader,
  RemoteErrorView,
  RemoteSkeleton,
  type RemoteLoader,
} from './RemoteBoundary';

/**
 * A route's data: which page (`remote/expose/key`, null for "coming soon") and the page's own data.
 * Plain JSON, so the server can hand it to the browser with the HTML (DESIGN §10); the page's
 * component is kept beside it, in `resolvedPages`, once its module is loaded.
 */
interface RemotePageData {
  page: string | null;
  data: unknown;
}

/** A route's error element: retry runs the route's loader again, which fetches the remote anew. */
export function RemoteRouteError() {
  const revalidator = useRevalidator();
  return (
    <RemoteErrorView
      onRetry={() => void revalidator.revalidate()}
      busy={revalidator.state === 'loading'}
    />
  );
}

const resolvedPages = new Map<string, RemotePage>();

function RemotePageView() {
  const { page } = useLoaderData() as RemotePageData;
  const resolved = page ? resolvedPages.get(page) : undefined;
  if (!resolved) return <ComingSoon />;
  return <resolved.Component />;
}

/** The head of the page the server rendered: the meta of its remote page, if that page has any. */
export function remotePageMeta(loaderData: Record<string, unknown>, t: MetaTranslate, language: string): PageMeta | undefined {
  for (const value of Object.values(loaderData)) {
    const { page, data } = (value ?? {}) as Partial<RemotePageData>;
    const meta = typeof page === 'string' ? resolvedPages.get(page)?.meta : undefined;
    if (meta) return meta(data as never, t, language);
  }
  return undefined;
}

/**
 * Before hydrating a server-rendered page: loads the modules of the pages the server rendered, so
 * the first render in the browser is the server's (no skeleton, no second render).
 */
export async function preloadRemotePages(
  loaderData: Record<string, unknown>,
  remotes: RemoteLoader = federationLoader,
): Promise<void> {
  await Promise.all(
    Object.values(loaderData).map(async (value) => {
      const id = (value as Partial<RemotePageData> | null)?.page;
      if (typeof id !== 'string' || resolvedPages.has(id)) return;
      const [remote, expose, key] = id.split('/') as [RemoteName, string, string];
      const module = (await remotes.load(remote, expose as never)) as { pages: Partial<Record<string, RemotePage>> };
      const page = module.pages[key];
      if (page) resolvedPages.set(id, page);
    }),
  );
}

interface RemoteRoute {
  loader: (args: LoaderFunctionArgs) => Promise<RemotePageData>;
  Component: ComponentType;
  ErrorBoundary: ComponentType;
  HydrateFallback: ComponentType;
}

/**
 * A route served by a remote's page. The route's loader loads the remote module and runs the page's
 * own loader before anything renders: no Suspense in render, so no React fallback throttle
 * (DESIGN.md §8), and one render with data. A remote that is not deployed (absent from remotes.json)
 * or a page it does not offer yet shows "coming soon"; one that fails shows the remote error view
 * with retry in its slot only. The page key is checked against the remote's declared pages.
 */
export function remoteRoute<R extends RemoteName, E extends PagesExposeOf<R>>(
  remote: R,
  expose: E,
  key: PageKeyOf<R, E>,
  remotes: RemoteLoader = federationLoader,
): RemoteRoute {
  return {
    async loader(args: LoaderFunctionArgs): Promise<RemotePageData> {
      if (!(await remotes.isConfigured(remote))) return { page: null, data: null };
      const module = (await remotes.load(remote, expose)) as {
        pages: Partial<Record<string, RemotePage>>;
      };
      // A page the remote does not offer yet is "coming soon", like a remote that is not deployed.
      const page = module.pages[key];
      if (!page) return { page: null, data: null };
      const id = `${remote}/${expose}/${key}`;
      resolvedPages.set(id, page);
      return { page: id, data: page.loader ? await page.loader(args) : null };
    },
    Component: RemotePageView,
    ErrorBoundary: RemoteRouteError,
    HydrateFallback: RemoteSkeleton,
  };
}
