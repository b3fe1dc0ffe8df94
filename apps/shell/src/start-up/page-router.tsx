import { readServerData, registerRouter } from '@preloved/shared';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from '@preloved/shared/router';
import { preloadRemotePages } from '../federation/remote-route';

/** Resolves the `lazy` routes of the first URL, as the server did, so hydration renders once. */
async function resolveLazyRoutes(tree: RouteObject[]): Promise<void> {
  await Promise.all(
    (matchRoutes(tree, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      route.lazy = undefined;
    }),
  );
}

/**
 * The page region's router in the browser, loaded after the store's frame. On a page the
 * server rendered it loads the same modules the server used and starts with the server's data (no
 * loader runs again, no skeleton); a page module that fails to load here falls back to a plain client
 * render of the route. Once created it takes over the frame's navigation (`registerRouter`).
 */
export async function createPageRouter(routes: RouteObject[]) {
  const serverData = readServerData();
  if (serverData) {
    await Promise.all([resolveLazyRoutes(routes), preloadRemotePages(serverData.loaderData).catch(() => undefined)]);
  }
  const router = createBrowserRouter(
    routes,
    serverData ? { hydrationData: { loaderData: serverData.loaderData } } : undefined,
  );
  registerRouter(router);
  // The component is rendered a moment after this (React.lazy): the first route's loaders may finish
  // before RouterProvider subscribes, and it would miss that change and keep the route's
  // HydrateFallback for good (seen on warm caches). Hand it over once the first load is done; the
  // page region shows the same skeleton meanwhile.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  return function PageRouter() {
    return <RouterProvider router={router} />;
  };
}
