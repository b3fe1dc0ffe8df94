// `pnpm audit ledger` (root script; tools/dev/audit.mjs runs this): checks that every cent of the
// database's orders, payments, discounts and wallets is accounted for, prints the balances, and
// exits 1 on any mismatch. The database is the store's: PGlite under DATA_DIR, or DATABASE_URL.
// Read only: it never migrates or writes. `--schema NAME`: a schema of its own on DATABASE_URL.
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../db/db';
import { carrierAdapter } from '../modules/shipping/carriers';
import { auditLedger, formatAudit } from '../modules/wallet/ledger-audit';

async function main() {
  const config = loadConfig();
  const args = process.argv.slice(2);
  const schema = args.includes('--schema') ? args[args.indexOf('--schema') + 1] : undefined;
  const db = await openDb({ url: config.DATABASE_URL, schema, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite') });
  try {
    const { rows } = await db.query<{ found: string | null }>(`SELECT to_regclass('wallet_entries')::text AS found`);
    if (!rows[0]?.found) {
      console.error(`No store database with a wallet here (${db.engine}): start the store (pnpm start) or seed it (pnpm seed) first.`);
      process.exitCode = 1;
      return;
    }
    const report = await auditLedger(db, config, carrierAdapter(config), new Date());
    console.log(formatAudit(report, db.engine, Number(process.env.AUDIT_WALLETS ?? 20)));
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
