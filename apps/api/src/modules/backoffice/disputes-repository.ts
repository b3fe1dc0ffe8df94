import { DISPUTE_ANSWER_HOURS, type DisputeDetail, type DisputeEntry, type DisputeQuery } from '@preloved/contract';
import type { Queryable } from '../../db/db';
import { isoColumn } from './sql';

export const DISPUTE_PAGE_SIZE = 50;

const ENTRY = `o.id AS order_id, o.number, ${isoColumn('o.problem_reported_at')} AS reported_at,
  ${isoColumn(`o.problem_reported_at + make_interval(hours => ${DISPUTE_ANSWER_HOURS})`)} AS answer_by,
  coalesce(o.problem_description, '') AS description, o.email AS buyer_email,
  array(SELECT trim(s.first_name || ' ' || s.last_name) FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.order_id = o.id ORDER BY k.id) AS sellers,
  o.total_cents / 100.0 AS total, o.problem_resolution AS resolution, ${isoColumn('o.problem_resolved_at')} AS resolved_at`;

/**
 * The buyers' claims: open ones oldest first (the longest wait on top), resolved ones newest first.
 * Both read the partial indexes of migration 050.
 */
export async function disputeQueue(db: Queryable, query: DisputeQuery): Promise<{ disputes: DisputeEntry[]; total: number }> {
  const open = query.state === 'open';
  const where = open ? 'o.problem_reported_at IS NOT NULL AND o.problem_resolved_at IS NULL' : 'o.problem_resolved_at IS NOT NULL';
  const order = open ? 'o.problem_reported_at, o.id' : 'o.problem_resolved_at DESC, o.id DESC';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE ${where}`);
  const { rows } = await db.query<DisputeEntry & { total: string | number }>(`SELECT ${ENTRY} FROM orders o WHERE ${where} ORDER BY ${order} LIMIT $1 OFFSET $2`, [
    DISPUTE_PAGE_SIZE,
    (query.page - 1) * DISPUTE_PAGE_SIZE,
  ]);
  return { disputes: rows.map((row) => ({ ...row, total: Number(row.total) })), total: total.rows[0]!.n };
}

/** One claim with what a decision needs: the pieces, each seller's package and its tracking. */
export async function disputeDetail(db: Queryable, orderId: number): Promise<Omit<DisputeDetail, 'refund_needs_code'> | null> {
  const { rows } = await db.query<DisputeEntry & { total: string | number; placed_at: string; delivered_at: string | null }>(
    `SELECT ${ENTRY}, ${isoColumn('o.created_at')} AS placed_at, ${isoColumn('o.delivered_at')} AS delivered_at FROM orders o WHERE o.id = $1 AND o.problem_reported_at IS NOT NULL`,
    [orderId],
  );
  const order = rows[0];
  if (!order) return null;
  const pieces = await db.query<DisputeDetail['pieces'][number] & { price: string | number }>(
    'SELECT listing_id, title, photo, colour, size, price_cents / 100.0 AS price FROM order_lines WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  const packages = await db.query<DisputeDetail['packages'][number]>(
    `SELECT trim(s.first_name || ' ' || s.last_name) AS seller_name, s.email AS seller_email, to_char(k.ship_by, 'YYYY-MM-DD') AS ship_by,
            ${isoColumn('k.shipped_at')} AS shipped_at, k.carrier, k.tracking_number, k.tracking_url, ${isoColumn('k.carrier_delivered_at')} AS carrier_delivered_at
       FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.order_id = $1 ORDER BY k.id`,
    [orderId],
  );
  return { ...order, total: Number(order.total), pieces: pieces.rows.map((piece) => ({ ...piece, price: Number(piece.price) })), packages: packages.rows };
}
