// `npm test` / `pnpm test`: every test, from a fresh clone.
//  1. unit and component tests, and the lint boundaries (jest: contract + web + lint);
//  2. API tests on the embedded database (PGlite), and on PostgreSQL too when DATABASE_URL is set;
//  3. end-to-end journeys in Chromium against the production build (built here when stale).
import { existsSync } from 'node:fs';
import os from 'node:os';
import { buildApps, ensureInstalled, isStale, log, root, run, webApps } from './lib.mjs';

ensureInstalled();
const jest = ['node_modules/jest/bin/jest.js'];
// The late-scripts pass walks the catalogue and the bag again; the taps at first paint on every
// server-rendered page type, with every script 2 s late, are first-interaction.e2e.ts's,
// so search and checkout are not walked a second time (CI time).
const LATE_SCRIPT_JOURNEYS = ['catalog', 'bag'].map((name) => `tools/e2e/${name}.e2e.ts`);
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);
// Two workers on two cores: jest's default leaves one core to its own idle main process. The unit run
// took 261 s of CI with one worker, 158 s with two; the API tests on PostgreSQL (each file in its own
// schema) 495 s in band and 226 s on two workers, on a machine busy with a browser journey run.
const workers = `--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`;

if (want('unit')) {
  log('unit and component tests');
  run('node', [...jest, '--selectProjects', 'contract', 'web', 'lint', workers]);
}
if (want('api')) {
  log('API tests on PGlite (embedded)');
  run('node', [...jest, '--selectProjects', 'api', workers], { env: { DATABASE_URL: '' } });
  // The ledger audit on each engine, on a fresh database with money moved through the API
  // (the API tests leave none behind: in-memory PGlite, dropped schemas).
  run('node', ['tools/dev/audit.mjs', 'ledger', '--exercise'], { env: { DATABASE_URL: '' } });
  if (process.env.DATABASE_URL) {
    // One engine after the other: side by side, on a machine that was busy, the PGlite run took 1726 s
    // and the PostgreSQL one 1342 s (the embedded database's WebAssembly slows far more than its share
    // under contention); the step times printed here tell the next try.
    log(`API tests on PostgreSQL (${process.env.DATABASE_URL})`);
    run('node', [...jest, '--selectProjects', 'api', workers]);
    run('node', ['tools/dev/audit.mjs', 'ledger', '--exercise']);
  } else {
    log('DATABASE_URL is not set: skipping the PostgreSQL run of the API tests');
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
  log('end-to-end journeys in Chromium (each store ends with the ledger audit of its database)');
  // Two journeys side by side (each its own Chromium): the suite took 12 min in band on a quiet machine
  // and 5 min 40 s on two workers. A journey must hold under that load too. The journeys share one
  // store per worker (tools/e2e/shared-store.ts; a file with settings of its own starts its own): 34
  // stores started and audited became 10, and the step 503 s → 305 s on the same machine (Nov 2026).
  // In band (--maxWorkers=1: every journey without settings on one store) they all pass too, in 599 s.
  // The stores run on the embedded database; the journey of two instances on one database
  // (messages.e2e.ts) is given PostgreSQL when there is one.
  run('node', [...jest, '--selectProjects', 'e2e', workers, '--forceExit'], {
    env: { DATABASE_URL: '', E2E_POSTGRES_URL: process.env.DATABASE_URL ?? '', E2E_AUDIT_LEDGER: '1' },
    cwd: root,
  });
  // The journeys a shopper walks most pass again with every script arriving late (the page
  // is server-rendered and readable first; a tap waits for hydration, nothing is lost).
  log('the same journeys with scripts arriving 800 ms late');
  run('node', [...jest, '--selectProjects', 'e2e', workers, '--forceExit', ...LATE_SCRIPT_JOURNEYS], {
    env: { DATABASE_URL: '', E2E_SCRIPT_DELAY_MS: '800' },
    cwd: root,
  });
}
