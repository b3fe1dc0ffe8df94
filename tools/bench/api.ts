// The catalogue under load, with 100 000 listings, on PostgreSQL and on PGlite: the first filtered
// page of /all and the product endpoint (autocannon, 20 connections), beside a bare Fastify
// hello-world on the same machine. Prints p50/p95 latency, requests/s and the ratio to hello-world;
// on PGlite also the catalogue calls at 10 connections with the catalogue cache on and off.
//   pnpm bench api            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/preloved_bench)
//   BENCH_SECONDS=10 BENCH_LISTINGS=100000 BENCH_CONNECTIONS=20 BENCH_ENGINES=postgres,pglite pnpm bench api
import { openDb } from '../../apps/api/src/db/db';
import { CONNECTIONS, fixed, LISTINGS, load, onEachEngine, printLoad, SECONDS, startHello, stop, type LoadResult } from './lib';

/** The first page a shopper filtering women's clothing by size M sees. */
const FIRST_FILTERED_PAGE = '/api/products/listings/all?id_brand=1&limit=0&gender=women&category=6&size=M';

/** The product with the most active listings: the heaviest product page. */
async function busiestProduct(options: { url?: string; dataDir?: string }): Promise<string> {
  const db = await openDb(options);
  const { rows } = await db.query<{ product_id: number; variant_id: number }>(
    `SELECT product_id, variant_id FROM listings WHERE status = 'active' GROUP BY product_id, variant_id ORDER BY count(*) DESC LIMIT 1`,
  );
  await db.close();
  return `/api/products/${rows[0]!.product_id}?variant=${rows[0]!.variant_id}&id_brand=1`;
}

/** Similar pieces of many product pages: 200 variants with pieces for sale, spread over the catalogue. */
async function similarRoutes(options: { url?: string; dataDir?: string }): Promise<string[]> {
  const db = await openDb(options);
  const { rows } = await db.query<{ product_id: number; variant_id: number }>(
    `SELECT product_id, variant_id FROM (SELECT DISTINCT product_id, variant_id FROM listings WHERE status = 'active') v ORDER BY md5(variant_id::text) LIMIT 200`,
  );
  await db.close();
  return rows.map((row) => `/api/products/${row.product_id}/similar?variant=${row.variant_id}&id_brand=1`);
}
const SIMILAR_TARGET_P95 = 15;

/**
 * The product page's similar pieces on the embedded database at 10 connections across 200 product
 * pages, with the catalogue cache (as the page is served) and without it (every call reads the
 * database): issue 29's p95 ≤ 15 ms.
 */
async function embeddedSimilar(routes: string[], withApi: (run: (url: string) => Promise<void>) => Promise<void>) {
  for (const cache of ['5000', '0']) {
    process.env.CATALOGUE_CACHE_MS = cache;
    await withApi(async (url) => {
      const result = await load(url, routes, { connections: EMBEDDED_CONNECTIONS });
      printLoad(`pglite, ${EMBEDDED_CONNECTIONS} connections, cache ${cache === '0' ? 'off' : 'on'}: similar pieces of 200 product pages`, result);
      console.log(`    target p95 ≤ ${SIMILAR_TARGET_P95} ms: ${result.p95 <= SIMILAR_TARGET_P95 ? 'met' : 'NOT met'}`);
      if (result.errors > 0 || result.non2xx > 0) process.exitCode = 1;
    });
  }
  delete process.env.CATALOGUE_CACHE_MS;
}

/** The catalogue calls a shopper's first pages make (the embedded database's figures). */
const CATALOGUE_CALLS = (product: string) =>
  [
    ['/all, first page', '/api/products/listings/all?id_brand=1&limit=0'],
    ['/all, first filtered page', FIRST_FILTERED_PAGE],
    ['search "dress"', '/api/products/listings/all?id_brand=1&limit=0&search=dress'],
    ['product endpoint', product],
  ] as const;
const EMBEDDED_CONNECTIONS = 10;
const EMBEDDED_TARGET = { rps: 800, p95: 25 };

/**
 * The embedded database (PGlite, one connection) at 10 connections: with the catalogue cache (the
 * default) and without it (CATALOGUE_CACHE_MS=0), against the issue's target.
 */
async function embeddedCatalogue(product: string, withApi: (run: (url: string) => Promise<void>) => Promise<void>) {
  // The machine is shared: what it does at best at the same moment, at the same 10 connections.
  const hello = await startHello();
  const helloResult = await load(hello.url, ['/hello'], { connections: EMBEDDED_CONNECTIONS });
  await stop(hello.child);
  printLoad(`fastify hello-world, ${EMBEDDED_CONNECTIONS} connections`, helloResult);
  for (const cache of ['5000', '0']) {
    process.env.CATALOGUE_CACHE_MS = cache;
    await withApi(async (url) => {
      for (const [name, route] of CATALOGUE_CALLS(product)) {
        const result = await load(url, [route], { connections: EMBEDDED_CONNECTIONS });
        printLoad(`pglite, ${EMBEDDED_CONNECTIONS} connections, cache ${cache === '0' ? 'off' : 'on'}: ${name}`, result);
        const met = result.rps >= EMBEDDED_TARGET.rps && result.p95 <= EMBEDDED_TARGET.p95;
        console.log(
          `    target ≥ ${EMBEDDED_TARGET.rps} req/s with p95 ≤ ${EMBEDDED_TARGET.p95} ms: ${met ? 'met' : 'NOT met'}; ${fixed((result.rps / helloResult.rps) * 100)} % of hello-world`,
        );
        if (result.errors > 0 || result.non2xx > 0) process.exitCode = 1;
      }
    });
  }
  delete process.env.CATALOGUE_CACHE_MS;
}

async function main() {
  console.log(`load: ${CONNECTIONS} connections, ${SECONDS} s per run, ${LISTINGS} listings`);
  const hello = await startHello();
  const helloResult = await load(hello.url, ['/hello']);
  await stop(hello.child);
  printLoad('fastify hello-world', helloResult);
  const ratio = (r: LoadResult) => `${fixed((r.rps / helloResult.rps) * 100)} % of hello-world`;

  await onEachEngine(LISTINGS, async ({ engine, database, withApi }) => {
    const product = await busiestProduct(database);
    if (engine === 'pglite') {
      await embeddedCatalogue(product, withApi);
      await embeddedSimilar(await similarRoutes(database), withApi);
    }
    await withApi(async (url) => {
      for (const [name, route] of [['/all, first filtered page', FIRST_FILTERED_PAGE], ['product endpoint', product]] as const) {
        const result = await load(url, [route]);
        printLoad(`${engine}: ${name}`, result);
        console.log(`    ${ratio(result)}${engine === 'postgres' ? `; target p95 < 30 ms: ${result.p95 < 30 ? 'met' : 'NOT met'}` : ''}`);
        if (result.errors > 0 || result.non2xx > 0) process.exitCode = 1;
      }
    });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
