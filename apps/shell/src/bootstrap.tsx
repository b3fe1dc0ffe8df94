import { AppProviders, ensureLanguage, i18n, isLanguage, readServerData } from '@preloved/shared';
import { lazy, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './i18n';
import { initRemotes } from './federation/remotes';
import { Frame } from './layout/Frame';
import { whenFrameHydrated } from './layout/use-after-hydration';

// Read remotes.json (and register the remotes) while React starts, before anything asks the federation
// runtime for a module: registering them later, while the search box and the page's remote were
// already loading, left a page on its skeleton now and then.
void initRemotes();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Two stages (issue 13, the JS budget): the frame (header, search, bag, sign-in, footer) hydrates
 * with the first scripts; the page's router and the page's remote are asked for once it has, and
 * the page's region keeps the server's HTML until they arrive (React's selective hydration).
 */
const PageRouter = lazy(async () => {
  await whenFrameHydrated();
  // remotes.json is read while the page router loads (the frame needs no remote); its loaders wait for it.
  const { createPageRouter } = await import('./routes/browser-page');
  return { default: await createPageRouter() };
});

const app = (
  <StrictMode>
    <AppProviders>
      <Frame>
        <PageRouter />
      </Frame>
    </AppProviders>
  </StrictMode>
);

/** The first render is in the page's language: its catalogue first (Portuguese is loaded on demand). */
async function start(root: HTMLElement) {
  if (isLanguage(i18n.language)) await ensureLanguage(i18n.language).catch(() => undefined);
  if (readServerData()) {
    hydrateRoot(root, app, {
      // A mismatch between the server's HTML and the first render: React re-renders on the client;
      // the message says so plainly (the Chromium tests fail on it).
      onRecoverableError: (error) => console.error('[preloved] hydration mismatch', error),
    });
  } else {
    createRoot(root).render(app);
  }
}
void start(container);
