import { loadConfig } from '../config';
import { testDb } from '../test/app';
import type { Db } from './db';
import { migrate, migrationFiles } from './migrate';
import { seed } from './seed';

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const config = loadConfig({ MAIN_DOMAIN: 'https://shop.example.com/' });

let ctx: Awaited<ReturnType<typeof testDb>>;
let db: Db;
beforeAll(async () => {
  ctx = await testDb({ fresh: true });
  db = ctx.db;
});
afterAll(() => ctx.drop());

const TABLES = ['brands', 'customers', 'newsletter_subscriptions', 'conditions', 'colours', 'categories', 'products', 'product_variants', 'product_children', 'listings'];

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
    result[table] = rows[0]!.count;
  }
  return result;
}

// xmin changes whenever a row is written, even with the same values: equal xmins mean untouched rows.
async function rowVersions(): Promise<string[]> {
  const { rows } = await db.query<{ v: string }>(
    `SELECT 'b' || id || ':' || xmin::text AS v FROM brands UNION ALL SELECT 'c' || id || ':' || xmin::text FROM customers ORDER BY 1`,
  );
  return rows.map((row) => row.v);
}

describe(`database on ${engine}`, () => {
  it('applies every committed migration once, in order', async () => {
    expect(await migrate(db)).toEqual(migrationFiles());
    expect(migrationFiles()[0]).toBe('001_foundation.sql');
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual(migrationFiles());
  });

  it('keeps the extensions in public and has an immutable unaccent usable in an index', async () => {
    const extensions = await db.query<{ extname: string; schema: string }>(
      `SELECT extname, extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname IN ('pg_trgm', 'unaccent') ORDER BY extname`,
    );
    expect(extensions.rows).toEqual([
      { extname: 'pg_trgm', schema: 'public' },
      { extname: 'unaccent', schema: 'public' },
    ]);
    const { rows } = await db.query<{ plain: string }>(`SELECT immutable_unaccent('Blusão Inês à moda') AS plain`);
    expect(rows[0]!.plain).toBe('Blusao Ines a moda');
    await db.transaction(async (tx) => {
      await tx.query('CREATE TEMP TABLE unaccent_probe (title text)');
      await tx.query('CREATE INDEX ON unaccent_probe USING gin (immutable_unaccent(lower(title)) gin_trgm_ops)');
      await tx.query('DROP TABLE unaccent_probe');
    });
  });

  it('stores emails lower-cased only', async () => {
    await expect(db.query(`INSERT INTO customers (first_name, email) VALUES ('Upper', 'Upper@Example.com')`)).rejects.toThrow();
  });

  it('seeds brand 1 with its sample customer Marta, a verified seller', async () => {
    await seed(db, config);
    const { rows } = await db.query<{ main_domain: string; return_center_link: string; first_name: string; verified: boolean }>(
      `SELECT b.main_domain, b.return_center_link, c.first_name, c.verified FROM brands b JOIN customers c ON c.id = b.sample_customer_id WHERE b.id = 1`,
    );
    expect(rows).toEqual([{ main_domain: 'https://shop.example.com', return_center_link: 'https://shop.example.com/returns', first_name: 'Marta', verified: true }]);
    const listings = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM listings WHERE status = 'active'`);
    expect(listings.rows[0]!.count).toBeGreaterThan(100);
  });

  it('seeds idempotently: a second run writes nothing', async () => {
    const before = await counts();
    const versions = await rowVersions();
    await seed(db, config);
    expect(await counts()).toEqual(before);
    expect(await rowVersions()).toEqual(versions);
  });

  it('follows a new MAIN_DOMAIN on the next seed, and an empty one means none', async () => {
    await seed(db, loadConfig({ MAIN_DOMAIN: '' }));
    const { rows } = await db.query<{ main_domain: string; return_center_link: string }>('SELECT main_domain, return_center_link FROM brands WHERE id = 1');
    expect(rows[0]).toEqual({ main_domain: '', return_center_link: '' });
    await seed(db, config);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO newsletter_subscriptions (brand_id, email) VALUES (1, 'rollback@example.com')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const { rows } = await db.query(`SELECT 1 FROM newsletter_subscriptions WHERE email = 'rollback@example.com'`);
    expect(rows).toHaveLength(0);
  });
});

(engine === 'pglite' ? describe : describe.skip)('the API tests\' template database (test/db-template.ts)', () => {
  it('is every committed migration applied, with the extensions, and nothing seeded', async () => {
    const template = await testDb();
    try {
      expect(await migrate(template.db)).toEqual([]);
      const { rows } = await template.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(migrationFiles());
      const unaccented = await template.db.query<{ plain: string }>(`SELECT immutable_unaccent('Inês') AS plain`);
      expect(unaccented.rows[0]!.plain).toBe('Ines');
      const brands = await template.db.query<{ count: number }>('SELECT count(*)::int AS count FROM brands');
      expect(brands.rows[0]!.count).toBe(0);
    } finally {
      await template.drop();
    }
  });
});

(engine === 'postgres' ? describe : describe.skip)('several instances starting together on PostgreSQL', () => {
  it('migrate and seed one schema without racing', async () => {
    const { openDb } = await import('./db');
    const fresh = await testDb({ fresh: true });
    const others = await Promise.all([1, 2, 3].map(() => openDb({ url: process.env.DATABASE_URL, schema: fresh.schema })));
    try {
      const applied = await Promise.all([fresh.db, ...others].map((instance) => migrate(instance)));
      expect(applied.flat().sort()).toEqual(migrationFiles());
      await Promise.all([fresh.db, ...others].map((instance) => seed(instance, config)));
      const { rows } = await fresh.db.query<{ count: number }>('SELECT count(*)::int AS count FROM brands');
      expect(rows[0]!.count).toBe(1);
    } finally {
      await Promise.all(others.map((instance) => instance.close()));
      await fresh.drop();
    }
  });
});
