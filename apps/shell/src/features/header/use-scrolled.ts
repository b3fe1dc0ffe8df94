import { useEffect, useState } from 'react';

/** Spec §2: the header switches between a top and a scrolled state above a 5 px scroll offset. */
export const SCROLL_THRESHOLD_PX = 5;

export function useScrolled(threshold = SCROLL_THRESHOLD_PX): boolean {
  // The server's view first (it knows no scroll position): a hydrated attribute that differs from the
  // server's HTML is not patched by React, so a shopper who scrolled before the page's code arrived kept
  // the top state. The position is read once mounted, then on every scroll.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
