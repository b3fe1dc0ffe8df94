// Search under load: the API on PostgreSQL with 100 000 listings answers 20 realistic shopper
// queries (the overlay's call, limit=12) from 20 connections, beside a bare Fastify hello-world on the
// same machine. Prints p50/p95 latency and requests/s of both, and their ratio.
//   pnpm bench search            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/preloved_bench)
//   BENCH_SECONDS=20 BENCH_LISTINGS=100000 BENCH_CONNECTIONS=20 pnpm bench search
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../../apps/api/src/config';
import { openDb } from '../../apps/api/src/db/db';
import { migrate } from '../../apps/api/src/db/migrate';
import { seed } from '../../apps/api/src/db/seed';
import { freePort } from '../e2e/server';

const root = path.resolve(__dirname, '../..');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/preloved_bench';
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

/** What shoppers type: single words, two words, Portuguese, accents, colours, prefixes and typos. */
export const QUERIES = [
  'dress', 'linen dress', 'black dress', 'vestido', 'saia', 'calças', 'jeans', 'leather bag', 'cashmere scarf', 'wool coat',
  'cardigan', 'sunglasses', 'trench coat', 'camisa branca', 'denim jacket', 'mochila', 'silk', 'cardgan', 'jumpr', 'sneakers',
];

const searchPath = (q: string) => `/api/products/listings/all?limit=12&q=${encodeURIComponent(q)}&id_brand=1`;

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  target.pathname = '/postgres';
  const admin = await openDb({ url: target.toString() });
  const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rows.length === 0) await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
}

async function prepare() {
  await ensureDatabase(DATABASE_URL);
  const db = await openDb({ url: DATABASE_URL });
  const started = Date.now();
  await migrate(db);
  // The seed's own option for big catalogues: adds listings until there are LISTINGS.
  await seed(db, loadConfig({}), { listings: LISTINGS });
  await db.query('ANALYZE');
  const { rows } = await db.query<{ n: number; v: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT variant_id)::int AS v FROM listings WHERE status = 'active'`,
  );
  await db.close();
  console.log(`database: ${rows[0]!.n} active listings over ${rows[0]!.v} variants (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function waitFor(url: string, child: ChildProcess) {
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

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function startApi(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('node', ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: path.join(root, 'apps/api'),
    env: { ...process.env, DATABASE_URL, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return { url, child };
}

/** The same Fastify, one route answering a constant: what the machine can do at best. */
async function startHello(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const script = `const app = require('fastify')(); app.get('/hello', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn('node', ['-e', script], { cwd: __dirname, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/hello`, child);
  return { url, child };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/** autocannon over `paths` (each connection cycles through them); latencies recorded per response. */
async function load(url: string, paths: string[]): Promise<LoadResult> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
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

/** One query at a time, no concurrency: the cost of each query on its own (median of 15). */
async function sequential(url: string) {
  const rows: { q: string; ms: number; total: number }[] = [];
  for (const q of QUERIES) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < 15; run++) {
      const started = performance.now();
      const response = await fetch(url + searchPath(q));
      const body = (await response.json()) as { total: number };
      times.push(performance.now() - started);
      total = body.total;
    }
    times.sort((a, b) => a - b);
    rows.push({ q, ms: percentile(times, 50), total });
  }
  return rows;
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);

async function main() {
  await prepare();
  const api = await startApi();
  const hello = await startHello();
  try {
    const alone = await sequential(api.url);
    console.log('\nquery (alone, median of 15)            ms   variants found');
    for (const row of alone) console.log(`  ${row.q.padEnd(34)} ${fixed(row.ms).padStart(6)}   ${row.total}`);

    console.log(`\nload: ${CONNECTIONS} connections, ${SECONDS} s each`);
    const helloResult = await load(hello.url, ['/hello']);
    const searchResult = await load(api.url, QUERIES.map(searchPath));
    const line = (name: string, r: LoadResult) =>
      console.log(
        `  ${name.padEnd(22)} ${fixed(r.rps, 0).padStart(8)} req/s   p50 ${fixed(r.p50).padStart(6)} ms   p95 ${fixed(r.p95).padStart(6)} ms   p99 ${fixed(r.p99).padStart(6)} ms   (${r.requests} requests, ${r.errors} errors, ${r.non2xx} non-2xx)`,
      );
    line('fastify hello-world', helloResult);
    line('search (20 queries)', searchResult);
    console.log(`  search / hello-world requests/s: ${fixed((searchResult.rps / helloResult.rps) * 100)} %`);
    console.log(`  target p95 < 25 ms: ${searchResult.p95 < 25 ? 'met' : 'NOT met'}`);
    if (searchResult.errors > 0 || searchResult.non2xx > 0) process.exitCode = 1;
  } finally {
    // autocannon resolves before its last sockets close: let the servers answer them first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([stop(api.child), stop(hello.child)]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
