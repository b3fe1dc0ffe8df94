import { ApiEventsBridge, Outlet, ScrollRestoration } from '@preloved/shared';
import { Footer } from '../features/footer/Footer';
import { Header } from '../features/header/Header';
import { Panels } from './Panels';
import styles from './Layout.module.css';
import { useAfterHydration } from './use-after-hydration';

/** The store's frame: header, the page, footer, and the side panels. */
export function Layout() {
  useAfterHydration();
  return (
    <div className={styles.layout}>
      <ApiEventsBridge />
      {/* A new page opens at the top (spec §2); going back returns to where the shopper was in the
          list (issue 12). Filter changes keep their place with preventScrollReset. */}
      <ScrollRestoration />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Panels />
    </div>
  );
}
