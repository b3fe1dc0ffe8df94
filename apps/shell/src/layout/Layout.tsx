import { ApiEventsBridge, Outlet, ScrollRestoration, useLocation } from '@preloved/shared';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '../features/footer/Footer';
import { Header } from '../features/header/Header';
import { Panels } from './Panels';
import styles from './Layout.module.css';
import { useAfterHydration } from './use-after-hydration';

/**
 * The store's name as the window's title in the shopper's language, set on each new page before the
 * page's own effects name it (layout effects run first): a page that names itself wins, one that does
 * not is never left with the HTML's English title (issue 12).
 */
function useDefaultTitle() {
  const { t, i18n } = useTranslation('shell');
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = t('meta.title');
  }, [t, i18n.language, pathname]);
}

/** The store's frame: header, the page, footer, and the side panels. */
export function Layout() {
  useDefaultTitle();
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
