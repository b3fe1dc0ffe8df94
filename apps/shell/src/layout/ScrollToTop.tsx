import { useLocation } from '@preloved/shared';
import { useEffect } from 'react';

/** The page scrolls to the top on every route change (spec §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}
