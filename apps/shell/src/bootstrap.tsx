// The browser's entry after the async boundary (index.ts): the start-up, in its order, is
// start-up/browser.tsx; this file hands it the store's tree and its route table.
import { StoreTree } from './layout/StoreTree';
import { startInBrowser } from './start-up/browser';

startInBrowser({
  Tree: StoreTree,
  loadRoutes: async () => (await import('./routes/table')).routes,
});
