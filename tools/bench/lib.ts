// What the API benchmarks share: a seeded database of the wanted size, the production API and a
// bare Fastify hello-world as child processes, and autocannon with per-response latencies (p95).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../../apps/api/src/config';
import { openDb } from '../../apps/api/src/db/db';
import { migrate } from '../../apps/api/src/db/migrate';
import { seed } from '../../apps/api/src/db/seed';
import { freePort } from '../e2e/server';

const root = path.resolve(__dirname, '../..');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/preloved_bench';

export async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  target.pathname = '/postgres';
  const admin = await openDb({ url: target.toString() });
  const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rows.length === 0) await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
}

/**
 * Migrates and seeds a benchmark database until it holds `listings` listings: PostgreSQL at `url`
 * (the database is created when missing), or PGlite in `dataDir` when `url` is empty.
 */
export async function prepare({ url, dataDir, listings }: { url?: string; dataDir?: string; listings: number }) {
  if (url) await ensureDatabase(url);
  const db = await openDb({ url, dataDir });
  const started = Date.now();
  await migrate(db);
  // The seed's own option for big catalogues: adds listings until there are LISTINGS.
  await seed(db, loadConfig({}), { listings });
  // What autovacuum does on a live server: statistics, and the visibility map index-only scans need.
  await db.exec('VACUUM ANALYZE');
  const { rows } = await db.query<{ n: number; v: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT variant_id)::int AS v FROM listings WHERE status = 'active'`,
  );
  await db.close();
  console.log(`${db.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${rows[0]!.n} active listings over ${rows[0]!.v} variants (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

export async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The production API on a free port, on PostgreSQL (`databaseUrl`) or PGlite (`dataDir`). */
export async function startApi({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir?: string }): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('node', ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: path.join(root, 'apps/api'),
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '', ...(dataDir ? { DATA_DIR: dataDir } : {}), PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', DEMO: 'true', LOG_LEVEL: 'warn', SEED: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return { url, child };
}

/** The same Fastify, one route answering a constant: what the machine can do at best. */
export async function startHello(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const script = `const app = require('fastify')(); app.get('/hello', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn('node', ['-e', script], { cwd: __dirname, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/hello`, child);
  return { url, child };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/**
 * autocannon over `paths` (each connection cycles through them; a path is a GET, or a whole
 * autocannon request for calls with a body, headers or a per-request setup); latencies recorded
 * per response.
 */
export async function load(
  url: string,
  paths: (string | autocannon.Request)[],
  { connections = CONNECTIONS, seconds = SECONDS } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, requests: paths.map((p) => (typeof p === 'string' ? { method: 'GET' as const, path: p } : p)) },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}


export const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** A load run's verdict against a p95 target, and the exit code for any error or non-2xx answer. */
export function judge(result: LoadResult, hello: LoadResult, targetP95?: number): string {
  if (result.errors > 0 || result.non2xx > 0) process.exitCode = 1;
  const ratio = `${fixed((result.rps / hello.rps) * 100)} % of hello-world`;
  return targetP95 === undefined ? ratio : `${ratio}; target p95 ≤ ${targetP95} ms: ${result.p95 <= targetP95 ? 'met' : 'NOT met'}`;
}

export function printLoad(name: string, r: LoadResult) {
  console.log(
    `  ${name.padEnd(30)} ${fixed(r.rps, 0).padStart(8)} req/s   p50 ${fixed(r.p50).padStart(6)} ms   p95 ${fixed(r.p95).padStart(6)} ms   p99 ${fixed(r.p99).padStart(6)} ms   (${r.requests} requests, ${r.errors} errors, ${r.non2xx} non-2xx)`,
  );
}

export type Engine = 'postgres' | 'pglite';
export const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as Engine[];

/**
 * For each engine (BENCH_ENGINES): a database seeded with `listings` listings, handed to `measure` with
 * `withApi`, which runs the production API on it for the time of its callback (so anything read straight
 * from the database, PGlite being one connection, is read before). A PGlite folder is removed afterwards.
 */
export async function onEachEngine(
  listings: number,
  measure: (context: {
    engine: Engine;
    database: { url?: string; dataDir?: string };
    withApi(run: (url: string) => Promise<void>): Promise<void>;
  }) => Promise<void>,
): Promise<void> {
  for (const engine of ENGINES) {
    const dataRoot = engine === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'preloved-bench-')) : undefined;
    const database = dataRoot ? { dataDir: path.join(dataRoot, 'pglite') } : { url: POSTGRES_URL };
    const withApi = async (run: (url: string) => Promise<void>) => {
      const api = await startApi(dataRoot ? { dataDir: dataRoot } : { databaseUrl: POSTGRES_URL });
      try {
        await run(api.url);
      } finally {
        // autocannon resolves before its last sockets close: let the server answer them first.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await stop(api.child);
      }
    };
    try {
      await prepare({ ...database, listings });
      await measure({ engine, database, withApi });
    } finally {
      if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
    }
  }
}
