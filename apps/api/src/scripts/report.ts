// `pnpm run report dac7 --year 2026 [--out DIR] [--schema NAME]` (root script): writes the year's DAC7
// report, the OECD DPI XML for the tax authority (preloved-dac7-<year>.xml) and the finance team's
// summary (preloved-dac7-<year>.csv), into DIR (default: the folder the command was run from). The
// database is the store's: PGlite under DATA_DIR, or DATABASE_URL; read only. TAX_DATA_KEY must be
// the store's (the sellers' data is sealed with it). The back office downloads the same files.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../db/db';
import { dac7Report } from '../modules/tax/dac7-report';
import { taxRepository } from '../modules/tax/tax-repository';

const USAGE = 'usage: pnpm run report dac7 --year YYYY [--out DIR]';

async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const year = Number(option('--year') ?? new Date().getFullYear() - 1);
  if (args[0] !== 'dac7' || !Number.isInteger(year) || year < 2023 || year > 2100) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), option('--out') ?? '.');
  const db = await openDb({ url: config.DATABASE_URL, schema: option('--schema'), dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite') });
  try {
    const { rows } = await db.query<{ found: string | null }>(`SELECT to_regclass('seller_tax_data')::text AS found`);
    if (!rows[0]?.found) {
      console.error(`No store database with sellers' tax data here (${db.engine}): start the store (pnpm start) once first.`);
      process.exitCode = 1;
      return;
    }
    const report = await dac7Report({ repository: taxRepository(db), config }, year, new Date());
    const files = [path.join(out, `preloved-dac7-${year}.xml`), path.join(out, `preloved-dac7-${year}.csv`)];
    await writeFile(files[0]!, report.xml);
    await writeFile(files[1]!, report.csv);
    console.log(`DAC7 ${year}: ${report.reported} reportable seller(s) in ${files[0]}; summary in ${files[1]}.`);
    if (report.missing > 0) console.log(`${report.missing} reportable seller(s) gave no tax data: listed as missing_tax_data in the summary, not in the XML.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
