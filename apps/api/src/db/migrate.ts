import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from './db';

const folder = path.join(__dirname, 'migrations');
// Any constant shared by every instance of the API: they queue on it instead of racing.
const MIGRATION_LOCK = 727274;

/** The committed migrations, in the order they apply (`NNN_name.sql`). */
export function migrationFiles(): string[] {
  return readdirSync(folder)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort();
}

async function lock(db: Db, tx: Queryable) {
  // PGlite is one connection in one process, so there is nobody to race with.
  if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
}

/**
 * Applies the committed migrations in order, each once and each in its own transaction. On
 * PostgreSQL an advisory lock makes instances that start together wait for each other; the
 * bookkeeping table is created under the same lock, since concurrent CREATE TABLE IF NOT EXISTS
 * can still collide.
 */
export async function migrate(db: Db): Promise<string[]> {
  await db.transaction(async (tx) => {
    await lock(db, tx);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    const done = await db.transaction(async (tx) => {
      await lock(db, tx);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (rows.length > 0) return false;
      await tx.exec(readFileSync(path.join(folder, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
