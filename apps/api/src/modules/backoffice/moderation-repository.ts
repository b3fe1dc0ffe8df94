import type { ModerationEntry } from '@preloved/contract';
import type { Queryable } from '../../db/db';
import { isoColumn } from './sql';

const ENTRY = `l.id AS listing_id, l.number, p.title, l.photos, l.comment, cn.option AS condition, co.name AS colour, l.size,
  l.price_cents / 100.0 AS price, p.original_price_cents / 100.0 AS original_price, ${isoColumn('l.created_at')} AS submitted_at,
  json_build_object(
    'id', s.id, 'name', trim(s.first_name || ' ' || s.last_name), 'email', s.email, 'verified', s.verified, 'since', ${isoColumn('s.created_at')},
    'listings', (SELECT count(*)::int FROM listings o WHERE o.seller_id = s.id),
    'sales', (SELECT count(*)::int FROM order_packages k WHERE k.seller_id = s.id),
    'rejected', (SELECT count(*)::int FROM listings o WHERE o.seller_id = s.id AND o.status = 'rejected')
  ) AS seller`;
const FROM = `listings l JOIN products p ON p.id = l.product_id JOIN conditions cn ON cn.id = l.condition_id
  JOIN colours co ON co.id = l.colour_id JOIN customers s ON s.id = l.seller_id`;

type Row = Omit<ModerationEntry, 'price' | 'original_price'> & { price: string | number; original_price: string | number | null };
const entry = (row: Row): ModerationEntry => ({ ...row, price: Number(row.price), original_price: row.original_price === null ? null : Number(row.original_price) });

/** Listings waiting for a moderator, the longest wait first. */
export async function reviewQueue(db: Queryable): Promise<ModerationEntry[]> {
  const { rows } = await db.query<Row>(`SELECT ${ENTRY} FROM ${FROM} WHERE l.status = 'in_review' ORDER BY l.created_at, l.id LIMIT 200`);
  return rows.map(entry);
}

export async function reviewEntry(db: Queryable, listingId: number): Promise<ModerationEntry | null> {
  const { rows } = await db.query<Row>(`SELECT ${ENTRY} FROM ${FROM} WHERE l.id = $1`, [listingId]);
  return rows[0] ? entry(rows[0]) : null;
}

export interface ReviewedListing {
  number: string;
  title: string;
  seller_email: string;
  seller_name: string;
  language: string | null;
  time_zone: string | null;
}

/**
 * The decision on a listing in review, once (only a listing still in_review is changed): approved
 * goes live, rejected or sent back for changes keeps the reason and the note for the seller.
 */
export async function decide(
  tx: Queryable,
  listingId: number,
  status: 'active' | 'rejected' | 'changes_requested',
  moderation: { reason: string | null; note: string; by: number; at: Date },
): Promise<ReviewedListing | null> {
  const { rows } = await tx.query<ReviewedListing>(
    `UPDATE listings l SET status = $2, moderation_reason = $3, moderation_note = nullif($4, ''), moderated_by = $5, moderated_at = $6, updated_at = $6,
            -- Approved, its price schedule starts now, as a reactivated listing's does (selling).
            price_anchor_at = CASE WHEN $2 = 'active' THEN $6 ELSE l.price_anchor_at END,
            next_price_drop_at = CASE WHEN $2 = 'active' THEN listing_next_drop_at(l.price_cents, l.min_price_cents, l.smart_pricing, $6, $6) ELSE l.next_price_drop_at END
       FROM customers s, products p
      WHERE l.id = $1 AND l.status = 'in_review' AND s.id = l.seller_id AND p.id = l.product_id
  RETURNING l.number, p.title, s.email AS seller_email, trim(s.first_name || ' ' || s.last_name) AS seller_name, s.language, s.time_zone`,
    [listingId, status, moderation.reason, moderation.note, moderation.by, moderation.at],
  );
  return rows[0] ?? null;
}
