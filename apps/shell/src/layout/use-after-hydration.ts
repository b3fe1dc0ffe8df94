import { isServerRendered, restorePersistedAtom, restoreStoredLanguage, store } from '@preloved/shared';
import { useEffect } from 'react';

let frameHydrated: () => void = () => undefined;
const frameHydratedPromise = new Promise<void>((resolve) => {
  frameHydrated = resolve;
});

/**
 * Resolves once the store's frame has hydrated: the page's code (router, the page's remote) is asked
 * for after it, so the first scripts are only the frame's (issue 13, the JS budget). A page the
 * browser renders alone has nothing to wait for.
 */
export function whenFrameHydrated(): Promise<void> {
  return isServerRendered() ? frameHydratedPromise : Promise.resolve();
}

/**
 * After hydrating the frame of a page the server rendered (the same for every visitor): the visitor's
 * own token, bag, user, choices and language come from the browser's storage (DESIGN §10). A hook of
 * the frame, not a component beside it: the tree must have the server's shape, or React's `useId`s
 * (the panels' labels) differ from the server's.
 */
export function useAfterHydration(): void {
  useEffect(() => {
    if (!isServerRendered()) return;
    // The moment the store is interactive (header, search, bag, sign-in): the JS budget test counts
    // the scripts loaded before it.
    performance.mark('preloved:hydrated');
    frameHydrated();
    store.set(restorePersistedAtom);
    restoreStoredLanguage();
  }, []);
}

/** The page's region has hydrated (or rendered): its buttons work. Journeys wait for this mark. */
export function usePageHydrated(): void {
  useEffect(() => {
    performance.mark('preloved:page-hydrated');
  }, []);
}
