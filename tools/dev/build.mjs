// `pnpm build`: production builds of the shell and every remote (all of them, or the stale ones with --changed).
import { buildApps, ensureInstalled, isStale, log, webApps } from './lib.mjs';

ensureInstalled();
const onlyChanged = process.argv.includes('--changed');
const dirs = onlyChanged ? webApps.filter(isStale) : webApps;
if (dirs.length === 0) log('every app is up to date');
const started = Date.now();
await buildApps(dirs);
log(`built ${dirs.length} app(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
