import type {
  LoaderFunctionArgs,
  PageKeyOf,
  PagesExposeOf,
  RemoteName,
  RemotePage,
} from '@preloved/shared';
import type { ComponentType } from 'react';
import { useLoaderData } from '@preloved/shared';
import { ComingSoon } from './ComingSoon';
import {
  federationLoader,
  RemoteRouteError,
  RemoteSkeleton,
  type RemoteLoader,
} from './RemoteBoundary';

interface RemotePageData {
  page: RemotePage | null;
  data: unknown;
}

function RemotePageView() {
  const { page } = useLoaderData() as RemotePageData;
  if (!page) return <ComingSoon />;
  return <page.Component />;
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
      return { page, data: page.loader ? await page.loader(args) : null };
    },
    Component: RemotePageView,
    ErrorBoundary: RemoteRouteError,
    HydrateFallback: RemoteSkeleton,
  };
}
