// `pnpm run audit ledger` (npm run audit ledger): checks that every cent in the store's database is
// accounted for (apps/api/src/scripts/audit-ledger.ts), prints the balances, exits non-zero on a
// mismatch. The database is the one the store uses: PGlite under .data (DATA_DIR), or DATABASE_URL.
// (`pnpm audit` without `run` is pnpm's own dependency audit: pnpm's commands come before scripts.)
//
// `pnpm run audit ledger --exercise`: the same check on a fresh database with money moved through the
// real API first (scripts/ledger-exercise.ts): a temporary PGlite directory, or a schema of its own on
// DATABASE_URL, removed afterwards. The test run (tools/dev/test-all.mjs) does this after the API
// tests on each engine: those tests leave no database behind (in-memory PGlite, dropped schemas).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { log, root, run } from './lib.mjs';

const [what, ...rest] = process.argv.slice(2);
if (what !== 'ledger') {
  console.error('usage: pnpm run audit ledger [--exercise]');
  process.exit(2);
}
const tsx = [path.join(root, 'node_modules/.bin/tsx')];
const api = path.join(root, 'apps/api');
const script = (name) => path.join(api, 'src/scripts', name);
const audit = (args, env = {}) => run(tsx[0], [script('audit-ledger.ts'), ...args], { cwd: api, env });

if (!rest.includes('--exercise')) {
  audit(rest);
} else if (process.env.DATABASE_URL) {
  const schema = `audit_${randomBytes(5).toString('hex')}`;
  log(`ledger audit on a fresh PostgreSQL schema ${schema} (${process.env.DATABASE_URL})`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'preloved-audit-'));
  try {
    run(tsx[0], [script('ledger-exercise.ts'), '--schema', schema], { cwd: api, env: { DATA_DIR: dataDir } });
    audit(['--schema', schema], { DATA_DIR: dataDir });
  } finally {
    run(tsx[0], [script('ledger-exercise.ts'), '--drop', schema], { cwd: api });
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'preloved-audit-'));
  log(`ledger audit on a fresh PGlite database (${dataDir})`);
  try {
    run(tsx[0], [script('ledger-exercise.ts')], { cwd: api, env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
    audit([], { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
