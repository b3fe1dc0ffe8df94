// `pnpm bench cluster`: the store as `pnpm cluster` runs it (PostgreSQL, API instances, nginx
// in front; tools/cluster/cluster.mjs), under a mixed shopper load through the proxy — the catalogue, a
// product, a search, the bag priced, and guest checkouts paid with the test provider's card — for three
// phases of CLUSTER_PHASE_S seconds (default 20), each with its disruption: (a) one API instance killed
// (SIGKILL) and started again, (b) every instance restarted one by one (SIGTERM: a graceful stop),
// (c) the catalog remote deployed and rolled back (tools/dev/deploy.mjs, as `pnpm run deploy remote
// catalog --no-build` and `pnpm rollback remote catalog`). A shopper whose payment failed on the way (no
// answer, a 5xx) pays again with the same Idempotency-Key, as the store's checkout page does.
//
// Prints requests, failures (no answer or a 5xx; 4xx are answers) for idempotent (GET) and other
// requests, p50/p95, orders placed vs payments taken (from the database), and ends with exactly
// `cluster: N requests, F failed, L orders lost`. Its own database (preloved_bench_cluster on the local
// server, created when missing; CLUSTER_DATABASE_URL elsewhere) and deploy folder (a temporary one).
// Not part of CI.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../../apps/api/src/db/db';
import { NO_PAYMENT_LIMITS } from '../../apps/api/src/test/app';
import { payment } from '../../apps/api/src/test/checkout';
import { ensureDatabase, prepareCluster, startCluster, whenReady } from '../cluster/cluster.mjs';
import { percentile } from './lib';

const root = path.resolve(__dirname, '../..');
const PHASE_S = Number(process.env.CLUSTER_PHASE_S ?? 20);
const SHOPPERS = Number(process.env.CLUSTER_SHOPPERS ?? 8);
const INSTANCES = Number(process.env.CLUSTER_INSTANCES ?? 2);
const PORT = Number(process.env.CLUSTER_PORT ?? 3390);
const FIRST_API_PORT = Number(process.env.CLUSTER_API_PORT ?? 4391);
const DATABASE_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/preloved_bench_cluster';
/** How long nginx leaves out an instance that failed (`fail_timeout` in tools/cluster/nginx-config.mjs). */
const PROXY_FAIL_TIMEOUT_S = 5;
/** One in how many shopper visits ends in a checkout. */
const CHECKOUT_EVERY = 3;

type Phase = 'a: SIGKILL + start' | 'b: rolling restart' | 'c: deploy + rollback';
interface Sample {
  phase: Phase;
  what: string;
  idempotent: boolean;
  status: number; // 0: no answer
  ms: number;
}

const samples: Sample[] = [];
let phase: Phase = 'a: SIGKILL + start';
let running = true;
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stamp = () => new Date().toISOString().slice(11, 19);
const note = (message: string) => console.log(`  ${stamp()} ${message}`);

/** One request through the proxy, recorded. */
async function call(what: string, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
  const started = performance.now();
  let status: number;
  let json: unknown = null;
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    status = response.status;
    const text = await response.text();
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  } catch {
    status = 0;
  }
  samples.push({ phase, what, idempotent: method === 'GET', status, ms: performance.now() - started });
  return { status, json };
}

interface Piece {
  id: number;
  product_id: number;
  variant_id: number;
}

const confirmed: string[] = [];
let paymentsUnanswered = 0;

/** A shopper: browses, prices a bag, and every few visits buys a piece of the pool. */
async function shopper(n: number, pool: Piece[], browse: Piece[]) {
  let visit = 0;
  while (running) {
    visit++;
    const seen = browse[(n * 31 + visit) % browse.length]!;
    await call('catalogue', 'GET', '/api/products/listings/all?id_brand=1&limit=0');
    await call('product', 'GET', `/api/products/${seen.product_id}?variant=${seen.variant_id}&id_brand=1`);
    await call('search', 'GET', '/api/products/listings/all?id_brand=1&limit=0&search=dress');
    await call('page', 'GET', '/');
    await call('bag', 'POST', '/api/cart/price', { lines: [{ listing_id: seen.id }] });
    if (visit % CHECKOUT_EVERY !== 0) continue;
    const piece = pool.pop();
    if (!piece) continue;
    const body = { delivery_option: 'home', cart: [piece.id] };
    const quote = await call('checkout quote', 'POST', '/api/checkout/quote', body);
    if (quote.status !== 200) continue;
    const total = (quote.json as { total: number }).total;
    const key = `bench-cluster-${randomBytes(12).toString('hex')}`;
    const order = payment(total, { ...body, email: `bench-cluster-${n}-${visit}@example.com` });
    // No answer or a 5xx: the same payment again, with the same key (it is charged once, whatever happened).
    for (let attempt = 1; ; attempt++) {
      const paid = await call('payment', 'POST', '/api/checkout/payment', order, { 'idempotency-key': key });
      if (paid.status === 200) {
        const number = (paid.json as { order_number?: string }).order_number;
        if (number) confirmed.push(number);
        break;
      }
      if ((paid.status !== 0 && paid.status < 500) || attempt >= 10) {
        if (paid.status === 0 || paid.status >= 500) paymentsUnanswered++;
        break;
      }
      await sleep(500 * attempt);
    }
  }
}

function deployCommand(action: 'deploy' | 'rollback', deployDir: string) {
  return new Promise<void>((resolve, reject) => {
    const args = [path.join(root, 'tools/dev/deploy.mjs'), action, 'remote', 'catalog', ...(action === 'deploy' ? ['--no-build'] : [])];
    const child = spawn('node', args, { cwd: root, env: { ...process.env, DEPLOY_DIR: deployDir }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      // Without the colour codes of the script's log lines.
      note(`${action}: ${out.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').trim()}`);
      if (code === 0) resolve();
      else reject(new Error(`${action} remote catalog exited with ${code}`));
    });
  });
}

function summary(rows: Sample[]) {
  const ms = rows.map((row) => row.ms).sort((a, b) => a - b);
  const failed = rows.filter((row) => row.status === 0 || row.status >= 500);
  return {
    requests: rows.length,
    failedIdempotent: failed.filter((row) => row.idempotent).length,
    failedOther: failed.filter((row) => !row.idempotent).length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
  };
}

async function main() {
  await prepareCluster();
  await ensureDatabase(DATABASE_URL);
  const deployDir = mkdtempSync(path.join(tmpdir(), 'preloved-bench-deploy-'));
  console.log(`cluster bench: ${INSTANCES} API instances behind nginx on ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}, ${SHOPPERS} shoppers, phases of ${PHASE_S} s`);
  const cluster = await startCluster({
    port: PORT,
    instances: INSTANCES,
    firstApiPort: FIRST_API_PORT,
    databaseUrl: DATABASE_URL,
    deployDir,
    // Many payments from one address (the bench): the payment limits are out of the way, as in the race bench.
    env: { ...NO_PAYMENT_LIMITS, LOG_LEVEL: 'error', CATALOGUE_CACHE_MS: process.env.CATALOGUE_CACHE_MS ?? '2000' },
    stdio: ['ignore', 'ignore', 'inherit'],
    onExit: (n, code, signal) => note(`API instance ${n + 1} exited (${code ?? signal})`),
  });
  const db = await openDb({ url: DATABASE_URL });
  try {
    const { rows: pieces } = await db.query<Piece>(
      `SELECT l.id, l.product_id, l.variant_id FROM listings l
        WHERE l.status = 'active' AND NOT EXISTS (SELECT 1 FROM bag_lines b WHERE b.listing_id = l.id)
        ORDER BY random() LIMIT 2000`,
    );
    if (pieces.length < 50) throw new Error(`only ${pieces.length} listings left to buy in ${DATABASE_URL}: drop the database to seed it again`);
    const browse = pieces.slice(0, 50);
    const pool = pieces.slice(50);
    const since = (await db.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;

    const load = Array.from({ length: SHOPPERS }, (_, n) => shopper(n, pool, browse));
    const phaseMs = PHASE_S * 1000;

    // (a) one instance killed and started again.
    phase = 'a: SIGKILL + start';
    let started = Date.now();
    await sleep(phaseMs * 0.25);
    note('SIGKILL instance 1');
    await cluster.stopInstance(0, 'SIGKILL');
    await sleep(phaseMs * 0.25);
    note('starting instance 1 again');
    cluster.startInstance(0);
    await whenReady(cluster.addressOf(0));
    note('instance 1 ready');
    await sleep(Math.max(0, phaseMs - (Date.now() - started)));

    // (b) every instance restarted, one after the other, gracefully.
    phase = 'b: rolling restart';
    started = Date.now();
    for (let n = 0; n < INSTANCES; n++) {
      note(`SIGTERM instance ${n + 1}`);
      await cluster.stopInstance(n, 'SIGTERM');
      cluster.startInstance(n);
      await whenReady(cluster.addressOf(n));
      note(`instance ${n + 1} ready again`);
      // As an operator's rolling restart does: the next instance stops once the proxy sends to this
      // one again — nginx left it out for its fail_timeout (tools/cluster/nginx-config.mjs) when it
      // refused connections while it started.
      await sleep(PROXY_FAIL_TIMEOUT_S * 1000 + 1000);
    }
    await sleep(Math.max(0, phaseMs - (Date.now() - started)));

    // (c) the catalog remote deployed, then rolled back.
    phase = 'c: deploy + rollback';
    started = Date.now();
    await sleep(phaseMs * 0.2);
    await deployCommand('deploy', deployDir);
    await sleep(phaseMs * 0.4);
    await deployCommand('rollback', deployDir);
    await sleep(Math.max(0, phaseMs - (Date.now() - started)));

    running = false;
    await Promise.all(load);

    const { rows: money } = await db.query<{ taken: number; with_order: number; orders: number }>(
      `SELECT (SELECT count(*)::int FROM payment_attempts WHERE created_at >= $1 AND status = 'done' AND response_status = 200) AS taken,
              (SELECT count(*)::int FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.created_at >= $1 AND a.status = 'done' AND a.response_status = 200) AS with_order,
              (SELECT count(*)::int FROM orders WHERE created_at >= $1) AS orders`,
      [since],
    );
    const found = await db.query<{ number: string }>('SELECT number FROM orders WHERE number = ANY($1::text[])', [confirmed]);
    const { taken, with_order: withOrder, orders } = money[0]!;
    const confirmedMissing = confirmed.length - found.rows.length;
    const lost = taken - withOrder + confirmedMissing;

    console.log('');
    console.log('phase                    requests  failed GET  failed other  p50 ms  p95 ms');
    for (const name of ['a: SIGKILL + start', 'b: rolling restart', 'c: deploy + rollback'] as Phase[]) {
      const s = summary(samples.filter((row) => row.phase === name));
      console.log(`${name.padEnd(24)} ${String(s.requests).padStart(8)}  ${String(s.failedIdempotent).padStart(10)}  ${String(s.failedOther).padStart(12)}  ${s.p50.toFixed(0).padStart(6)}  ${s.p95.toFixed(0).padStart(6)}`);
    }
    const all = summary(samples);
    console.log(`${'all'.padEnd(24)} ${String(all.requests).padStart(8)}  ${String(all.failedIdempotent).padStart(10)}  ${String(all.failedOther).padStart(12)}  ${all.p50.toFixed(0).padStart(6)}  ${all.p95.toFixed(0).padStart(6)}`);
    const byWhat = new Map<string, Sample[]>();
    for (const row of samples) byWhat.set(row.what, [...(byWhat.get(row.what) ?? []), row]);
    for (const [what, rows] of byWhat) {
      const failed = rows.filter((row) => row.status === 0 || row.status >= 500);
      const statuses = [...new Set(failed.map((row) => row.status))].sort().join(', ');
      const s = summary(rows);
      console.log(`  ${what.padEnd(16)} ${String(rows.length).padStart(6)} requests, ${failed.length} failed${failed.length ? ` (status ${statuses}; 0 = no answer)` : ''}, p50 ${s.p50.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms`);
    }
    console.log(`orders placed ${orders} (${confirmed.length} confirmed to shoppers), payments taken ${taken} (${withOrder} with their order); payments left without an answer after 10 tries: ${paymentsUnanswered}`);
    const failed = all.failedIdempotent + all.failedOther;
    console.log(`idempotent requests failed: ${all.failedIdempotent}; other requests failed: ${all.failedOther}`);
    console.log(`cluster: ${all.requests} requests, ${failed} failed, ${lost} orders lost`);
    if (all.failedIdempotent > 0 || lost > 0) process.exitCode = 1;
  } finally {
    running = false;
    await db.close();
    await cluster.stop();
    rmSync(deployDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
