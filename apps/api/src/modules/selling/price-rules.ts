import { PriceRules, type PriceRule } from '@preloved/contract';
import type { Queryable } from '../../db/db';
import { fieldError } from '../../core/errors';

// The brand's price rules per category (store_settings 'price_rules'): a listing's price between a floor
// and a ceiling, each a percentage of the product's original price in the main shop. Set in the back
// office; checked whenever a seller sets a price (a new listing, an edit, a new price from My listings).

const KEY = 'price_rules';

export async function priceRules(db: Queryable): Promise<PriceRule[]> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM store_settings WHERE key = $1', [KEY]);
  const parsed = PriceRules.safeParse(rows[0]?.value);
  return parsed.success ? parsed.data.rules : [];
}

export async function savePriceRules(tx: Queryable, rules: PriceRule[]): Promise<void> {
  const kept = rules.filter((rule) => rule.floor_percent !== null || rule.ceiling_percent !== null);
  await tx.query(
    `INSERT INTO store_settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [KEY, JSON.stringify({ rules: kept })],
  );
}

/**
 * Refuses `priceCents` for a piece of category `categoryId` whose original price is `originalCents`
 * when the category's rule puts it outside (422 `price_out_of_rules` on `price`). No rule, or no
 * original price: nothing to check.
 */
export async function checkPriceRules(tx: Queryable, piece: { categoryId: number; originalCents: number | null }, priceCents: number): Promise<void> {
  if (!piece.originalCents) return;
  const rule = (await priceRules(tx)).find((candidate) => candidate.category_id === piece.categoryId);
  if (!rule) return;
  const floor = rule.floor_percent === null ? 0 : Math.ceil((piece.originalCents * rule.floor_percent) / 100);
  const ceiling = rule.ceiling_percent === null ? Infinity : Math.floor((piece.originalCents * rule.ceiling_percent) / 100);
  if (priceCents < floor || priceCents > ceiling) throw fieldError('price', 'price_out_of_rules');
}

/** The category and original price of the product of a catalogue child (a listing being written). */
export async function pieceOfChild(tx: Queryable, childId: number): Promise<{ categoryId: number; originalCents: number | null } | null> {
  const { rows } = await tx.query<{ category_id: number; original_price_cents: number | null }>(
    'SELECT p.category_id, p.original_price_cents FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id WHERE c.id = $1',
    [childId],
  );
  const row = rows[0];
  return row ? { categoryId: row.category_id, originalCents: row.original_price_cents } : null;
}

/** The same for a listing already written (a new price from My listings). */
export async function pieceOfListing(tx: Queryable, listingId: number): Promise<{ categoryId: number; originalCents: number | null } | null> {
  const { rows } = await tx.query<{ category_id: number; original_price_cents: number | null }>(
    'SELECT l.category_id, p.original_price_cents FROM listings l JOIN products p ON p.id = l.product_id WHERE l.id = $1',
    [listingId],
  );
  const row = rows[0];
  return row ? { categoryId: row.category_id, originalCents: row.original_price_cents } : null;
}
