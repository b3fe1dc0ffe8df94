// `pnpm audit ledger` (root script; tools/dev/audit.mjs runs this): checks that every cent of the
// database's orders, payments, discounts and wallets is accounted for, prints the balances, and
// exits 1 on any mismatch. The database is the store's: PGlite under DATA_DIR, or DATABASE_URL.
// Read only: it never migrates or writes.
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../db/db';
import { carrierAdapter } from '../plugins/app/carriers/carriers';
import { auditLedger, formatAudit } from '../plugins/app/wallet/ledger-audit';

async function main() {
  const config = loadConfig();
  const db = await openDb({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite') });
  try {
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
