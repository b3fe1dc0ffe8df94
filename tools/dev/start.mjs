// `npm start` / `pnpm start` on a fresh clone: install, build what is missing or stale, then serve
// the whole store with its embedded database and demo data at http://localhost:3000.
import { buildApps, ensureInstalled, isStale, log, webApps } from './lib.mjs';

ensureInstalled();
const stale = webApps.filter(isStale);
if (stale.length > 0) {
  log(`building ${stale.length} app(s); the first build takes a minute or two…`);
  await buildApps(stale);
}
await import('./serve.mjs');
