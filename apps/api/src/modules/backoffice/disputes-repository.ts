import {
  DISPUTE_ANSWER_HOURS,
  type DisputeDetail,
  type DisputeEntry,
  type DisputeQuery,
} from '@preloved/contract';
import type { Queryable } from '../../db/db';
import { isoColumn } from './sql';

export const DISPUTE_PAGE_SIZE = 50;

const SELLERS = `array(SELECT trim(s.first_name || ' ' || s.last_name) FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.order_id = o.id ORDER BY k.id) AS sellers`;

// A claim and a chargeback as one row of the queue: when it began, when its answer is due, how it ended.
const CLAIM = `SELECT 'claim' AS kind, o.id AS order_id, o.number, o.problem_reported_at AS began,
  ${isoColumn('o.problem_reported_at')} AS reported_at, ${isoColumn(`o.problem_reported_at + make_interval(hours => ${DISPUTE_ANSWER_HOURS})`)} AS answer_by,
  coalesce(o.problem_description, '') AS description, NULL AS reason, o.email AS buyer_email, ${SELLERS},
  o.total_cents, o.total_cents AS amount_cents, o.problem_resolution AS resolution, o.problem_resolved_at AS ended, ${isoColumn('o.problem_resolved_at')} AS resolved_at
  FROM orders o`;
const CHARGEBACK = `SELECT 'chargeback' AS kind, o.id AS order_id, o.number, o.dispute_opened_at AS began,
  ${isoColumn('o.dispute_opened_at')} AS reported_at, ${isoColumn('o.dispute_evidence_due_by')} AS answer_by,
  '' AS description, o.dispute_reason AS reason, o.email AS buyer_email, ${SELLERS},
  o.total_cents, coalesce(o.dispute_amount_cents, o.total_cents) AS amount_cents, nullif(o.dispute_status, 'open') AS resolution, o.dispute_closed_at AS ended, ${isoColumn('o.dispute_closed_at')} AS resolved_at
  FROM orders o`;

type EntryRow = Omit<DisputeEntry, 'total' | 'amount'> & {
  total_cents: number;
  amount_cents: number;
};
const entry = ({ total_cents, amount_cents, ...row }: EntryRow): DisputeEntry => ({
  ...row,
  total: total_cents / 100,
  amount: amount_cents / 100,
});

/**
 * The queue: the buyers' claims and the provider's disputes, open ones oldest first (the longest wait
 * on top), ended ones newest first. Each part reads its partial index (migrations 050 and 056).
 */
export async function disputeQueue(
  db: Queryable,
  query: DisputeQuery,
): Promise<{ disputes: DisputeEntry[]; total: number }> {
  const open = query.state === 'open';
  const parts = [
    ...(query.kind !== 'chargeback'
      ? [
          `${CLAIM} WHERE ${open ? 'o.problem_reported_at IS NOT NULL AND o.problem_resolved_at IS NULL' : 'o.problem_resolved_at IS NOT NULL'}`,
        ]
      : []),
    ...(query.kind !== 'claim'
      ? [
          `${CHARGEBACK} WHERE ${open ? "o.dispute_status = 'open'" : 'o.dispute_closed_at IS NOT NULL'}`,
        ]
      : []),
  ];
  const union = parts.map((part) => `(${part})`).join(' UNION ALL ');
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${union}) d`);
  const order = open ? 'began, order_id, kind' : 'ended DESC, order_id DESC, kind';
  const { rows } = await db.query<EntryRow & { began: unknown; ended: unknown }>(
    `SELECT * FROM (${union}) d ORDER BY ${order} LIMIT $1 OFFSET $2`,
    [DISPUTE_PAGE_SIZE, (query.page - 1) * DISPUTE_PAGE_SIZE],
  );
  return {
    disputes: rows.map(({ began: _began, ended: _ended, ...row }) => entry(row)),
    total: total.rows[0]!.n,
  };
}

type DetailRow = Pick<
  DisputeDetail,
  'order_id' | 'number' | 'buyer_email' | 'sellers' | 'placed_at' | 'delivered_at'
> & {
  total_cents: number;
  refunded_cents: number;
  claim: DisputeDetail['claim'];
  chargeback:
    | (Omit<NonNullable<DisputeDetail['chargeback']>, 'amount' | 'provider_url'> & {
        amount_cents: number;
      })
    | null;
};

/** One order with a claim or a chargeback, with what a decision needs: the pieces, each seller's package and its tracking. */
export async function disputeDetail(
  db: Queryable,
  orderId: number,
): Promise<
  | (Omit<DisputeDetail, 'refund_needs_code' | 'step_up_above' | 'chargeback'> & {
      chargeback: DetailRow['chargeback'];
    })
  | null
> {
  const { rows } = await db.query<DetailRow>(
    `SELECT o.id AS order_id, o.number, o.email AS buyer_email, ${SELLERS}, o.total_cents,
       (SELECT coalesce(sum(r.amount_cents), 0)::int FROM payment_refunds r WHERE r.order_id = o.id) AS refunded_cents,
       ${isoColumn('o.created_at')} AS placed_at, ${isoColumn('o.delivered_at')} AS delivered_at,
       CASE WHEN o.problem_reported_at IS NULL THEN NULL ELSE json_build_object(
         'reported_at', ${isoColumn('o.problem_reported_at')}, 'answer_by', ${isoColumn(`o.problem_reported_at + make_interval(hours => ${DISPUTE_ANSWER_HOURS})`)},
         'description', coalesce(o.problem_description, ''), 'resolution', o.problem_resolution, 'resolved_at', ${isoColumn('o.problem_resolved_at')}) END AS claim,
       CASE WHEN o.dispute_id IS NULL THEN NULL ELSE json_build_object(
         'id', o.dispute_id, 'status', o.dispute_status, 'reason', o.dispute_reason, 'amount_cents', coalesce(o.dispute_amount_cents, o.total_cents),
         'opened_at', ${isoColumn('o.dispute_opened_at')}, 'evidence_due_by', ${isoColumn('o.dispute_evidence_due_by')}, 'closed_at', ${isoColumn('o.dispute_closed_at')}) END AS chargeback
     FROM orders o WHERE o.id = $1 AND (o.problem_reported_at IS NOT NULL OR o.dispute_id IS NOT NULL)`,
    [orderId],
  );
  const order = rows[0];
  if (!order) return null;
  const pieces = await db.query<DisputeDetail['pieces'][number]>(
    `SELECT l.listing_id, l.title, l.photo, l.colour, l.size, l.price_cents / 100.0 AS price, EXISTS (SELECT 1 FROM payment_refunds r WHERE r.line_id = l.id) AS refunded
       FROM order_lines l WHERE l.order_id = $1 ORDER BY l.id`,
    [orderId],
  );
  const packages = await db.query<DisputeDetail['packages'][number]>(
    `SELECT trim(s.first_name || ' ' || s.last_name) AS seller_name, s.email AS seller_email, to_char(k.ship_by, 'YYYY-MM-DD') AS ship_by,
            ${isoColumn('k.shipped_at')} AS shipped_at, k.carrier, k.tracking_number, k.tracking_url, ${isoColumn('k.carrier_delivered_at')} AS carrier_delivered_at,
            (SELECT json_build_object('id', t.id, 'messages', (SELECT count(*)::int FROM thread_messages m WHERE m.thread_id = t.id)) FROM threads t WHERE t.package_id = k.id) AS thread
       FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.order_id = $1 ORDER BY k.id`,
    [orderId],
  );
  const { total_cents, refunded_cents, ...rest } = order;
  return {
    ...rest,
    total: total_cents / 100,
    refunded: refunded_cents / 100,
    pieces: pieces.rows.map((piece) => ({ ...piece, price: Number(piece.price) })),
    packages: packages.rows,
  };
}
