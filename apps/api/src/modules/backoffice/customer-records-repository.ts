import type { CustomerDetail, StaffSearchResult } from '@preloved/contract';
import type { Queryable } from '../../db/db';
import { isoColumn } from './sql';

const NAME = `trim(c.first_name || ' ' || c.last_name)`;
const CUSTOMER = `c.id, ${NAME} AS name, c.email, c.verified, c.blocked_at IS NOT NULL AS blocked, ${isoColumn('c.created_at')} AS since`;
const ORDER = `o.id AS order_id, o.number, o.email, o.total_cents / 100.0 AS total, ${isoColumn('o.created_at')} AS placed_at,
  CASE WHEN o.cancelled_at IS NOT NULL THEN 'cancelled' WHEN o.problem_reported_at IS NOT NULL AND o.problem_resolved_at IS NULL THEN 'problem' ELSE o.status END AS status`;
const LISTING = `l.id AS listing_id, l.number, p.title, l.status, l.seller_id, l.price_cents / 100.0 AS price`;

const numbers = <T extends Record<string, unknown>>(rows: T[], keys: (keyof T)[]) => rows.map((row) => ({ ...row, ...Object.fromEntries(keys.map((key) => [key, Number(row[key])])) }));

/**
 * One search box for support: an e-mail or a name (a part of either) finds customers; an order or a
 * tracking number finds the order; a listing id or number (SL-000123) finds the listing. At most 20 of each.
 */
export async function search(db: Queryable, q: string): Promise<StaffSearchResult> {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const customers = await db.query<StaffSearchResult['customers'][number]>(
    `SELECT ${CUSTOMER} FROM customers c WHERE c.email LIKE $1 OR lower(${NAME}) LIKE $1 ORDER BY c.id DESC LIMIT 20`,
    [like],
  );
  const orders = await db.query<StaffSearchResult['orders'][number]>(
    `SELECT ${ORDER} FROM orders o WHERE lower(o.number) = $1
        OR o.id IN (SELECT k.order_id FROM order_packages k WHERE lower(k.tracking_number) = $1)
     ORDER BY o.id DESC LIMIT 20`,
    [q.toLowerCase()],
  );
  const listingId = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const listings = await db.query<StaffSearchResult['listings'][number]>(
    `SELECT ${LISTING} FROM listings l JOIN products p ON p.id = l.product_id WHERE l.id = $1 OR lower(l.number) = $2 ORDER BY l.id LIMIT 20`,
    [listingId, q.toLowerCase()],
  );
  return { customers: customers.rows, orders: numbers(orders.rows, ['total']), listings: numbers(listings.rows, ['price']) };
}

/** A customer's page, without the wallet (the wallet's own balance fills it). */
export async function customerRecord(db: Queryable, customerId: number): Promise<Omit<CustomerDetail, 'wallet'> & { frozen: boolean } | null> {
  const { rows } = await db.query<StaffSearchResult['customers'][number] & { language: string; blocked_at: string | null; blocked_reason: string | null; frozen: boolean }>(
    `SELECT ${CUSTOMER}, c.language, ${isoColumn('c.blocked_at')} AS blocked_at, c.blocked_reason,
            coalesce((SELECT p.frozen_at IS NOT NULL FROM payout_preferences p WHERE p.customer_id = c.id), false) AS frozen
       FROM customers c WHERE c.id = $1`,
    [customerId],
  );
  const customer = rows[0];
  if (!customer) return null;
  const orders = await db.query<StaffSearchResult['orders'][number]>(`SELECT ${ORDER} FROM orders o WHERE o.customer_id = $1 ORDER BY o.id DESC LIMIT 20`, [customerId]);
  const sales = await db.query<CustomerDetail['sales'][number]>(
    `SELECT o.id AS order_id, o.number, (SELECT count(*)::int FROM order_lines l WHERE l.package_id = k.id) AS pieces, ${isoColumn('k.shipped_at')} AS shipped_at, ${isoColumn('o.created_at')} AS placed_at
       FROM order_packages k JOIN orders o ON o.id = k.order_id WHERE k.seller_id = $1 ORDER BY k.id DESC LIMIT 20`,
    [customerId],
  );
  const listings = await db.query<StaffSearchResult['listings'][number]>(
    `SELECT ${LISTING} FROM listings l JOIN products p ON p.id = l.product_id WHERE l.seller_id = $1 ORDER BY l.id DESC LIMIT 20`,
    [customerId],
  );
  const offers = await db.query<{ made: number; received: number }>(
    `SELECT (SELECT count(*)::int FROM offers WHERE buyer_id = $1) AS made, (SELECT count(*)::int FROM offers WHERE seller_id = $1) AS received`,
    [customerId],
  );
  const signIns = await db.query<{ at: string; live: boolean }>(
    `SELECT ${isoColumn('created_at')} AS at, revoked_at IS NULL AND expires_at > now() AS live FROM sessions WHERE customer_id = $1 ORDER BY id DESC LIMIT 20`,
    [customerId],
  );
  return {
    ...customer,
    orders: numbers(orders.rows, ['total']),
    sales: sales.rows,
    listings: numbers(listings.rows, ['price']),
    offers: offers.rows[0]!,
    sign_ins: signIns.rows,
  };
}

/**
 * Blocks a customer in `tx`: no new session (identity's sessions.open refuses), the live ones revoked,
 * the pieces on sale archived, the payouts frozen. Answers the listings archived; null when already blocked.
 */
export async function block(tx: Queryable, customerId: number, reason: string, at: Date): Promise<{ archived: number; sessions: number } | null> {
  const blocked = await tx.query('UPDATE customers SET blocked_at = $2, blocked_reason = $3 WHERE id = $1 AND blocked_at IS NULL RETURNING id', [customerId, at, reason]);
  if (blocked.rows.length === 0) return null;
  const sessions = await tx.query('UPDATE sessions SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL RETURNING id', [customerId]);
  const archived = await tx.query(`UPDATE listings SET status = 'archived', archived_at = $2, updated_at = $2 WHERE seller_id = $1 AND status IN ('active', 'in_review', 'changes_requested') RETURNING id`, [customerId, at]);
  // A customer who never chose a payout method has nothing to freeze (and cannot sign in to choose one).
  await tx.query('UPDATE payout_preferences SET frozen_at = coalesce(frozen_at, now()), updated_at = now() WHERE customer_id = $1', [customerId]);
  return { archived: archived.rows.length, sessions: sessions.rows.length };
}

/** Lets a customer sign in again. Their pieces stay archived (they reactivate them) and payouts frozen until they prove who they are. */
export async function unblock(tx: Queryable, customerId: number): Promise<boolean> {
  const { rows } = await tx.query('UPDATE customers SET blocked_at = NULL, blocked_reason = NULL WHERE id = $1 AND blocked_at IS NOT NULL RETURNING id', [customerId]);
  return rows.length > 0;
}
