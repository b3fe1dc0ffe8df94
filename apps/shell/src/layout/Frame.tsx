import { ApiEventsBridge, useCurrentLocation } from '@preloved/shared';
import { memo, Suspense, type ReactNode } from 'react';
import { Footer } from '../features/footer/Footer';
import { Header } from '../features/header/Header';
import { RemoteSkeleton } from '../federation/RemoteSkeleton';
import { Panels } from './Panels';
import styles from './Layout.module.css';
import { useAfterHydration } from '../start-up/stages';

/**
 * The page's region: the page router, whose code arrives after the frame's (the JS budget).
 * While it loads, a server-rendered page keeps the server's HTML (React hydrates this boundary once
 * the code is there) and a page the browser renders alone shows the page skeleton. A memo, so no
 * update of the frame reaches the boundary before it has hydrated (React would then drop the server's
 * HTML and render it again).
 */
const PageRegion = memo(function PageRegion({ children }: { children: ReactNode }) {
  return <Suspense fallback={<RemoteSkeleton />}>{children}</Suspense>;
});

/**
 * The store's frame: header, the page, footer and the side panels. It is outside the router, so it
 * hydrates with the first scripts and works (menu, search, bag, sign-in) before the page's code has
 * arrived; its links and navigation use @preloved/shared's router-free navigation.
 */
export function Frame({ children }: { children: ReactNode }) {
  useAfterHydration();
  // The back office (issue 45) is the brand's staff's, not a shopper's: no shop around it. The
  // tree keeps its shape either way, so going there or back keeps the page's router.
  const shop = !/^\/backoffice(\/|$)/.test(useCurrentLocation().pathname);
  return (
    <div className={shop ? styles.layout : undefined}>
      {shop && <ApiEventsBridge />}
      {shop && <Header />}
      <main id="main" className={shop ? styles.main : undefined} tabIndex={-1}>
        <PageRegion>{children}</PageRegion>
      </main>
      {shop && <Footer />}
      {shop && <Panels />}
    </div>
  );
}
