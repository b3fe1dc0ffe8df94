import { AppProviders, ApiEventsBridge, createBrowserRouter, Link, Outlet, RouterProvider, type RouteObject } from '@preloved/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import SearchBox from './exposes/SearchBox';
import { pages } from './exposes/SearchPages';

// The search box and the /search page in a minimal frame with the same providers as the shell,
// against the API: for working on this remote alone.
const paths: Record<string, string> = { search: '/search' };

function Frame() {
  return (
    <>
      <ApiEventsBridge />
      <header style={{ display: 'flex', gap: 16, alignItems: 'center', padding: 16, height: 64 }}>
        <Link to="/search">Preloved search</Link>
        <div style={{ flex: 1, display: 'flex', justifyContent: 'flex-end' }}>
          <SearchBox />
        </div>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

const children: RouteObject[] = Object.entries(pages).map(([key, page]) => ({
  path: paths[key],
  Component: page.Component,
  loader: page.loader ? async (args) => ({ data: await page.loader?.(args) }) : undefined,
}));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createBrowserRouter([{ Component: Frame, children: [{ index: true, element: null }, ...children] }])} />
    </AppProviders>
  </StrictMode>,
);
