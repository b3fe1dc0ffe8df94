import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SET_UP_TIMEOUT_MS } from '../jest/set-up-time';

const root = path.resolve(__dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface StoreServer {
  url: string;
  dataDir: string;
  /** The store's process (a benchmark reads its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the production store exactly as `pnpm start` serves it (shell, remotes, API on one origin),
 * on a free port with a fresh embedded database, and waits until it answers. The database is a copy
 * of the run's migrated and seeded template when there is one (`E2E_DATA_TEMPLATE`, made once by
 * tools/jest/global-setup-e2e.ts): a fresh database's migrations and seed took 12 s of every file's
 * start, a copy starts in half that.
 */
export async function startStore(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<StoreServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'preloved-e2e-'));
  const template = process.env.E2E_DATA_TEMPLATE;
  // Settings the seed reads make their own database.
  if (template && existsSync(template) && !SEED_SETTINGS.some((name) => name in env)) {
    cpSync(template, dataDir, { recursive: true });
  }
  const { child, url } = await launch(env, dataDir, nodeArgs);
  return {
    url,
    dataDir,
    pid: child.pid!,
    async stop() {
      await stopChild(child);
      try {
        if (process.env.E2E_AUDIT_LEDGER === '1') auditLedger(dataDir, env);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The ledger audit on the database a journey file's store leaves behind (demo data plus what
 * the journeys bought, shipped, received and paid out): every cent accounted for, or the file fails.
 */
function auditLedger(dataDir: string, settings: Record<string, string>): void {
  const api = path.join(root, 'apps/api');
  const audited = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(api, 'src/scripts/audit-ledger.ts')], {
    cwd: api,
    // The store's own settings (its carrier and release rules decide what was available when), and its
    // database: the embedded one in its folder unless it was given PostgreSQL.
    env: { ...process.env, ...settings, DATA_DIR: dataDir, DATABASE_URL: settings.DATABASE_URL ?? '' },
    encoding: 'utf8',
  });
  process.stdout.write(audited.stdout);
  if (audited.status !== 0) throw new Error(`the ledger audit of the journey's store failed:\n${audited.stdout}${audited.stderr}`);
}

/** What the seed reads (apps/api/src/db/seed.ts): a store started with one of them seeds its own database. */
const SEED_SETTINGS = ['MAIN_DOMAIN', 'DEMO', 'SEED', 'DATABASE_URL'];

/**
 * The run's template database: a store started once on an empty folder (migrations and demo seed),
 * stopped cleanly, its folder kept for every journey's store to copy.
 */
export async function makeDataTemplate(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'preloved-e2e-template-'));
  const { child } = await launch({}, dataDir);
  await stopChild(child);
  if (child.exitCode !== 0) throw new Error(`the template store stopped with ${child.exitCode ?? child.signalCode}`);
  return dataDir;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Spawns the store on a free port over `dataDir` and waits until it answers (or kills it at the deadline). */
async function launch(env: Record<string, string>, dataDir: string, nodeArgs: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child: ChildProcess = spawn('node', [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: path.join(root, 'apps/api'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: root,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // The demo's data and test parts (production without DEMO=true refuses them).
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every journey's shoppers come from 127.0.0.1: the per-address registration limit is a test of its own.
      REGISTRATIONS_PER_HOUR: '1000',
      REGISTRATIONS_PER_DAY: '1000',
      EMAIL_PROOFS_PER_WINDOW: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A fresh database is migrated and seeded first: under a load average of 30–40 that took over 60 s.
  const started = Date.now();
  // Within the hooks' set-up time (tools/jest/set-up-time.ts), so a store that does not answer is
  // killed here rather than left running behind the failed file.
  const deadline = started + Number(process.env.E2E_START_TIMEOUT_MS ?? SET_UP_TIMEOUT_MS - 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed file (under load, orphans slowed the next files' starts).
      child.kill('SIGKILL');
      throw new Error(`the store did not answer within ${(deadline - started) / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, url };
}
