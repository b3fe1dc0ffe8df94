// `pnpm backup` and `pnpm restore <folder>` (item 5), run through tools/dev/backup.mjs.
//
// A backup is one folder, backups/preloved-<UTC time>/ (or --out), holding:
//  - database.pgdump     PostgreSQL (DATABASE_URL): `pg_dump --format=custom` of the whole database;
//  - database.tar.gz     the embedded database: PGlite's own dump of its data folder (dumpDataDir);
//  - photos/             the sellers' photos from the local disk (PHOTOS_DIR, or DATA_DIR/photos);
//  - manifest.json       the engine, the time, the migrations applied and what the backup holds
//                        (orders, listings, wallet entries, customers, photos), which a restore checks.
// A restore goes into an empty store only (no table in the database, no embedded data folder, no
// photo) and ends by counting what came back against the manifest: a mismatch exits non-zero.
//
// The embedded database is one process's folder: PGlite marks it open with postmaster.pid, so a
// backup refuses while the store runs on it (stop it first; --force after a crash left the mark).
// PostgreSQL is dumped while the store serves (pg_dump and the manifest's counts read one snapshot).
// Photos in an S3 bucket (PHOTOS_S3_BUCKET) are not copied: the bucket's versioning or replication is
// their backup; the manifest says so.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { loadConfig, type Config } from '../config';
import { openDb, type Queryable } from '../db/db';

export interface Holdings {
  orders: number;
  listings: number;
  wallet_entries: number;
  customers: number;
  photos: number;
}

export interface Manifest {
  format: 1;
  engine: 'pglite' | 'postgres';
  created_at: string;
  migrations: string[];
  holds: Holdings;
  /** Where the photos are when they are not in the backup (an S3 bucket). */
  photos_elsewhere?: string;
}

const DATABASE_DUMP = { postgres: 'database.pgdump', pglite: 'database.tar.gz' } as const;
const extensions = { pg_trgm, unaccent };

export class BackupError extends Error {}

const pgliteFolder = (config: Config) => path.join(config.DATA_DIR, 'pglite');
const photosFolder = (config: Config) => config.PHOTOS_DIR ?? path.join(config.DATA_DIR, 'photos');
const photoFiles = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter((name) => !name.startsWith('.')) : []);

async function holdings(db: Queryable, photos: number): Promise<Holdings> {
  const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  return {
    orders: await count('orders'),
    listings: await count('listings'),
    wallet_entries: await count('wallet_entries'),
    customers: await count('customers'),
    photos,
  };
}

async function migrations(db: Queryable): Promise<string[]> {
  return (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row.name);
}

function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): void {
  const result = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.error) throw new BackupError(`${tool} could not run (${result.error.message}): install PostgreSQL's client tools (apt-get install postgresql-client)`);
  if (result.status !== 0) throw new BackupError(`${tool} failed: ${result.stderr.trim()}`);
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

export async function backup(config: Config, options: { out?: string; force?: boolean; now?: Date } = {}): Promise<{ folder: string; manifest: Manifest }> {
  const created = options.now ?? new Date();
  const folder = path.resolve(options.out ?? path.join('backups', `preloved-${stamp(created)}`));
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new BackupError(`${folder} is not empty: choose another --out`);
  const engine = config.DATABASE_URL ? 'postgres' : 'pglite';
  mkdirSync(folder, { recursive: true });
  let manifest: Manifest;
  const photos = photoFiles(photosFolder(config));
  if (engine === 'postgres') {
    // The counts and the dump read the same snapshot (exported from this transaction), so a store
    // taking orders meanwhile cannot make the manifest disagree with the dump.
    const db = await openDb({ url: config.DATABASE_URL });
    try {
      manifest = await db.transaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const snapshot = (await tx.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
        const read: Manifest = { format: 1, engine, created_at: created.toISOString(), migrations: await migrations(tx), holds: await holdings(tx, 0) };
        pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${path.join(folder, DATABASE_DUMP.postgres)}`, config.DATABASE_URL!]);
        return read;
      });
    } finally {
      await db.close();
    }
  } else {
    const data = pgliteFolder(config);
    if (!existsSync(path.join(data, 'PG_VERSION'))) throw new BackupError(`no embedded database at ${data} (DATA_DIR): nothing to back up`);
    if (existsSync(path.join(data, 'postmaster.pid')) && !options.force) {
      throw new BackupError(`the embedded database at ${data} is open (postmaster.pid): stop the store first, or add --force if it crashed and left the mark`);
    }
    if (options.force) rmSync(path.join(data, 'postmaster.pid'), { force: true });
    const lite = await PGlite.create(data, { extensions });
    try {
      const db: Queryable = { query: async (sql, params) => ({ rows: (await lite.query(sql, params)).rows as never[] }), exec: async (sql) => void (await lite.exec(sql)) };
      manifest = { format: 1, engine, created_at: created.toISOString(), migrations: await migrations(db), holds: await holdings(db, 0) };
      const dump = await lite.dumpDataDir('gzip');
      writeFileSync(path.join(folder, DATABASE_DUMP.pglite), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await lite.close();
    }
  }
  if (config.PHOTOS_S3_BUCKET) {
    manifest.photos_elsewhere = `s3://${config.PHOTOS_S3_BUCKET}`;
  } else {
    if (photos.length > 0) cpSync(photosFolder(config), path.join(folder, 'photos'), { recursive: true });
    manifest.holds.photos = photos.length;
  }
  writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { folder, manifest };
}

async function isEmptyPostgres(url: string): Promise<boolean> {
  const db = await openDb({ url });
  try {
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
    return rows[0]!.n === 0;
  } finally {
    await db.close();
  }
}

export async function restore(config: Config, from: string): Promise<{ manifest: Manifest; found: Holdings }> {
  const folder = path.resolve(from);
  const manifestFile = path.join(folder, 'manifest.json');
  if (!existsSync(manifestFile)) throw new BackupError(`${folder} is not a backup: no manifest.json`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`${manifestFile}: unknown backup format ${String(manifest.format)}`);
  const engine = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.engine !== engine) {
    throw new BackupError(`this backup is of ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'the embedded database'}, the store here uses ${engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (no DATABASE_URL)'}`);
  }
  const photos = photosFolder(config);
  if (!config.PHOTOS_S3_BUCKET && photoFiles(photos).length > 0) throw new BackupError(`the photos folder ${photos} is not empty: a backup is restored into an empty store`);
  if (engine === 'postgres') {
    if (!(await isEmptyPostgres(config.DATABASE_URL!))) throw new BackupError('the database of DATABASE_URL has tables: a backup is restored into an empty database');
    pgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.DATABASE_URL}`, path.join(folder, DATABASE_DUMP.postgres)]);
  } else {
    const data = pgliteFolder(config);
    if (existsSync(data) && readdirSync(data).length > 0) throw new BackupError(`the embedded database folder ${data} is not empty: a backup is restored into an empty store (another DATA_DIR, or move it away)`);
    const dump = readFileSync(path.join(folder, DATABASE_DUMP.pglite));
    mkdirSync(path.dirname(data), { recursive: true });
    const lite = await PGlite.create(data, { extensions, loadDataDir: new Blob([dump]) });
    await lite.close();
  }
  if (!config.PHOTOS_S3_BUCKET && existsSync(path.join(folder, 'photos'))) cpSync(path.join(folder, 'photos'), photos, { recursive: true });
  const db = await openDb({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : pgliteFolder(config) });
  try {
    const found = await holdings(db, config.PHOTOS_S3_BUCKET ? 0 : photoFiles(photos).length);
    return { manifest, found: config.PHOTOS_S3_BUCKET ? { ...found, photos: manifest.holds.photos } : found };
  } finally {
    await db.close();
  }
}

const describe = (holds: Holdings) =>
  `${holds.orders} orders, ${holds.listings} listings, ${holds.wallet_entries} wallet entries, ${holds.customers} customers, ${holds.photos} photos`;

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (command === 'backup') {
    const { folder, manifest } = await backup(config, { out: option('--out'), force: args.includes('--force') });
    console.log(`backup of the ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'embedded'} database in ${folder}: ${describe(manifest.holds)}`);
    if (manifest.photos_elsewhere) console.log(`photos are in ${manifest.photos_elsewhere}: not copied (the bucket's versioning is their backup)`);
  } else if (command === 'restore') {
    const from = args.find((arg) => !arg.startsWith('--'));
    if (!from) throw new BackupError('usage: pnpm restore <backup folder>');
    const { manifest, found } = await restore(config, from);
    console.log(`restored ${from}: ${describe(found)}`);
    const missing = (Object.keys(manifest.holds) as (keyof Holdings)[]).filter((key) => manifest.holds[key] !== found[key]);
    if (missing.length > 0) throw new BackupError(`the restore does not match the backup (${missing.map((key) => `${key}: ${found[key]} of ${manifest.holds[key]}`).join(', ')})`);
  } else {
    throw new BackupError('usage: pnpm backup [--out <folder>] [--force] | pnpm restore <backup folder>');
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  });
}
