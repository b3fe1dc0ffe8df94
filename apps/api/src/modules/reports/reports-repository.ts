import type { ContestEntry, ContestView, ReportAction, ReportCase, ReportReason, ReportTarget } from '@preloved/contract';
import type { Queryable } from '../../db/db';
import { isoColumn } from '../backoffice/sql';

/** A report's reference as its reporter reads it in the acknowledgement. */
export const reportReference = (id: number) => `R-${String(id).padStart(6, '0')}`;

const SELLER_NAME = `trim(s.first_name || ' ' || s.last_name)`;

export interface ReportedTarget {
  listing_id: number | null;
  seller_id: number;
  message_id: number | null;
}

/**
 * The person a report is about, and the listing or message when it is one: a listing shoppers can see,
 * a seller with one, a text of a thread `reporterId` is a party of and did not write (anyone else is
 * told there is no such message, as the thread's own routes do).
 */
export async function reportTarget(db: Queryable, target: ReportTarget, id: number, reporterId: number | null): Promise<ReportedTarget | null> {
  const { rows } =
    target === 'listing'
      ? await db.query<ReportedTarget>(`SELECT id AS listing_id, seller_id, NULL::int AS message_id FROM listings WHERE id = $1 AND status IN ('active', 'sold')`, [id])
      : target === 'seller'
        ? await db.query<ReportedTarget>(
            `SELECT NULL::int AS listing_id, id AS seller_id, NULL::int AS message_id FROM customers WHERE id = $1 AND EXISTS (SELECT 1 FROM listings WHERE seller_id = $1)`,
            [id],
          )
        : await db.query<ReportedTarget>(
            `SELECT NULL::int AS listing_id, m.sender_id AS seller_id, m.id AS message_id FROM thread_messages m JOIN threads t ON t.id = m.thread_id
              WHERE m.id = $1 AND m.kind = 'text' AND m.sender_id <> $2 AND $2 IN (t.buyer_id, t.seller_id)`,
            [id, reporterId ?? 0],
          );
  return rows[0] ?? null;
}

export async function insertReport(
  tx: Queryable,
  report: ReportedTarget & { target: ReportTarget; reason: ReportReason; text: string; email: string | null; reporter_id: number | null; language: string; at: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO content_reports (target, listing_id, seller_id, message_id, reason, text, reporter_email, reporter_id, reporter_language, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [report.target, report.listing_id, report.seller_id, report.message_id, report.reason, report.text, report.email, report.reporter_id, report.language, report.at],
  );
  return rows[0]!.id;
}

/** A reported message as the moderator reads it: as written, its thread's piece, its writer and the other party. */
const MESSAGE_CASE = `CASE WHEN r.message_id IS NULL THEN NULL ELSE (
  SELECT json_build_object('id', m.id, 'thread_id', t.id, 'text', m.body, 'at', ${isoColumn('m.created_at')}, 'removed', m.removed_at IS NOT NULL,
    'photos', ARRAY(SELECT '/api/photos/' || f.name || '.webp' FROM thread_message_photos f WHERE f.message_id = m.id ORDER BY f.position),
    'piece', json_build_object('number', tl.number, 'title', tp.title),
    'writer', json_build_object('id', w.id, 'name', trim(w.first_name || ' ' || w.last_name)),
    'reader', json_build_object('id', o.id, 'name', trim(o.first_name || ' ' || o.last_name)))
  FROM thread_messages m JOIN threads t ON t.id = m.thread_id JOIN listings tl ON tl.id = t.listing_id JOIN products tp ON tp.id = tl.product_id
  JOIN customers w ON w.id = m.sender_id JOIN customers o ON o.id = CASE WHEN t.buyer_id = m.sender_id THEN t.seller_id ELSE t.buyer_id END
  WHERE m.id = r.message_id) END`;

/** The open reports, one case per listing, seller or message, the oldest first. */
export async function openCases(db: Queryable): Promise<ReportCase[]> {
  const { rows } = await db.query<ReportCase>(
    `SELECT r.target, coalesce(r.message_id, r.listing_id, r.seller_id) AS id,
            CASE WHEN r.listing_id IS NULL THEN NULL ELSE json_build_object('number', l.number, 'title', p.title, 'status', l.status) END AS listing,
            json_build_object('id', s.id, 'name', ${SELLER_NAME}, 'restricted', s.restricted_at IS NOT NULL) AS seller,
            ${MESSAGE_CASE} AS message,
            count(*)::int AS count, ${isoColumn('min(r.created_at)')} AS first_at,
            json_agg(json_build_object('reference', 'R-' || lpad(r.id::text, 6, '0'), 'reason', r.reason, 'text', r.text, 'at', ${isoColumn('r.created_at')}) ORDER BY r.created_at, r.id) AS reports
       FROM content_reports r JOIN customers s ON s.id = r.seller_id
       LEFT JOIN listings l ON l.id = r.listing_id LEFT JOIN products p ON p.id = l.product_id
      WHERE r.decision_id IS NULL
      GROUP BY r.target, r.listing_id, r.message_id, r.seller_id, l.number, p.title, l.status, s.id
      ORDER BY min(r.created_at) LIMIT 200`,
  );
  return rows;
}

export interface Decided {
  id: number;
  seller_id: number;
  listing_id: number | null;
}

/** Locks the open reports on a listing, seller or message; their seller, listing and message, or null when none is open. */
export async function lockOpenReports(tx: Queryable, target: ReportTarget, id: number): Promise<(ReportedTarget & { ids: number[] }) | null> {
  const column = { listing: 'listing_id', seller: 'seller_id', message: 'message_id' }[target];
  const { rows } = await tx.query<ReportedTarget & { id: number }>(
    `SELECT id, seller_id, listing_id, message_id FROM content_reports WHERE target = $1 AND ${column} = $2 AND decision_id IS NULL ORDER BY id FOR UPDATE`,
    [target, id],
  );
  if (!rows.length) return null;
  return { seller_id: rows[0]!.seller_id, listing_id: rows[0]!.listing_id, message_id: rows[0]!.message_id, ids: rows.map((row) => row.id) };
}

/**
 * What the action changes: a removed listing is rejected, a hidden one sent back for changes (the
 * seller may fix it and it is reviewed again), a restricted seller's pieces on sale are sent back for
 * changes too. Each changed listing with its status before, for a reversal.
 */
export async function applyAction(tx: Queryable, action: ReportAction, target: ReportedTarget, moderation: { reason: string | null; note: string; at: Date }) {
  if (action === 'dismiss') return [];
  // A removed message stays in its thread as "removed": its parties read neither its text nor its photos.
  if (target.message_id !== null) {
    await tx.query('UPDATE thread_messages SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL', [target.message_id, moderation.at]);
    return [];
  }
  if (action === 'restrict') await tx.query('UPDATE customers SET restricted_at = $2 WHERE id = $1', [target.seller_id, moderation.at]);
  const status = action === 'remove' ? 'rejected' : 'changes_requested';
  const { rows } = await tx.query<{ id: number; status: string }>(
    `WITH before AS (SELECT id, status FROM listings WHERE ${action === 'restrict' ? 'seller_id' : 'id'} = $1 AND status IN ('active', 'in_review') FOR UPDATE)
     UPDATE listings l SET status = $2, moderation_reason = $3, moderation_note = nullif($4, ''), moderated_at = $5, updated_at = $5
       FROM before WHERE l.id = before.id RETURNING l.id, before.status`,
    [action === 'restrict' ? target.seller_id : target.listing_id, status, moderation.reason, moderation.note, moderation.at],
  );
  return rows;
}

export async function insertDecision(
  tx: Queryable,
  decision: ReportedTarget & { target: ReportTarget; action: ReportAction; reason: string | null; note: string; changed: unknown[]; by: number; at: Date; tokenHash: string | null },
  reportIds: number[],
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO content_decisions (target, listing_id, seller_id, message_id, action, reason, note, changed, decided_by, decided_at, contest_token_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11) RETURNING id`,
    [
      decision.target,
      decision.listing_id,
      decision.seller_id,
      decision.message_id,
      decision.action,
      decision.reason,
      decision.note,
      JSON.stringify(decision.changed),
      decision.by,
      decision.at,
      decision.tokenHash,
    ],
  );
  await tx.query('UPDATE content_reports SET decision_id = $1 WHERE id = ANY($2::int[])', [rows[0]!.id, reportIds]);
  return rows[0]!.id;
}

export interface Party {
  email: string;
  name: string;
  language: string | null;
  time_zone: string | null;
}

export async function sellerOf(db: Queryable, sellerId: number): Promise<Party> {
  const { rows } = await db.query<Party>(`SELECT s.email, s.first_name AS name, s.language, s.time_zone FROM customers s WHERE s.id = $1`, [sellerId]);
  return rows[0]!;
}

/** The piece a message's thread is about (what the writer's statement of reasons names). */
export async function messagePieceOf(db: Queryable, messageId: number | null): Promise<{ number: string; title: string } | null> {
  if (messageId === null) return null;
  const { rows } = await db.query<{ number: string; title: string }>(
    'SELECT l.number, p.title FROM thread_messages m JOIN threads t ON t.id = m.thread_id JOIN listings l ON l.id = t.listing_id JOIN products p ON p.id = l.product_id WHERE m.id = $1',
    [messageId],
  );
  return rows[0] ?? null;
}

export async function listingOf(db: Queryable, listingId: number | null): Promise<{ number: string; title: string } | null> {
  if (listingId === null) return null;
  const { rows } = await db.query<{ number: string; title: string }>('SELECT l.number, p.title FROM listings l JOIN products p ON p.id = l.product_id WHERE l.id = $1', [listingId]);
  return rows[0] ?? null;
}

/** The reporters of a decision's reports who left an e-mail, one mail each. */
export async function reportersOf(db: Queryable, decisionId: number): Promise<{ id: number; email: string; language: string }[]> {
  const { rows } = await db.query<{ id: number; email: string; language: string }>(
    `SELECT DISTINCT ON (lower(reporter_email)) id, reporter_email AS email, reporter_language AS language FROM content_reports
      WHERE decision_id = $1 AND reporter_email IS NOT NULL ORDER BY lower(reporter_email), id`,
    [decisionId],
  );
  return rows;
}

const VIEW = `d.action, d.reason, d.note, ${isoColumn('d.decided_at')} AS decided_at,
  CASE WHEN d.listing_id IS NULL THEN NULL ELSE (SELECT json_build_object('number', l.number, 'title', p.title) FROM listings l JOIN products p ON p.id = l.product_id WHERE l.id = d.listing_id) END AS listing,
  CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('text', c.text, 'at', ${isoColumn('c.created_at')}, 'outcome', c.outcome, 'answer', c.answer) END AS contest`;

/** The decision a contest link names (only a decision against the seller has one). */
export async function decisionByToken(db: Queryable, tokenHash: string): Promise<(ContestView & { id: number }) | null> {
  const { rows } = await db.query<ContestView & { id: number }>(
    `SELECT d.id, ${VIEW} FROM content_decisions d LEFT JOIN content_contests c ON c.decision_id = d.id WHERE d.contest_token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** Records the seller's contest, once per decision; false when one was made already. */
export async function insertContest(tx: Queryable, decisionId: number, text: string, at: Date): Promise<boolean> {
  const { rows } = await tx.query('INSERT INTO content_contests (decision_id, text, created_at) VALUES ($1, $2, $3) ON CONFLICT (decision_id) DO NOTHING RETURNING id', [decisionId, text, at]);
  return rows.length > 0;
}

export async function openContests(db: Queryable): Promise<ContestEntry[]> {
  const { rows } = await db.query<ContestEntry>(
    `SELECT c.id, d.target, d.action, d.reason, d.note, json_build_object('id', s.id, 'name', ${SELLER_NAME}) AS seller,
            CASE WHEN d.listing_id IS NULL THEN NULL ELSE (SELECT json_build_object('number', l.number, 'title', p.title) FROM listings l JOIN products p ON p.id = l.product_id WHERE l.id = d.listing_id) END AS listing,
            c.text, ${isoColumn('c.created_at')} AS at
       FROM content_contests c JOIN content_decisions d ON d.id = c.decision_id JOIN customers s ON s.id = d.seller_id
      WHERE c.outcome IS NULL ORDER BY c.created_at, c.id LIMIT 200`,
  );
  return rows;
}

export interface ContestedDecision {
  decision_id: number;
  action: ReportAction;
  reason: string | null;
  seller_id: number;
  listing_id: number | null;
  message_id: number | null;
  changed: { id: number; status: string }[];
}

/** Answers an open contest (locked, once); the decision it contests, or null when there is none open. */
export async function answerContest(tx: Queryable, contestId: number, answer: { outcome: string; note: string; by: number; at: Date }): Promise<ContestedDecision | null> {
  const { rows } = await tx.query<ContestedDecision>(
    `UPDATE content_contests c SET outcome = $2, answer = $3, answered_by = $4, answered_at = $5 FROM content_decisions d
      WHERE c.id = $1 AND c.outcome IS NULL AND d.id = c.decision_id
  RETURNING d.id AS decision_id, d.action, d.reason, d.seller_id, d.listing_id, d.message_id, d.changed`,
    [contestId, answer.outcome, answer.note, answer.by, answer.at],
  );
  return rows[0] ?? null;
}

/** Undoes a decision: its listings back to their status before (only those still as it left them), the restriction lifted. */
export async function reverseDecision(tx: Queryable, decision: ContestedDecision, at: Date): Promise<void> {
  const status = decision.action === 'remove' ? 'rejected' : 'changes_requested';
  for (const listing of decision.changed) {
    await tx.query(
      `UPDATE listings SET status = $2, moderation_reason = NULL, moderation_note = NULL, moderated_at = $4, updated_at = $4 WHERE id = $1 AND status = $3`,
      [listing.id, listing.status, status, at],
    );
  }
  if (decision.action === 'restrict') await tx.query('UPDATE customers SET restricted_at = NULL WHERE id = $1', [decision.seller_id]);
  if (decision.message_id !== null) await tx.query('UPDATE thread_messages SET removed_at = NULL WHERE id = $1', [decision.message_id]);
  await tx.query('UPDATE content_decisions SET reversed_at = $2 WHERE id = $1', [decision.decision_id, at]);
}

/** Whether the seller's selling is restricted by a moderation decision (selling refuses new listings). */
export async function sellerRestricted(db: Queryable, sellerId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM customers WHERE id = $1 AND restricted_at IS NOT NULL', [sellerId]);
  return rows.length > 0;
}
