// `pnpm build`: production builds of the shell and every remote (all of them, or the stale ones with --changed).
// `pnpm build --single`: only the shell's single-bundle build (apps/shell/dist-single, every remote
// bundled in, no federation), which `pnpm bench web` compares with the federated store.
import { buildApps, buildSingleBundle, ensureInstalled, isSingleBundleStale, isStale, log, webApps } from './lib.mjs';

ensureInstalled();
const onlyChanged = process.argv.includes('--changed');
const started = Date.now();
if (process.argv.includes('--single')) {
  if (onlyChanged && !isSingleBundleStale()) log('the single bundle is up to date');
  else {
    await buildSingleBundle();
    log(`built the single bundle in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} else {
  const dirs = onlyChanged ? webApps.filter(isStale) : webApps;
  if (dirs.length === 0) log('every app is up to date');
  await buildApps(dirs);
  log(`built ${dirs.length} app(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
