import type { DiscountCodeEntry, DiscountRedemptions } from '@preloved/contract';
import type { Queryable } from '../../db/db';
import { isoColumn } from './sql';

/** A code as the console shows it, its state as checkout would judge it at `$1` (the store's clock). */
const ENTRY = `d.code, d.percent_off, d.amount_off_cents / 100.0 AS amount_off, ${isoColumn('d.starts_at')} AS starts_at, ${isoColumn('d.ends_at')} AS ends_at,
  d.max_uses, d.uses, d.max_uses_per_shopper, d.first_order_only, d.min_order_cents / 100.0 AS min_order, d.max_discount_cents / 100.0 AS max_discount,
  CASE WHEN d.ends_at IS NOT NULL AND d.ends_at <= $1 THEN 'ended'
       WHEN d.max_uses IS NOT NULL AND d.uses >= d.max_uses THEN 'used_up'
       WHEN NOT d.active THEN 'paused'
       WHEN d.starts_at IS NOT NULL AND d.starts_at > $1 THEN 'scheduled'
       ELSE 'live' END AS state,
  (SELECT count(*)::int FROM discount_redemptions r WHERE r.code = d.code) AS redemptions,
  coalesce((SELECT sum(r.amount_cents) FROM discount_redemptions r WHERE r.code = d.code), 0) / 100.0 AS cost`;

type Row = Omit<DiscountCodeEntry, 'amount_off' | 'min_order' | 'max_discount' | 'cost'> & Record<'amount_off' | 'min_order' | 'max_discount' | 'cost', string | number | null>;
const money = (value: string | number | null) => (value === null ? null : Number(value));
const entry = (row: Row): DiscountCodeEntry => ({
  ...row,
  amount_off: money(row.amount_off),
  min_order: money(row.min_order),
  max_discount: money(row.max_discount),
  cost: Number(row.cost),
});

/** The storefront's codes, newest window first. */
export async function listCodes(db: Queryable, now: Date): Promise<DiscountCodeEntry[]> {
  const { rows } = await db.query<Row>(`SELECT ${ENTRY} FROM discount_codes d WHERE d.scope = 'storefront' ORDER BY d.starts_at DESC NULLS LAST, d.code`, [now]);
  return rows.map(entry);
}

export async function findCode(db: Queryable, code: string, now: Date): Promise<DiscountCodeEntry | null> {
  const { rows } = await db.query<Row>(`SELECT ${ENTRY} FROM discount_codes d WHERE d.scope = 'storefront' AND d.code = $2`, [now, code]);
  return rows[0] ? entry(rows[0]) : null;
}

export interface NewCode {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerShopper: number | null;
  firstOrderOnly: boolean;
  minOrderCents: number | null;
  maxDiscountCents: number | null;
}

/** Inserts a code; false when the code exists already (in any scope: codes are one namespace). */
export async function insertCode(tx: Queryable, code: NewCode): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO discount_codes (code, scope, percent_off, amount_off_cents, starts_at, ends_at, max_uses, max_uses_per_shopper, first_order_only, min_order_cents, max_discount_cents)
     VALUES ($1, 'storefront', $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (code) DO NOTHING RETURNING code`,
    [code.code, code.percentOff, code.amountOffCents, code.startsAt, code.endsAt, code.maxUses, code.maxUsesPerShopper, code.firstOrderOnly, code.minOrderCents, code.maxDiscountCents],
  );
  return rows.length > 0;
}

/** Pauses or resumes a code; false when it does not exist or was already so. */
export async function setActive(tx: Queryable, code: string, active: boolean): Promise<boolean> {
  const { rows } = await tx.query(`UPDATE discount_codes SET active = $2 WHERE code = $1 AND scope = 'storefront' AND active <> $2 RETURNING code`, [code, active]);
  return rows.length > 0;
}

/** Ends a code now (a code that has not started ends before its start, so the window stays valid). */
export async function endCode(tx: Queryable, code: string, now: Date): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE discount_codes SET ends_at = $2, starts_at = CASE WHEN starts_at IS NOT NULL AND starts_at >= $2 THEN $2 - interval '1 second' ELSE starts_at END
      WHERE code = $1 AND scope = 'storefront' AND (ends_at IS NULL OR ends_at > $2) RETURNING code`,
    [code, now],
  );
  return rows.length > 0;
}

export async function redemptionsOf(db: Queryable, code: string): Promise<DiscountRedemptions['redemptions']> {
  const { rows } = await db.query<DiscountRedemptions['redemptions'][number] & { amount: string | number }>(
    `SELECT r.order_id, o.number, r.shopper_email, r.amount_cents / 100.0 AS amount, ${isoColumn('r.created_at')} AS at
       FROM discount_redemptions r JOIN orders o ON o.id = r.order_id WHERE r.code = $1 ORDER BY r.created_at DESC, r.order_id DESC LIMIT 500`,
    [code],
  );
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}
