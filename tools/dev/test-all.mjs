// `npm test` / `pnpm test`: every test, from a fresh clone.
//  1. unit and component tests, and the lint boundaries (jest: contract + web + lint);
//  2. API tests on the embedded database (PGlite), and on PostgreSQL too when DATABASE_URL is set;
//  3. end-to-end journeys in Chromium against the production build (built here when stale).
import { existsSync } from 'node:fs';
import os from 'node:os';
import { buildApps, ensureInstalled, isStale, log, root, run, runAsync, webApps } from './lib.mjs';

ensureInstalled();
const jest = ['node_modules/jest/bin/jest.js'];
// The late-scripts pass walks the catalogue and the bag again; the taps at first paint on every
// server-rendered page type, with every script 2 s late, are first-interaction.e2e.ts's (issue 23),
// so search and checkout are not walked a second time (CI time, issue 30).
const LATE_SCRIPT_JOURNEYS = ['catalog', 'bag'].map((name) => `tools/e2e/${name}.e2e.ts`);
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

if (want('unit')) {
  log('unit and component tests');
  // Two workers on two cores: jest's default leaves one core to its own idle main process (the unit
  // run took 261 s of CI with one worker).
  run('node', [...jest, '--selectProjects', 'contract', 'web', 'lint', `--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`]);
}
if (want('api')) {
  // Issue 24: the ledger audit on each engine, on a fresh database with money moved through the API
  // (the API tests leave none behind: in-memory PGlite, dropped schemas).
  const pglite = { env: { DATABASE_URL: '' } };
  if (process.env.DATABASE_URL) {
    // The two engines' runs side by side: the embedded one is one process busy on one core, the
    // PostgreSQL one waits on the server much of its time (CI time: one after the other took the
    // sum of both).
    log(`API tests on PGlite (embedded) and on PostgreSQL (${process.env.DATABASE_URL}), side by side`);
    const runs = await Promise.allSettled([
      runAsync('node', [...jest, '--selectProjects', 'api'], pglite),
      runAsync('node', [...jest, '--selectProjects', 'api', '--runInBand']),
    ]);
    const failed = runs.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    run('node', ['tools/dev/audit.mjs', 'ledger', '--exercise'], pglite);
    run('node', ['tools/dev/audit.mjs', 'ledger', '--exercise']);
  } else {
    log('API tests on PGlite (embedded); DATABASE_URL is not set: no PostgreSQL run');
    run('node', [...jest, '--selectProjects', 'api'], pglite);
    run('node', ['tools/dev/audit.mjs', 'ledger', '--exercise'], pglite);
  }
}
if (want('e2e')) {
  const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
      log('installing Chromium for the browser tests (apt-get install chromium)…');
      run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']);
    } else {
      throw new Error(`Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROME_PATH`);
    }
  }
  const stale = webApps.filter(isStale);
  if (stale.length > 0) await buildApps(stale);
  log('end-to-end journeys in Chromium (each file\'s store ends with the ledger audit of its database)');
  run('node', [...jest, '--selectProjects', 'e2e', '--runInBand', '--forceExit'], { env: { DATABASE_URL: '', E2E_AUDIT_LEDGER: '1' }, cwd: root });
  // Issue 13: the journeys a shopper walks most pass again with every script arriving late (the page
  // is server-rendered and readable first; a tap waits for hydration, nothing is lost).
  log('the same journeys with scripts arriving 800 ms late');
  run('node', [...jest, '--selectProjects', 'e2e', '--runInBand', '--forceExit', ...LATE_SCRIPT_JOURNEYS], {
    env: { DATABASE_URL: '', E2E_SCRIPT_DELAY_MS: '800' },
    cwd: root,
  });
}
