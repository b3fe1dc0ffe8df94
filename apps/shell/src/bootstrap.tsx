import {
  AppProviders,
  createBrowserRouter,
  matchRoutes,
  readServerData,
  RouterProvider,
  type RouteObject,
} from '@preloved/shared';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadRemotePages } from './federation/remote-route';
import { initRemotes } from './federation/remotes';
import './i18n';
import { routes } from './routes/table';

// Read remotes.json while React starts; the first route's loader waits for it.
void initRemotes();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

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

async function start() {
  const serverData = readServerData();
  if (!serverData) {
    createRoot(container!).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={createBrowserRouter(routes)} />
        </AppProviders>
      </StrictMode>,
    );
    return;
  }
  // The server rendered this page with its data: load the same modules, then hydrate with that data
  // (no loader runs again, no skeleton). A page module that fails to load here falls back to a plain
  // client render of the route.
  await Promise.all([resolveLazyRoutes(routes), preloadRemotePages(serverData.loaderData).catch(() => undefined)]);
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: serverData.loaderData } });
  hydrateRoot(
    container!,
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
    {
      // A mismatch between the server's HTML and the first render: React re-renders on the client;
      // the message says so plainly (the Chromium tests fail on it).
      onRecoverableError: (error) => console.error('[preloved] hydration mismatch', error),
    },
  );
}

void start();
