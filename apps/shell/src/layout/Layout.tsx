import { ApiEventsBridge, Outlet } from '@preloved/shared';
import { Footer } from '../features/footer/Footer';
import { Header } from '../features/header/Header';
import { Panels } from './Panels';
import styles from './Layout.module.css';
import { ScrollToTop } from './ScrollToTop';

/** The store's frame: header, the page, footer, and the side panels. */
export function Layout() {
  return (
    <div className={styles.layout}>
      <ApiEventsBridge />
      <ScrollToTop />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Panels />
    </div>
  );
}
