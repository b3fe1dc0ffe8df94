import { ensureLanguage, formatMoney, i18n, isLanguage, readServerData } from '@preloved/shared';
import type { RouteObject } from '@preloved/shared/router';
import { lazy, startTransition, StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../i18n';
import { initRemotes } from '../federation/remotes';
import { whenFrameHydrated } from './stages';
import { yieldToBrowser } from './yield';

/** What the store is made of (the shell's bootstrap.tsx hands it over): start-up only orders it. */
export interface StoreParts {
  /** The tree the server rendered too (layout/StoreTree.tsx), around the page region's router. */
  Tree: ComponentType<{ children: ReactNode }>;
  /** The route table, loaded with the page's router after the frame (routes/table.tsx). */
  loadRoutes: () => Promise<RouteObject[]>;
}

/**
 * The store's start-up in the browser, in its order (the shell's README draws it):
 * 1. remotes.json is read and the remotes registered, while React starts, before anything asks the
 *    federation runtime for a module (registering them later, while the search box and the page's
 *    remote were already loading, left a page on its skeleton now and then);
 * 2. the page's language catalogue (Portuguese is loaded on demand), so the first render is in it;
 * 3. the frame hydrates the server's HTML (`hydrateRoot`), or the browser renders the page alone;
 * 4. once the frame has hydrated (`stages.ts`), the page's router is loaded and takes the page region;
 * 5. once the page region has hydrated, the visitor's own bag, user and language are restored and the
 *    taps held since the first paint are replayed (`usePageHydrated`).
 */
export function startInBrowser(parts: StoreParts): void {
  void initRemotes();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  void start(container, parts);
}

async function start(root: HTMLElement, { Tree, loadRoutes }: StoreParts) {
  /**
   * The page's router, asked for once the frame has hydrated (stage 2): its code and the page's
   * remote are not in the first scripts (the JS budget), and the page's region keeps the
   * server's HTML until they arrive (React's selective hydration).
   */
  const PageRouter = lazy(async () => {
    await whenFrameHydrated();
    // The first price of the page costs ~10 ms of Intl's locale data, once: in a task of its own, not
    // within the page region's hydration (TBT).
    await yieldToBrowser();
    formatMoney(0, i18n.language);
    await yieldToBrowser();
    // remotes.json is read while the page router loads (the frame needs no remote); its loaders wait for it.
    const [{ createPageRouter }, routes] = await Promise.all([import('./page-router'), loadRoutes()]);
    return { default: await createPageRouter(routes) };
  });
  const app = (
    <StrictMode>
      <Tree>
        <PageRouter />
      </Tree>
    </StrictMode>
  );
  if (isLanguage(i18n.language)) await ensureLanguage(i18n.language).catch(() => undefined);
  await yieldToBrowser();
  if (readServerData()) {
    // In a transition, the hydration yields to the browser every few milliseconds (time-sliced,
    // as a transition's render is) instead of one long task (TBT); a tap meanwhile makes
    // React hydrate what was tapped at once, and a control it has not reached yet is held by
    // early-events/capture.ts as before.
    startTransition(() => {
      hydrateRoot(root, app, {
        // A mismatch between the server's HTML and the first render: React re-renders on the client;
        // the message says so plainly (the Chromium tests fail on it).
        onRecoverableError: (error) => console.error('[preloved] hydration mismatch', error),
      });
    });
  } else {
    createRoot(root).render(app);
  }
}
