import { isServerRendered, restorePersistedAtom, restoreStoredLanguage, revalidateAskedBeforeHydration, store } from '@preloved/shared';
import { useEffect, useLayoutEffect, useState } from 'react';

let frameHydrated: () => void = () => undefined;
const frameHydratedPromise = new Promise<void>((resolve) => {
  frameHydrated = resolve;
});

/**
 * Resolves once the store's frame has hydrated: the page's code (router, the page's remote) is asked
 * for after it, so the first scripts are only the frame's (the JS budget). A page the
 * browser renders alone has nothing to wait for.
 */
export function whenFrameHydrated(): Promise<void> {
  return isServerRendered() ? frameHydratedPromise : Promise.resolve();
}

/** The frame of a page the server rendered has hydrated: header, search, bag and sign-in work. */
export function useAfterHydration(): void {
  // A layout effect: it runs as the hydration commits, before any effect of the frame's children (the
  // footer's brand details, the count) starts loading code, so the mark is the moment the frame works.
  useLayoutEffect(() => {
    if (!isServerRendered()) return;
    // The moment the store is interactive: the JS budget test counts the scripts loaded before it.
    performance.mark('preloved:hydrated');
    frameHydrated();
  }, []);
}

/**
 * The page's region has hydrated (or rendered): its buttons work; journeys wait for this mark. Then,
 * on a page the server rendered (the same for every visitor), the visitor's own token, bag, user,
 * choices and language come from the browser's storage (DESIGN §10): not before, or the page's first
 * render in the browser (wishlist hearts, its language) would differ from the server's HTML. A hook,
 * not a component beside the router: the tree must have the server's shape, or React's `useId`s (the
 * panels' labels) differ from the server's.
 */
let pageHydrated = false;
export function usePageHydrated(): void {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    // Once per document: the route tree's root mounts again after an error screen.
    if (pageHydrated) return;
    pageHydrated = true;
    performance.mark('preloved:page-hydrated');
    if (!isServerRendered()) {
      // Nothing to restore over (the browser rendered the page with the visitor's state): taps act now.
      window.__prelovedEarlyEvents?.ready();
      return;
    }
    store.set(restorePersistedAtom);
    restoreStoredLanguage();
    // The language switched in the header before the page's router had arrived: the page's data now.
    revalidateAskedBeforeHydration();
    setRestored(true);
  }, []);
  useEffect(() => {
    // The taps and typing held since the first paint (early-events/capture.ts) are replayed
    // once the page has rendered again with the visitor's bag, user and language: a handler of the
    // render before would act on the server's view (an empty bag, no user).
    if (restored) window.__prelovedEarlyEvents?.ready();
  }, [restored]);
}
