import { testApp } from '../../test/app';
import type { Db } from '../../db/db';
import { brandTraderOf } from './brand-direct-service';
import { addBrandStock, brandAccountId, syncBrandTrader } from './brand-stock';

// The brand as a seller: one account, created once whoever asks first, a business trader; its pieces
// are listings with a stock row saying where they came from.

let ctx: Awaited<ReturnType<typeof testApp>>;
let db: Db;
beforeAll(async () => {
  ctx = await testApp();
  db = ctx.db;
});
afterAll(async () => {
  await ctx?.close();
});

const photos = ['/api/assets/photos/dress/black/1.svg', '/api/assets/photos/dress/black/2.svg'];

async function aChild(): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT c.id FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id WHERE p.brand_id = 1 ORDER BY c.id LIMIT 1');
  return rows[0]!.id;
}

describe('the brand account', () => {
  it('is one account, created once even by ten callers at once, a business trader with the brand’s details', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, () => brandAccountId(db)));
    expect(new Set(ids).size).toBe(1);
    expect(await brandAccountId(db)).toBe(ids[0]);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE brand_account');
    expect(rows[0]!.n).toBe(1);
    const declaration = await db.query<{ kind: string; name: string; vat_number: string }>('SELECT kind, name, vat_number FROM trader_declarations WHERE customer_id = $1', [ids[0]]);
    // The API wrote the brand's details from its settings when it started.
    const brand = brandTraderOf(ctx.config);
    expect(declaration.rows[0]).toEqual({ kind: 'business', name: brand.name, vat_number: brand.vat_number });
    await syncBrandTrader(db, { ...brand, name: 'Marca, S.A.' });
    expect((await db.query<{ name: string }>('SELECT name FROM trader_declarations WHERE customer_id = $1', [ids[0]])).rows[0]!.name).toBe('Marca, S.A.');
    await syncBrandTrader(db, brand);
  });
});

describe('brand stock', () => {
  it('puts a piece on sale as the brand’s listing, with where it came from and what the brand paid', async () => {
    const childId = await aChild();
    const { listingId } = await addBrandStock(db, { childId, conditionId: 2, photos, priceCents: 4500, comment: 'Traded in', source: 'trade_in', acquiredCents: 2000, tradeInId: 7 });
    const { rows } = await db.query<{ seller_id: number; status: string; price_cents: number; source: string; acquired_cents: number; trade_in_id: number }>(
      'SELECT l.seller_id, l.status, l.price_cents, s.source, s.acquired_cents, s.trade_in_id FROM listings l JOIN brand_stock s ON s.listing_id = l.id WHERE l.id = $1',
      [listingId],
    );
    expect(rows[0]).toEqual({ seller_id: await brandAccountId(db), status: 'active', price_cents: 4500, source: 'trade_in', acquired_cents: 2000, trade_in_id: 7 });
  });

  it('refuses a purchase price on a sample, none on a trade-in, a child not of the brand, and leaves nothing behind', async () => {
    const childId = await aChild();
    const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings')).rows[0]!.n;
    await expect(addBrandStock(db, { childId, conditionId: 1, photos, priceCents: 1000, comment: '', source: 'sample', acquiredCents: 100 })).rejects.toThrow();
    await expect(addBrandStock(db, { childId, conditionId: 1, photos, priceCents: 1000, comment: '', source: 'trade_in', acquiredCents: null })).rejects.toThrow();
    await expect(addBrandStock(db, { childId: 2_000_000_000, conditionId: 1, photos, priceCents: 1000, comment: '', source: 'second', acquiredCents: null })).rejects.toThrow(/no product child/);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings')).rows[0]!.n).toBe(before);
  });
});
