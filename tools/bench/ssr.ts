// Server rendering under load (the server side): the production build served as `pnpm start`
// serves it, on the embedded database, at 10 connections (autocannon): pages/s, p50/p95 and the
// store's CPU time per page for `/`, `/all`, a product page, `/search?q=dress` and `/faqs`, beside a
// static file of the same server. Twice: every page rendered anew (PAGE_CACHE_MS=0), and with the
// anonymous-page cache (the default; the requests carry no session). The apps are built first when
// stale (`pnpm build --changed`).
//   pnpm bench ssr
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 pnpm bench ssr
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startStore } from '../e2e/server';
import { fixed, load, SECONDS, type LoadResult } from './lib';

const root = path.resolve(__dirname, '../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGETS = { uncached: 300, cached: 2000 };
/** The pages the issue's targets name. */
const TARGETED = new Set(['/all', 'product']);

/** The process's CPU time (user + system) in ms, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat (counted from 1), in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Row {
  name: string;
  result: LoadResult;
  cpuPerPage: number;
}

async function measureStore(mode: 'uncached' | 'cached'): Promise<Row[]> {
  const store = await startStore({ PAGE_CACHE_MS: mode === 'uncached' ? '0' : '5000' });
  try {
    const first = (await (await fetch(`${store.url}/api/products/listings/all?id_brand=1&limit=0`)).json()) as { products_listings: { product_id: number; product_variant_id: number }[] };
    const card = first.products_listings[0]!;
    const staticFile = readdirSync(path.join(root, 'apps/shell/dist')).find((file) => file.endsWith('.css'))!;
    const pages: [string, string][] = [
      [`static /${staticFile}`, `/${staticFile}`],
      ['/', '/'],
      ['/all', '/all'],
      ['product', `/product/${card.product_id}?variant=${card.product_variant_id}`],
      ['/search?q=dress', '/search?q=dress'],
      ['/faqs', '/faqs'],
    ];
    const rows: Row[] = [];
    for (const [name, page] of pages) {
      // Rendered by the server (not left to the browser), and warm: remotes loaded, code compiled.
      for (let i = 0; i < 20; i++) {
        const response = await fetch(`${store.url}${page}`);
        const html = await response.text();
        if (!response.ok) throw new Error(`${page} answered ${response.status}`);
        if (name !== `static /${staticFile}` && !html.includes('id="preloved-server-data"')) throw new Error(`${page} was not rendered by the server`);
      }
      const before = cpuMs(store.pid);
      const result = await load(store.url, [page], { connections: CONNECTIONS, seconds: SECONDS });
      const cpuPerPage = (cpuMs(store.pid) - before) / Math.max(result.requests, 1);
      rows.push({ name, result, cpuPerPage });
      if (result.errors > 0 || result.non2xx > 0) process.exitCode = 1;
    }
    return rows;
  } finally {
    // autocannon resolves before its last sockets close: let the server answer them first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await store.stop();
  }
}

function print(mode: 'uncached' | 'cached', rows: Row[]) {
  console.log(`\n${mode === 'uncached' ? 'every page rendered (PAGE_CACHE_MS=0)' : 'anonymous pages cached (the default)'}, ${CONNECTIONS} connections, ${SECONDS} s each:`);
  console.log(`  ${'page'.padEnd(26)} ${'pages/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'CPU ms/page'.padStart(12)}`);
  for (const { name, result, cpuPerPage } of rows) {
    const target = TARGETED.has(name) ? `   target ≥ ${TARGETS[mode]} pages/s: ${result.rps >= TARGETS[mode] ? 'met' : 'NOT met'}` : '';
    console.log(
      `  ${name.padEnd(26)} ${fixed(result.rps, 0).padStart(8)} ${fixed(result.p50).padStart(8)} ${fixed(result.p95).padStart(8)} ${fixed(cpuPerPage, 2).padStart(12)}${target}${result.errors || result.non2xx ? `   (${result.errors} errors, ${result.non2xx} non-2xx)` : ''}`,
    );
  }
}

async function main() {
  const built = spawnSync('node', [path.join(root, 'tools/dev/build.mjs'), '--changed'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
  const modes = (process.env.BENCH_SSR_MODES ?? 'uncached,cached').split(',') as ('uncached' | 'cached')[];
  for (const mode of modes) print(mode, await measureStore(mode));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
