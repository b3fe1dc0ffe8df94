import { AppProviders, ApiEventsBridge, createBrowserRouter, Link, Outlet, RouterProvider, type RouteObject } from '@preloved/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pages } from './exposes/CatalogPages';

// The catalog's pages in a minimal frame with the same providers as the shell, against the API:
// for working on this remote alone.
const paths: Record<string, string> = {
  home: '/',
  all: '/all',
  women: '/women',
  men: '/men',
  clothing: '/clothing',
  accessories: '/accessories',
  product: '/product/:productId',
  vendor: '/vendor/:vendorId',
};

function Frame() {
  return (
    <>
      <ApiEventsBridge />
      <nav style={{ display: 'flex', gap: 16, padding: 16 }} aria-label="Catalog pages">
        {Object.entries(paths)
          .filter(([, path]) => !path.includes(':'))
          .map(([key, path]) => (
            <Link key={key} to={path}>
              {key}
            </Link>
          ))}
      </nav>
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
      <RouterProvider router={createBrowserRouter([{ Component: Frame, children }])} />
    </AppProviders>
  </StrictMode>,
);
