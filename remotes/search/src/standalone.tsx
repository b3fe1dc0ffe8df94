import { ApiEventsBridge } from '@preloved/shared';
import { Link, Outlet } from '@preloved/shared/router';
import { mountStandalone, pageRoutes } from '@preloved/shared/standalone';
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

mountStandalone('search', Frame, [{ index: true, element: null }, ...pageRoutes(pages, paths)]);
