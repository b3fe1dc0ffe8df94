import { useCurrentLocation } from '@preloved/shared';
import { Outlet, ScrollRestoration } from '@preloved/shared/router';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageHydrated } from '../start-up/stages';

/**
 * The store's name as the window's title in the shopper's language, set on each new page before the
 * page's own effects name it (layout effects run first): a page that names itself wins, one that does
 * not is never left with the HTML's English title.
 */
function useDefaultTitle() {
  const { t, i18n } = useTranslation('shell');
  const { pathname } = useCurrentLocation();
  useLayoutEffect(() => {
    document.title = t('meta.title');
  }, [t, i18n.language, pathname]);
}

/** The route tree's root: what needs the router around every page (the frame is outside it). */
export function PageRoot() {
  useDefaultTitle();
  usePageHydrated();
  return (
    <>
      {/* A new page opens at the top (spec §2); going back returns to where the shopper was in the
          list. Filter changes keep their place with preventScrollReset. */}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
