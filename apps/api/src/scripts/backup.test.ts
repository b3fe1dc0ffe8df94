import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PaymentResult } from '@preloved/contract';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/db';
import { NO_PAYMENT_LIMITS, testClock } from '../test/app';
import { fillBag, inject, key, listings, payment, shopper } from '../test/checkout';
import { backup, restore, type Manifest } from './backup';

// `pnpm backup` / `pnpm restore` (item 5) on the engine of the run: a store with an order
// and a photo is backed up and restored into an empty store, which then holds every order, listing,
// wallet entry, customer and photo, the order with its total. A restore never writes over a store
// that has data, and the embedded database is not read while a store has it open.

const folders: string[] = [];
const scratch = (name: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), `preloved-${name}-`));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const admin = process.env.DATABASE_URL || undefined;
const databases: string[] = [];
/** A new, empty database on the PostgreSQL server (whole-database dumps need their own database). */
async function newDatabase(): Promise<string> {
  const name = `preloved_backup_${randomBytes(5).toString('hex')}`;
  const db = await openDb({ url: admin });
  await db.query(`CREATE DATABASE ${name}`);
  await db.close();
  databases.push(name);
  const url = new URL(admin!);
  url.pathname = `/${name}`;
  return url.toString();
}
afterAll(async () => {
  if (!admin) return;
  const db = await openDb({ url: admin });
  for (const name of databases) await db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await db.close();
});

async function storeConfig(): Promise<Config> {
  return loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    CATALOGUE_CACHE_MS: '0',
    ...NO_PAYMENT_LIMITS,
    DATA_DIR: scratch('data'),
    DATABASE_URL: admin ? await newDatabase() : '',
  });
}

const openStoreDb = (config: Config): Promise<Db> =>
  openDb({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite') });

/** A store with one paid order and one photo on disk; answers the order's id and total. */
async function storeWithAnOrder(config: Config): Promise<{ orderId: number; total: number }> {
  const db = await openStoreDb(config);
  const app = await buildApp(config, { db, clock: testClock() });
  await app.ready();
  try {
    const buyer = await shopper(app);
    const [piece] = await listings(db, 1, { notSeller: buyer.id });
    await fillBag(db, buyer.id, [piece!.id]);
    const body = { delivery_option: 'home' };
    const quote = await inject(app, 'POST', 'checkout/quote', { token: buyer.token, body });
    const total = quote.json<{ total: number }>().total;
    const paid = await inject(app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total, body) });
    expect(paid.statusCode).toBe(200);
    mkdirSync(path.join(config.DATA_DIR, 'photos'), { recursive: true });
    writeFileSync(path.join(config.DATA_DIR, 'photos', `${randomBytes(16).toString('hex')}.webp`), randomBytes(2048));
    return { orderId: PaymentResult.parse(paid.json()).order_id!, total };
  } finally {
    await app.close();
    await db.close();
  }
}

describe(`backup and restore (${admin ? 'PostgreSQL' : 'embedded database'})`, () => {
  let source: Config;
  let order: { orderId: number; total: number };
  let folder: string;
  let manifest: Manifest;
  beforeAll(async () => {
    source = await storeConfig();
    order = await storeWithAnOrder(source);
    ({ folder, manifest } = await backup(source, { out: path.join(scratch('backup'), 'one') }));
  }, 120_000);

  it('brings back every order, listing, wallet entry, customer and photo into an empty store', async () => {
    expect(manifest.engine).toBe(admin ? 'postgres' : 'pglite');
    // The demo seed's rated sales, and the order made here.
    expect(manifest.holds.orders).toBeGreaterThanOrEqual(1);
    expect(manifest.holds.listings).toBeGreaterThan(0);
    expect(manifest.holds.photos).toBe(1);
    expect(manifest.migrations.length).toBeGreaterThan(10);

    const target = await storeConfig();
    const { found } = await restore(target, folder);
    expect(found).toEqual(manifest.holds);
    const db = await openStoreDb(target);
    try {
      const { rows } = await db.query<{ total_cents: number }>('SELECT total_cents FROM orders WHERE id = $1', [order.orderId]);
      expect(rows.map((row) => row.total_cents)).toEqual([Math.round(order.total * 100)]);
    } finally {
      await db.close();
    }
    const photo = readdirSync(path.join(source.DATA_DIR, 'photos'))[0]!;
    expect(readFileSync(path.join(target.DATA_DIR, 'photos', photo))).toEqual(readFileSync(path.join(source.DATA_DIR, 'photos', photo)));
  }, 120_000);

  it('refuses to restore over a store that has data, and leaves it as it was', async () => {
    await expect(restore(source, folder)).rejects.toThrow(/not empty|has tables/);
    const db = await openStoreDb(source);
    try {
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n).toBe(manifest.holds.orders);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('refuses a folder that is not a backup', async () => {
    await expect(restore(source, scratch('nothing'))).rejects.toThrow('is not a backup: no manifest.json');
  });

  if (!admin) {
    it('does not read the embedded database while a store has it open', async () => {
      const db = await openStoreDb(source);
      try {
        await db.query('SELECT 1');
        await expect(backup(source, { out: path.join(scratch('backup'), 'open') })).rejects.toThrow(/is open \(postmaster\.pid\): stop the store first/);
      } finally {
        await db.close();
      }
    }, 60_000);
  }
});
