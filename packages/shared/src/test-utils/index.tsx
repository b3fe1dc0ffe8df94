import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type LoaderFunction, type RouteObject } from 'react-router';
import { AppProviders } from '../providers/AppProviders';
import { ApiEventsBridge } from '../providers/ApiEventsBridge';
import { clearSessionAtom, store } from '../state/store';

/**
 * Renders UI the way the shell does: the one store, i18n, toasts, and a router at `route`.
 * Extra routes let a test see where a link or a redirect leads.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', routes = [] as RouteObject[], loader, ...options }: {
    route?: string;
    path?: string;
    routes?: RouteObject[];
    /** A remote page's loader: its result reaches the page through usePageData, as in the shell. */
    loader?: LoaderFunction;
  } & Omit<RenderOptions, 'wrapper'> = {},
) {
  const router = createMemoryRouter(
    [
      {
        path,
        loader: loader ? async (args) => ({ data: await loader(args) }) : undefined,
        hydrateFallbackElement: <p>loading</p>,
        element: (
          <>
            {ui}
            <ApiEventsBridge />
          </>
        ),
      },
      ...routes,
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
    options,
  );
  return { ...result, router, store };
}

/** Fresh state for the next test: no session, no bag, nothing persisted. */
export function resetStore(): void {
  localStorage.clear();
  store.set(clearSessionAtom);
}
