// The bag under load, on PostgreSQL and on PGlite: add to bag (POST /api/cart) and read
// the bag (GET /api/cart) by many signed-in customers at 20 connections, beside a bare Fastify
// hello-world. Each add puts a different listing into a customer's bag, so every request writes.
// Visitors' 20-line bags priced (POST /api/cart/price) at 10 connections, p95 ≤ 20 ms on
// the embedded database: BENCH_CUSTOMERS visitors whose bags are checked again and again (the panel
// opens, the tab comes back, checkout loads; each was priced once before, when it was filled), and,
// for the worst case, every bag never seen before.
//   pnpm bench bag          (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/preloved_bench)
//   BENCH_SECONDS=10 BENCH_CUSTOMERS=500 BENCH_VISITORS=500 BENCH_ENGINES=postgres,pglite pnpm bench bag
//   (BENCH_CUSTOMERS=0: only the visitors' pricing)
import type autocannon from 'autocannon';
import { openDb } from '../../apps/api/src/db/db';
import { CONNECTIONS, judge, LISTINGS, load, onEachEngine, printLoad, SECONDS, startHello, stop } from './lib';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 500);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 500);
const TARGET_P95_MS = 15;
const PRICE_LINES = 20;
const PRICE_CONNECTIONS = 10;
const PRICE_TARGET_P95_MS = 20;

/** Signs up `count` shoppers through the API (their bags start empty) and returns their tokens. */
async function shoppers(url: string, count: number): Promise<string[]> {
  const run = Date.now().toString(36);
  const tokens: string[] = [];
  // A few at a time: sign-up hashes the password with scrypt, on purpose slow.
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, i) => {
        const response = await fetch(`${url}/api/customers/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ first_name: 'Bench', last_name: 'Shopper', EmailAddress: `bench-${run}-${start + i}@example.com`, password: 'Bench#2026x', cart: [], id_brand: 1 }),
        });
        if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
        return ((await response.json()) as { Customer: { token: string } }).Customer.token;
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

async function activeListings(options: { url?: string; dataDir?: string }, count: number): Promise<number[]> {
  const db = await openDb(options);
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT $1`, [count]);
  await db.close();
  return rows.map((row) => row.id);
}

/** POST /api/cart, each request the next (customer, listing) pair: a new line every time. */
function addToBag(tokens: string[], listings: number[]): autocannon.Request {
  let next = 0;
  return {
    method: 'POST',
    path: '/api/cart',
    setupRequest: (request) => {
      const n = next++;
      const token = tokens[n % tokens.length]!;
      // Customer k gets listings k, k + C, k + 2C, ... (C customers): a new line each time, until a
      // customer has had every C-th listing (then the add changes nothing, still a 200).
      const listing = listings[n % listings.length]!;
      return {
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ listing_id: listing }),
      };
    },
  };
}

function readBag(tokens: string[]): autocannon.Request {
  let next = 0;
  return {
    method: 'GET',
    path: '/api/cart',
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } }),
  };
}

/**
 * POST /api/cart/price of visitors' bags of PRICE_LINES listings: `visitors` bags asked in turn, or
 * (visitors = Infinity) a bag of listings no request asked before, each time.
 */
/** Each visitor's bag priced once, as it was when the visitor filled it. */
async function pricedOnce(url: string, listings: number[]) {
  for (let bag = 0; bag < VISITORS; bag += PRICE_CONNECTIONS) {
    await Promise.all(
      Array.from({ length: Math.min(PRICE_CONNECTIONS, VISITORS - bag) }, async (_, i) => {
        const lines = listings.slice((bag + i) * PRICE_LINES, (bag + i + 1) * PRICE_LINES).map((listing_id) => ({ listing_id }));
        const response = await fetch(`${url}/api/cart/price`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lines }) });
        if (!response.ok) throw new Error(`cart/price answered ${response.status}`);
      }),
    );
  }
}

function priceBag(listings: number[], visitors: number): autocannon.Request {
  let next = 0;
  const windows = Math.floor(listings.length / PRICE_LINES);
  return {
    method: 'POST',
    path: '/api/cart/price',
    setupRequest: (request) => {
      // Unseen bags start after the visitors' ones (never asked in this run, until all were asked once).
      const bag = Number.isFinite(visitors) ? next++ % Math.min(visitors, windows) : VISITORS + (next++ % Math.max(1, windows - VISITORS));
      // A visitor's bag: every PRICE_LINES-th listing from their own start, so bags overlap little.
      const lines = listings.slice(bag * PRICE_LINES, (bag + 1) * PRICE_LINES).map((listing_id) => ({ listing_id }));
      return { ...request, headers: { ...request.headers, 'content-type': 'application/json' }, body: JSON.stringify({ lines }) };
    },
  };
}

async function main() {
  console.log(`load: ${CONNECTIONS} connections, ${SECONDS} s per run, ${CUSTOMERS} shoppers, ${VISITORS} visitors, ${LISTINGS} listings`);
  const hello = await startHello();
  const helloResult = await load(hello.url, ['/hello']);
  await stop(hello.child);
  printLoad('fastify hello-world', helloResult);

  await onEachEngine(LISTINGS, async ({ engine, database, withApi }) => {
    // The shoppers are new customers: none of these listings is their own.
    const listings = await activeListings(database, 20_000);
    // The visitors' bags and enough bags never seen before for a whole run of them.
    const bagListings = await activeListings(database, LISTINGS);
    await withApi(async (url) => {
      if (CUSTOMERS > 0) {
        const tokens = await shoppers(url, CUSTOMERS);
        const added = await load(url, [addToBag(tokens, listings)]);
        printLoad(`${engine}: add to bag`, added);
        console.log(`    ${judge(added, helloResult, engine === 'postgres' ? TARGET_P95_MS : undefined)}`);
        const read = await load(url, [readBag(tokens)]);
        printLoad(`${engine}: read bag`, read);
        console.log(`    ${judge(read, helloResult, engine === 'postgres' ? TARGET_P95_MS : undefined)}`);
      }
      await pricedOnce(url, bagListings);
      const priced = await load(url, [priceBag(bagListings, VISITORS)], { connections: PRICE_CONNECTIONS });
      printLoad(`${engine}: price ${PRICE_LINES}-line bag`, priced);
      console.log(
        `    ${VISITORS} visitors' bags checked again, ${PRICE_CONNECTIONS} connections; ${judge(priced, helloResult, engine === 'pglite' ? PRICE_TARGET_P95_MS : undefined)}`,
      );
      const unseen = await load(url, [priceBag(bagListings, Infinity)], { connections: PRICE_CONNECTIONS });
      printLoad(`${engine}: price an unseen bag`, unseen);
      console.log(`    every bag new (nothing kept), ${PRICE_CONNECTIONS} connections; ${judge(unseen, helloResult)}`);
    });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
