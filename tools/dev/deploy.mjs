// `pnpm run deploy remote <name>` and `pnpm rollback remote <name>` (item 4): one remote's
// build is copied into a versioned folder of the deploy folder and remotes.json is switched to it
// (or back to the version before), while the store serves. `pnpm serve` and `pnpm cluster` use that
// remotes.json (REMOTES_JSON) and serve the versioned folders at /releases/<name>/<version>/.
// (`pnpm deploy` alone is pnpm's own command: the script is reached with `pnpm run deploy`.)
//
// Options: --no-build (deploy the current build as it is; by default a stale build is rebuilt first),
// DEPLOY_DIR (default .deploy/ at the workspace root).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { deployRemote, prepareDeployDir, rollbackRemote } from '../cluster/remote-deploy.mjs';
import { appList, buildApps, builtRemotesJson, deployDir, ensureInstalled, isStale, log, root } from './lib.mjs';

const [action, kind, name, ...rest] = process.argv.slice(2);
const usage = 'usage: pnpm run deploy remote <name> [--no-build] | pnpm rollback remote <name>';
try {
  if (!['deploy', 'rollback'].includes(action) || kind !== 'remote' || !name) throw new Error(usage);
  const app = appList.apps.find((entry) => entry.kind === 'remote' && entry.name === name);
  if (!app) throw new Error(`no remote named "${name}" (${appList.apps.filter((entry) => entry.kind === 'remote').map((entry) => entry.name).join(', ')})`);
  prepareDeployDir({ deployDir, builtRemotesJson });
  if (action === 'deploy') {
    if (!rest.includes('--no-build') && isStale(app.dir)) {
      ensureInstalled();
      log(`building ${app.dir} (its build is older than its sources)…`);
      await buildApps([app.dir]);
    }
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || undefined;
    const result = deployRemote({ deployDir, name, dist: path.join(root, app.dir, 'dist'), commit });
    if (result.unchanged) log(`${name} ${result.version} is already live (${result.url})`);
    else log(`${name} ${result.version} is live: remotes.json → ${result.url} (was ${result.previous})`);
    if (result.removed.length > 0) log(`removed old versions of ${name}: ${result.removed.join(', ')}`);
  } else {
    const result = rollbackRemote({ deployDir, name });
    log(`${name} rolled back: remotes.json → ${result.to} (was ${result.from})`);
  }
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
