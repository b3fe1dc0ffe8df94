import { BRAND_ID, type TraderDetails } from '@preloved/contract';
import type { Queryable } from '../../db/db';

// The brand as a seller (issue 48, Brand Direct): one customers row marked `brand_account`, which
// nobody signs in as (no password, an address that receives nothing), a business trader with the
// brand's details, and its pieces on sale as listings like any seller's, each with a brand_stock row
// saying where it came from. The trade-in module calls these two to put an accepted piece on sale.

/** The brand account's e-mail: unique like any customer's, and `.invalid` (RFC 2606) so no mail leaves for it. */
export const BRAND_ACCOUNT_EMAIL = 'brand-direct@preloved.invalid';

/** Where a brand piece came from: bought from a customer, sent back to the main shop, a second, a sample. */
export const BRAND_STOCK_SOURCES = ['trade_in', 'return', 'second', 'sample'] as const;
export type BrandStockSource = (typeof BRAND_STOCK_SOURCES)[number];

/** The brand's trader details (DSA Art. 30/31) with its phone, as `syncBrandTrader` stores them. */
export type BrandTrader = TraderDetails & { phone: string };

/** Until the API has written the brand's own (brand-direct/index.ts, from its settings): the demo's. */
export const DEMO_BRAND_TRADER: BrandTrader = {
  name: 'Preloved Demo, Lda.',
  address: 'Avenida da Liberdade 1',
  address2: '',
  zip_code: '1250-001',
  city: 'Lisboa',
  country: 'PT',
  email: 'support@preloved.test',
  phone: '+351210000000',
  registration_number: '501964843',
  vat_number: 'PT501964843',
};

const SETTING = 'brand_trader';

async function storedTrader(db: Queryable): Promise<BrandTrader> {
  const { rows } = await db.query<{ value: BrandTrader }>('SELECT value FROM store_settings WHERE key = $1', [SETTING]);
  return rows[0]?.value ?? DEMO_BRAND_TRADER;
}

async function declare(db: Queryable, customerId: number, trader: BrandTrader, replace: boolean): Promise<void> {
  await db.query(
    `INSERT INTO trader_declarations (customer_id, kind, name, address, address2, zip_code, city, country, email, phone, registration_number, vat_number, self_certified_at)
     VALUES ($1, 'business', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
     ON CONFLICT (customer_id) DO ${
       replace
         ? `UPDATE SET kind = 'business', name = EXCLUDED.name, address = EXCLUDED.address, address2 = EXCLUDED.address2, zip_code = EXCLUDED.zip_code,
              city = EXCLUDED.city, country = EXCLUDED.country, email = EXCLUDED.email, phone = EXCLUDED.phone,
              registration_number = EXCLUDED.registration_number, vat_number = EXCLUDED.vat_number, self_certified_at = EXCLUDED.self_certified_at
            WHERE (trader_declarations.kind, trader_declarations.name, trader_declarations.address, trader_declarations.address2, trader_declarations.zip_code,
                   trader_declarations.city, trader_declarations.country, trader_declarations.email, trader_declarations.phone,
                   trader_declarations.registration_number, trader_declarations.vat_number)
              IS DISTINCT FROM ('business', EXCLUDED.name, EXCLUDED.address, EXCLUDED.address2, EXCLUDED.zip_code, EXCLUDED.city, EXCLUDED.country,
                                EXCLUDED.email, EXCLUDED.phone, EXCLUDED.registration_number, EXCLUDED.vat_number)`
         : 'NOTHING'
     }`,
    [customerId, trader.name, trader.address, trader.address2, trader.zip_code, trader.city, trader.country, trader.email, trader.phone, trader.registration_number, trader.vat_number],
  );
}

/** The brand's own seller account (a customers row marked as the brand's, with a business trader declaration from the brand's details); created once, idempotent, safe under concurrency. */
export async function brandAccountId(db: Queryable): Promise<number> {
  const existing = await db.query<{ id: number }>('SELECT id FROM customers WHERE brand_account');
  if (existing.rows[0]) return existing.rows[0].id;
  // Two callers at once: one insert wins on the unique e-mail (and the one-brand-account index), the
  // other inserts nothing and reads the winner's row.
  const { rows } = await db.query<{ id: number }>(
    `WITH brand AS (SELECT name FROM brands WHERE id = $1),
     inserted AS (
       INSERT INTO customers (first_name, last_name, email, verified, brand_account, email_verified_at)
       SELECT coalesce((SELECT name FROM brand), 'Brand'), '', $2, true, true, now()
       ON CONFLICT DO NOTHING RETURNING id)
     SELECT id FROM inserted UNION ALL SELECT id FROM customers WHERE brand_account OR email = $2`,
    [BRAND_ID, BRAND_ACCOUNT_EMAIL],
  );
  // A statement sees the database as it began: the winner's row, committed while this insert waited
  // for it, is read by the next one.
  const id = rows[0]?.id ?? (await db.query<{ id: number }>('SELECT id FROM customers WHERE brand_account OR email = $1', [BRAND_ACCOUNT_EMAIL])).rows[0]!.id;
  await db.query('UPDATE customers SET brand_account = true WHERE id = $1 AND NOT brand_account', [id]);
  await declare(db, id, await storedTrader(db), false);
  return id;
}

/**
 * Keeps the brand's trader details as the API's settings give them (the DAC7 operator's name and
 * tax number, the hub's address, the support address): stored once, the brand account's
 * declaration follows them. Changes nothing when they are the same.
 */
export async function syncBrandTrader(db: Queryable, trader: BrandTrader): Promise<void> {
  await db.query(
    `INSERT INTO store_settings (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now() WHERE store_settings.value IS DISTINCT FROM EXCLUDED.value`,
    [SETTING, JSON.stringify(trader)],
  );
  const id = await brandAccountId(db);
  // Its name on pages ("Package from …") is the brand's.
  await db.query('UPDATE customers c SET first_name = b.name FROM brands b WHERE b.id = $2 AND c.id = $1 AND c.first_name IS DISTINCT FROM b.name', [id, BRAND_ID]);
  await declare(db, id, trader, true);
}

/** One of the brand's pieces to put on sale. */
export interface BrandPiece {
  childId: number;
  conditionId: number;
  photos: string[];
  priceCents: number;
  comment: string;
  source: BrandStockSource;
  acquiredCents: number | null;
  tradeInId?: number | null;
}

/** Who listed it and what it was before, for the back office and a relisted return. */
export interface BrandPieceOrigin {
  staffId?: number | null;
  returnedFrom?: number | null;
}

/** Puts one of the brand's pieces on sale (a listing owned by the brand account). `acquiredCents` is what the brand paid a consumer for it (trade-ins; the margin VAT scheme needs it), null for returns, seconds and samples. Returns the listing's id. */
export async function addBrandStock(db: Queryable, piece: BrandPiece, origin: BrandPieceOrigin = {}): Promise<{ listingId: number }> {
  if (piece.photos.length < 2 || piece.photos.length > 4) throw new Error('brand stock: a piece has 2 to 4 photos');
  if (!Number.isInteger(piece.priceCents) || piece.priceCents <= 0) throw new Error('brand stock: the price is a positive number of cents');
  if ((piece.source === 'trade_in') !== (piece.acquiredCents !== null)) throw new Error('brand stock: only a trade-in has a purchase price, and it always has one');
  const sellerId = await brandAccountId(db);
  // One statement: the listing and its stock row exist together or not at all, whoever calls.
  const { rows } = await db.query<{ id: number }>(
    `WITH child AS (
       SELECT c.id, c.size, c.size_order, v.id AS variant_id, v.colour_id, p.id AS product_id, p.brand_id, p.gender, p.category_id
       FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id
       WHERE c.id = $1 AND p.brand_id = $2),
     id AS (SELECT nextval(pg_get_serial_sequence('listings', 'id'))::int AS id),
     listing AS (
       INSERT INTO listings (id, number, child_id, seller_id, condition_id, comment, photos, price_cents, min_price_cents, smart_pricing,
                             product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order, status)
       SELECT id.id, 'SL-' || lpad(id.id::text, 6, '0'), child.id, $3, $4, $5, $6::text[], $7, $7, false,
              child.product_id, child.variant_id, child.brand_id, child.gender, child.category_id, child.colour_id, child.size, child.size_order, 'active'
       FROM child, id RETURNING id),
     stock AS (
       INSERT INTO brand_stock (listing_id, source, acquired_cents, trade_in_id, added_by, returned_from)
       SELECT listing.id, $8, $9, $10, $11, $12 FROM listing RETURNING listing_id)
     SELECT listing_id AS id FROM stock`,
    [piece.childId, BRAND_ID, sellerId, piece.conditionId, piece.comment, piece.photos, piece.priceCents, piece.source, piece.acquiredCents, piece.tradeInId ?? null, origin.staffId ?? null, origin.returnedFrom ?? null],
  );
  if (!rows[0]) throw new Error(`brand stock: no product child ${piece.childId} of the brand`);
  return { listingId: rows[0].id };
}
