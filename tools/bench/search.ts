// Search under load: the API on PostgreSQL with 100 000 listings answers 20 realistic shopper
// queries (the overlay's call, limit=12) from 20 connections, beside a bare Fastify hello-world on the
// same machine. Prints p50/p95 latency and requests/s of both, and their ratio.
//   pnpm bench search            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/preloved_bench)
//   BENCH_SECONDS=20 BENCH_LISTINGS=100000 BENCH_CONNECTIONS=20 pnpm bench search
import { CONNECTIONS, fixed, LISTINGS, load, percentile, POSTGRES_URL, prepare, printLoad, SECONDS, startApi, startHello, stop } from './lib';

/** What shoppers type: single words, two words, Portuguese, accents, colours, prefixes and typos. */
export const QUERIES = [
  'dress', 'linen dress', 'black dress', 'vestido', 'saia', 'calças', 'jeans', 'leather bag', 'cashmere scarf', 'wool coat',
  'cardigan', 'sunglasses', 'trench coat', 'camisa branca', 'denim jacket', 'mochila', 'silk', 'cardgan', 'jumpr', 'sneakers',
];

const searchPath = (q: string) => `/api/products/listings/all?limit=12&q=${encodeURIComponent(q)}&id_brand=1`;

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

async function main() {
  await prepare({ url: POSTGRES_URL, listings: LISTINGS });
  const api = await startApi({ databaseUrl: POSTGRES_URL });
  const hello = await startHello();
  try {
    const alone = await sequential(api.url);
    console.log('\nquery (alone, median of 15)            ms   variants found');
    for (const row of alone) console.log(`  ${row.q.padEnd(34)} ${fixed(row.ms).padStart(6)}   ${row.total}`);

    console.log(`\nload: ${CONNECTIONS} connections, ${SECONDS} s each`);
    const helloResult = await load(hello.url, ['/hello']);
    const searchResult = await load(api.url, QUERIES.map(searchPath));
    printLoad('fastify hello-world', helloResult);
    printLoad('search (20 queries)', searchResult);
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
