// The back office's figures at scale: PostgreSQL with 1 000 000 orders and 300 000 listings spread
// over two years (made by SQL, once, in their own database), then the figures of a month by day, a
// year by week and two years by month, each the median of 5, against issue 45's "fast at 1 million
// orders" (a target of our own: under 1 s for the month, under 3 s for two years). Drop the database
// to make the data again (after a change to how it is made).
//   pnpm bench figures            (FIGURES_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/preloved_bench_figures)
//   BENCH_ORDERS=1000000 BENCH_FIGURE_LISTINGS=300000 pnpm bench figures
import { loadConfig } from '../../apps/api/src/config';
import { openDb } from '../../apps/api/src/db/db';
import { migrate } from '../../apps/api/src/db/migrate';
import { seed } from '../../apps/api/src/db/seed';
import { figureRows, figureTotals } from '../../apps/api/src/modules/backoffice/figures-repository';
import { ensureDatabase, fixed } from './lib';

const URL = process.env.FIGURES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/preloved_bench_figures';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const LISTINGS = Number(process.env.BENCH_FIGURE_LISTINGS ?? 300_000);
const TWO_YEARS = "interval '730 days'";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function main() {
  await ensureDatabase(URL);
  const db = await openDb({ url: URL });
  try {
    let started = Date.now();
    await migrate(db);
    await seed(db, loadConfig({}), { listings: LISTINGS });
    // The seed lists its pieces over the last weeks: spread them over two years once.
    const listings = await db.query<{ spread: boolean }>(`SELECT min(created_at) < now() - interval '365 days' AS spread FROM listings`);
    if (!listings.rows[0]!.spread) {
      // Listed over two years, in the order of their ids (a table fills as time goes); 40 % sold, 1 to 120 days after.
      await db.exec(`UPDATE listings SET created_at = now() - ${TWO_YEARS} + (id::float / (SELECT max(id) FROM listings)) * ${TWO_YEARS} - random() * interval '1 hour'`);
      await db.exec(`UPDATE listings SET status = 'sold', sold_at = least(now(), created_at + (1 + random() * 119) * interval '1 day') WHERE random() < 0.4 AND status = 'active'`);
      await db.exec('VACUUM ANALYZE listings');
    }
    const have = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n;
    if (have < ORDERS) {
      const address = JSON.stringify({ first_name: 'Bench', last_name: 'Shopper', address: 'Rua 1', city: 'Lisboa', zip: '1000-001', country: 'PT' });
      // 200 000 shoppers; 2 % cancelled, 1 % with a problem; placed over two years in the order they
      // are written, as a live table fills; in batches so a slow disk shows progress.
      for (let from = have; from < ORDERS; from += 100_000) {
        const to = Math.min(ORDERS, from + 100_000);
        await db.query(
          `INSERT INTO orders (number, email, shopper_email, delivery_option, delivery_address, billing_address, subtotal_cents, processing_cents, verification_cents,
                               shipping_cents, delivery_cents, discount_cents, total_cents, payment_provider, payment_reference, card_brand, card_last4, created_at,
                               cancelled_at, cancelled_by, problem_reported_at)
           SELECT 'BENCH-' || n, 'shopper' || (n % 200000) || '@bench.test', 'shopper' || (n % 200000) || '@bench.test', 'home', $1::jsonb, $1::jsonb,
                  s, 150, 0, 499, 0, 0, s + 649, 'test', 'bench-' || n, 'visa', '4242', t,
                  CASE WHEN n % 50 = 0 THEN t + interval '1 hour' END, CASE WHEN n % 50 = 0 THEN 'buyer' END,
                  CASE WHEN n % 100 = 7 THEN t + interval '5 days' END
             FROM (SELECT n, 2000 + ((n::bigint * 7919) % 20000)::int AS s, now() - ${TWO_YEARS} + (n::float / $4) * ${TWO_YEARS} AS t FROM generate_series($2::int, $3::int - 1) AS n) g`,
          [address, from, to, ORDERS],
        );
        console.log(`  orders: ${to}`);
      }
      await db.exec('VACUUM ANALYZE');
    }
    console.log(`PostgreSQL: ${ORDERS} orders, ${LISTINGS} listings (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);

    const cases = [
      { name: 'a month by day', from: day(-30), to: day(0), by: 'day' as const, target: 1000 },
      { name: 'a year by week', from: day(-365), to: day(0), by: 'week' as const, target: 3000 },
      { name: 'two years by month', from: day(-729), to: day(0), by: 'month' as const, target: 3000 },
    ];
    console.log('\nfigures (rows and totals), median of 5          ms   target');
    for (const figure of cases) {
      const times: number[] = [];
      for (let run = 0; run < 5; run++) {
        started = performance.now();
        const { raw } = await figureRows(db, figure);
        await figureTotals(db, figure, raw);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = times[2]!;
      console.log(`  ${figure.name.padEnd(44)} ${fixed(median, 0).padStart(6)}   < ${figure.target} ms: ${median < figure.target ? 'met' : 'NOT met'}`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
