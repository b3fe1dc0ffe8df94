import type { LoaderFunctionArgs, RemoteName, RemotePage, RemotePagesModule } from '@preloved/shared';
import type { ComponentType } from 'react';
import { useLoaderData } from '@preloved/shared';
import { isRemoteConfigured, loadRemoteModule } from '../federation/remotes';
import { ComingSoon } from '../features/errors/ComingSoon';
import { PageLoading } from '../features/errors/PageLoading';
import { RemoteError } from '../features/errors/RemoteError';

interface RemotePageData {
  page: RemotePage | null;
  data: unknown;
}

function RemotePageView() {
  const { page } = useLoaderData() as RemotePageData;
  if (!page) return <ComingSoon />;
  return <page.Component />;
}

/**
 * A route served by a remote's page. The route's loader loads the remote module and runs the page's
 * own loader before anything renders: no Suspense in render, so no React fallback throttle
 * (DESIGN.md §8), and one render with data. A remote that is not deployed (absent from remotes.json)
 * or a page it does not offer yet, shows "coming soon"; one that fails shows an error with retry in its slot only.
 */
interface RemoteRoute {
  loader: (args: LoaderFunctionArgs) => Promise<RemotePageData>;
  Component: ComponentType;
  ErrorBoundary: ComponentType;
  HydrateFallback: ComponentType;
}

export function remotePage(remote: RemoteName, expose: string, key: string): RemoteRoute {
  return {
    async loader(args: LoaderFunctionArgs): Promise<RemotePageData> {
      if (!(await isRemoteConfigured(remote))) return { page: null, data: null };
      const module = await loadRemoteModule<RemotePagesModule>(remote, expose);
      // A page the remote does not offer yet is "coming soon", like a remote that is not deployed.
      const page = module.pages[key];
      if (!page) return { page: null, data: null };
      return { page, data: page.loader ? await page.loader(args) : null };
    },
    Component: RemotePageView,
    ErrorBoundary: RemoteError,
    HydrateFallback: PageLoading,
  };
}
