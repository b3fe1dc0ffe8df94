import { isServerRendered, restorePersistedAtom, restoreStoredLanguage, store } from '@preloved/shared';
import { useEffect } from 'react';

/**
 * After hydrating a page the server rendered (the same for every visitor): the visitor's own token,
 * bag, user, choices and language come from the browser's storage (DESIGN §10). A hook of the layout,
 * not a component beside the router: the tree must have the server's shape, or React's `useId`s
 * (the panels' labels) differ from the server's.
 */
export function useAfterHydration(): void {
  useEffect(() => {
    if (!isServerRendered()) return;
    // The moment the page is interactive: the JS budget test counts the scripts loaded before it.
    performance.mark('preloved:hydrated');
    store.set(restorePersistedAtom);
    restoreStoredLanguage();
  }, []);
}
