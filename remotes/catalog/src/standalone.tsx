import { ApiEventsBridge } from '@preloved/shared';
import { Link, Outlet } from '@preloved/shared/router';
import { mountStandalone, pageRoutes } from '@preloved/shared/standalone';
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

mountStandalone('catalog', Frame, pageRoutes(pages, paths));
