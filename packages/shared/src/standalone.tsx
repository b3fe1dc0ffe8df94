import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type LoaderFunctionArgs, type RouteObject } from './router';
import { AppProviders } from './providers/AppProviders';
import type { RemotePage } from './remote-modules';

/**
 * A remote's pages as routes, each page's loader result handed over as `{ data }` exactly as the
 * shell's route table does (read with usePageData).
 */
export function pageRoutes<Key extends string>(
  pages: Partial<Record<Key, RemotePage>>,
  paths: Record<Key, string>,
): RouteObject[] {
  return (Object.entries(pages) as [Key, RemotePage][])
    .filter(([key]) => paths[key])
    .map(([key, page]) => ({
      path: paths[key],
      Component: page.Component,
      loader: page.loader ? async (args: LoaderFunctionArgs) => ({ data: await page.loader?.(args) }) : undefined,
    }));
}

/**
 * Renders a remote on its own (`pnpm --filter @preloved/<remote> dev`): its frame, with the same
 * providers as the shell, around its routes.
 */
export function mountStandalone(Frame: ComponentType, children: RouteObject[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter([{ path: '/', Component: Frame, children }])} />
      </AppProviders>
    </StrictMode>,
  );
}
