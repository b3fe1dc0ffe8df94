// `pnpm seed [--listings N]`: migrates and seeds the database (PGlite under .data, or DATABASE_URL).
// With --listings, adds listings until there are N (for benchmarks: --listings 100000).
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';

async function main() {
  const config = loadConfig();
  const index = process.argv.indexOf('--listings');
  const listings = index > 0 ? Number(process.argv[index + 1]) : undefined;
  if (listings !== undefined && (!Number.isInteger(listings) || listings < 1)) throw new Error('--listings needs a positive whole number');
  const db = await openDb({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite') });
  const started = Date.now();
  await migrate(db);
  await seed(db, config, { listings });
  const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM listings WHERE status = 'active'`);
  console.log(`seeded (${db.engine}): ${rows[0]!.count} active listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
