import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDb } from '../db/db';
import { migrate, migrationFiles } from '../db/migrate';

const root = path.resolve(__dirname, '../../../..');
const migrations = path.join(__dirname, '../db/migrations');

/**
 * The embedded database the API tests start from: PGlite's data folder right after the committed
 * migrations, dumped once and kept in `node_modules/.cache/preloved/` under a name made from the
 * migrations' contents and PGlite's version (a new migration makes a new template). A test database
 * loaded from it skips PGlite's initdb and the migrations: 12 s of every test file's start under
 * the CI's load, 2.5 s to load. The demo seed still runs per test (its dates are relative to now).
 */
export async function migratedTemplate(): Promise<Blob> {
  const file = path.join(root, 'node_modules/.cache/preloved', `test-db-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const db = await openDb({});
    try {
      await migrate(db);
      const dump = await db.dumpDataDir!();
      mkdirSync(path.dirname(file), { recursive: true });
      // Parallel test workers may make it at once: each writes its own file and renames it in place.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await db.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(path.join(__dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  for (const name of migrationFiles()) hash.update(name).update(readFileSync(path.join(migrations, name)));
  return hash.digest('hex').slice(0, 16);
}
