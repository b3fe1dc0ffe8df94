import { ANSWER_TIME, THREAD_PAGE_SIZE, type StaffThread, type ThreadEventType, type ThreadMessage, type ThreadSummary } from '@preloved/contract';
import { productText, type ContentLanguage } from '../../core/language';
import type { Queryable } from '../../db/db';
import { trackingPage } from '../orders/orders-repository';

/** A thread as its party sees it, the caller's side worked out in SQL ($1: the caller). */
const SUMMARY = (language: ContentLanguage) => `
  t.id, CASE WHEN t.buyer_id = $1 THEN 'buyer' ELSE 'seller' END AS role,
  json_build_object('listing_id', l.id, 'product_id', l.product_id, 'variant_id', l.variant_id, 'title', ${productText('p', 'title', language)},
    'photo', nullif(l.photos[1], ''), 'price', l.price_cents / 100.0, 'status', l.status) AS piece,
  o.first_name AS other_name,
  lm.last_message, coalesce(lm.last_message_photos, 0) AS last_message_photos, coalesce(lm.last_message_removed, false) AS last_message_removed,
  t.last_message_at,
  (SELECT coalesce(max(m.id), 0) FROM thread_messages m WHERE m.thread_id = t.id) AS last_message_id,
  (SELECT count(*)::int FROM thread_messages m WHERE m.thread_id = t.id AND m.sender_id <> $1
     AND m.id > CASE WHEN t.buyer_id = $1 THEN t.buyer_read_id ELSE t.seller_read_id END) AS unread,
  CASE WHEN t.blocked_by IS NULL THEN NULL WHEN t.blocked_by = $1 THEN 'by_me' ELSE 'by_them' END AS blocked
  FROM threads t JOIN listings l ON l.id = t.listing_id JOIN products p ON p.id = l.product_id
  JOIN customers o ON o.id = CASE WHEN t.buyer_id = $1 THEN t.seller_id ELSE t.buyer_id END
  LEFT JOIN LATERAL (SELECT CASE WHEN m.removed_at IS NULL THEN m.body ELSE '' END AS last_message, m.removed_at IS NOT NULL AS last_message_removed,
      CASE WHEN m.removed_at IS NULL THEN (SELECT count(*)::int FROM thread_message_photos ph WHERE ph.message_id = m.id) ELSE 0 END AS last_message_photos
    FROM thread_messages m WHERE m.thread_id = t.id AND m.kind = 'text' ORDER BY m.id DESC LIMIT 1) lm ON true`;

type SummaryRow = Omit<ThreadSummary, 'last_message_at'> & { last_message_at: Date };
const summary = (row: SummaryRow): ThreadSummary => ({ ...row, piece: { ...row.piece, price: Number(row.piece.price) }, last_message_at: row.last_message_at.toISOString() });

/** The piece a buyer asks about: who sells it, and whether it can still be asked about. */
export async function pieceToAsk(db: Queryable, listingId: number): Promise<{ seller_id: number | null; status: string } | null> {
  const { rows } = await db.query<{ seller_id: number | null; status: string }>('SELECT seller_id, status FROM listings WHERE id = $1', [listingId]);
  return rows[0] ?? null;
}

/** The buyer's thread about the piece, made when there is none (once: the pair is unique). */
export async function openThread(db: Queryable, buyerId: number, sellerId: number, listingId: number, now: Date): Promise<{ id: number; created: boolean }> {
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO threads (listing_id, buyer_id, seller_id, created_at, last_message_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (listing_id, buyer_id) DO NOTHING RETURNING id`,
    [listingId, buyerId, sellerId, now],
  );
  if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
  const found = await db.query<{ id: number }>('SELECT id FROM threads WHERE listing_id = $1 AND buyer_id = $2', [listingId, buyerId]);
  return { id: found.rows[0]!.id, created: false };
}

/** The caller's threads, the latest message first. */
export async function threadsOf(db: Queryable, customerId: number, language: ContentLanguage): Promise<ThreadSummary[]> {
  const { rows } = await db.query<SummaryRow>(
    `SELECT ${SUMMARY(language)} WHERE t.buyer_id = $1 OR t.seller_id = $1 ORDER BY t.last_message_at DESC, t.id DESC LIMIT ${THREAD_PAGE_SIZE}`,
    [customerId],
  );
  return rows.map(summary);
}

/** One thread of the caller's; null when the caller is not one of its two parties (or it does not exist). */
export async function threadOf(db: Queryable, customerId: number, threadId: number, language: ContentLanguage): Promise<ThreadSummary | null> {
  const { rows } = await db.query<SummaryRow>(`SELECT ${SUMMARY(language)} WHERE t.id = $2 AND (t.buyer_id = $1 OR t.seller_id = $1)`, [customerId, threadId]);
  return rows[0] ? summary(rows[0]) : null;
}

const MESSAGE_COLUMNS = `m.id, m.thread_id, m.sender_id, m.body, m.masked, m.event, m.data, m.created_at, m.removed_at IS NOT NULL AS removed,
  ARRAY(SELECT p.name FROM thread_message_photos p WHERE p.message_id = m.id ORDER BY p.position) AS photos`;
interface MessageRow {
  id: number;
  thread_id: number;
  sender_id: number | null;
  body: string;
  masked: boolean;
  event: ThreadEventType | null;
  data: { amount_cents?: number; order_id?: number; carrier?: string | null; tracking_number?: string | null; tracking_url?: string | null };
  created_at: Date;
  removed: boolean;
  photos: string[];
}
/** A message photo's URL (the photo store's file, served by GET /api/photos/:file). */
export const messagePhotoUrl = (name: string) => `/api/photos/${name}.webp`;

/**
 * A message as `customerId` reads it (null: as its sender wrote it). One the moderators removed keeps
 * its place in the thread but gives neither its text nor its photos, unless `asWritten` (staff).
 */
export const asRead = (row: MessageRow, customerId: number | null, asWritten = false): ThreadMessage => ({
  id: row.id,
  from: row.sender_id === null ? 'store' : row.sender_id === customerId ? 'me' : 'them',
  text: row.removed && !asWritten ? '' : row.body,
  photos: row.removed && !asWritten ? [] : row.photos.map(messagePhotoUrl),
  removed: row.removed,
  event: row.event
    ? {
        type: row.event,
        amount: row.data.amount_cents === undefined ? null : row.data.amount_cents / 100,
        order_id: row.data.order_id ?? null,
        tracking_number: row.data.tracking_number ?? null,
        // The carrier's own page when the label gave one, else the carrier's tracking page for the number (as the order's page links it).
        tracking_url: trackingPage({ carrier: row.data.carrier ?? null, tracking_number: row.data.tracking_number ?? null, tracking_url: row.data.tracking_url ?? null }),
      }
    : null,
  masked: row.masked,
  created_at: row.created_at.toISOString(),
});

/** A thread's messages after `after` (all of them from 0), oldest first, as the caller reads them. */
export async function messagesOf(db: Queryable, customerId: number, threadId: number, after: number): Promise<ThreadMessage[]> {
  const { rows } = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM thread_messages m WHERE m.thread_id = $1 AND m.id > $2 ORDER BY m.id`, [threadId, after]);
  return rows.map((row) => asRead(row, customerId));
}

/** The messages of all the caller's threads after `after`, oldest first (what a reconnecting stream missed), at most `limit`. */
export async function messagesSince(db: Queryable, customerId: number, after: number, limit: number): Promise<{ thread_id: number; message: ThreadMessage }[]> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM thread_messages m JOIN threads t ON t.id = m.thread_id
     WHERE (t.buyer_id = $1 OR t.seller_id = $1) AND m.id > $2 ORDER BY m.id LIMIT $3`,
    [customerId, after, limit],
  );
  return rows.map((row) => ({ thread_id: row.thread_id, message: asRead(row, customerId) }));
}

/** One message with its thread's parties (what every instance reads once when told of it): `read` gives it as each party reads it. */
export async function messageFor(db: Queryable, id: number): Promise<{ thread_id: number; buyer_id: number; seller_id: number; read: (customerId: number) => ThreadMessage } | null> {
  const { rows } = await db.query<MessageRow & { buyer_id: number; seller_id: number }>(
    `SELECT ${MESSAGE_COLUMNS}, t.buyer_id, t.seller_id FROM thread_messages m JOIN threads t ON t.id = m.thread_id WHERE m.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { thread_id: row.thread_id, buyer_id: row.buyer_id, seller_id: row.seller_id, read: (customerId) => asRead(row, customerId) } : null;
}

/** The thread locked for a new message: its parties and whether it is blocked. */
export async function lockThread(db: Queryable, threadId: number): Promise<{ buyer_id: number; seller_id: number; blocked_by: number | null } | null> {
  const { rows } = await db.query<{ buyer_id: number; seller_id: number; blocked_by: number | null }>('SELECT buyer_id, seller_id, blocked_by FROM threads WHERE id = $1 FOR UPDATE', [threadId]);
  return rows[0] ?? null;
}

/** A text and its photos (the names of their copies in the photo store, in order). */
export async function addMessage(db: Queryable, threadId: number, senderId: number, body: string, masked: boolean, now: Date, photos: string[] = []): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO thread_messages (thread_id, sender_id, body, masked, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [threadId, senderId, body, masked, now],
  );
  const id = rows[0]!.id;
  if (photos.length) {
    await db.query('INSERT INTO thread_message_photos (message_id, position, name) SELECT $1, n.position - 1, n.name FROM unnest($2::text[]) WITH ORDINALITY AS n(name, position)', [
      id,
      photos,
    ]);
  }
  await db.query('UPDATE threads SET last_message_at = $2 WHERE id = $1', [threadId, now]);
  return id;
}

/** Message photos' files to remove (queued by migration 062's trigger, or by a message that failed after copying them), claimed. */
export async function takePhotoRemovals(tx: Queryable, limit: number): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; shown: boolean }>(
    `DELETE FROM thread_photo_removals r WHERE r.name IN (SELECT name FROM thread_photo_removals ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING r.name, EXISTS (SELECT 1 FROM thread_message_photos p WHERE p.name = r.name) AS shown`,
    [limit],
  );
  return rows.filter((row) => !row.shown).map((row) => row.name);
}

export async function queuePhotoRemovals(db: Queryable, names: string[]): Promise<void> {
  if (names.length) await db.query('INSERT INTO thread_photo_removals (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [names]);
}

/** A thread as staff read it, every message as written; null when there is no such thread. */
export async function staffThread(db: Queryable, threadId: number): Promise<StaffThread | null> {
  const { rows } = await db.query<Omit<StaffThread, 'messages' | 'created_at'> & { created_at: Date }>(
    `SELECT t.id, json_build_object('listing_id', l.id, 'number', l.number, 'title', p.title, 'status', l.status) AS piece,
            json_build_object('id', b.id, 'name', trim(b.first_name || ' ' || b.last_name)) AS buyer,
            json_build_object('id', s.id, 'name', trim(s.first_name || ' ' || s.last_name)) AS seller,
            CASE WHEN t.blocked_by IS NULL THEN NULL WHEN t.blocked_by = t.buyer_id THEN 'buyer' ELSE 'seller' END AS blocked_by, t.created_at
       FROM threads t JOIN listings l ON l.id = t.listing_id JOIN products p ON p.id = l.product_id
       JOIN customers b ON b.id = t.buyer_id JOIN customers s ON s.id = t.seller_id
      WHERE t.id = $1`,
    [threadId],
  );
  const thread = rows[0];
  if (!thread) return null;
  const messages = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM thread_messages m WHERE m.thread_id = $1 ORDER BY m.id`, [threadId]);
  return {
    ...thread,
    created_at: thread.created_at.toISOString(),
    messages: messages.rows.map((row) => ({
      ...asRead(row, null, true),
      from: row.sender_id === null ? ('store' as const) : row.sender_id === thread.buyer.id ? ('buyer' as const) : ('seller' as const),
    })),
  };
}

/**
 * Sellers' usual answer times (ANSWER_TIME, the contract says how): each seller's latest answers
 * since `since`, read newest first from thread_answers' index, at most ANSWER_TIME.answers rows a seller.
 */
export async function answerTimes(db: Queryable, sellerIds: number[], since: Date): Promise<Map<number, { minutes: number | null; answers: number }>> {
  const found = new Map<number, { minutes: number | null; answers: number }>(sellerIds.map((id) => [id, { minutes: null, answers: 0 }]));
  if (sellerIds.length === 0) return found;
  const { rows } = await db.query<{ seller_id: number; answers: number; seconds: number }>(
    `SELECT s.id AS seller_id, count(*)::int AS answers, percentile_cont(0.5) WITHIN GROUP (ORDER BY a.seconds) AS seconds
       FROM unnest($1::int[]) AS s(id)
       CROSS JOIN LATERAL (SELECT extract(epoch FROM x.answered_at - x.asked_at) AS seconds FROM thread_answers x
                            WHERE x.seller_id = s.id AND x.answered_at >= $2 ORDER BY x.answered_at DESC LIMIT $3) a
      GROUP BY s.id`,
    [[...new Set(sellerIds)], since, ANSWER_TIME.answers],
  );
  for (const row of rows) {
    // Rounded up: an answer within seconds is "within a minute", never "0 minutes".
    found.set(row.seller_id, { answers: row.answers, minutes: row.answers >= ANSWER_TIME.min_answers ? Math.max(1, Math.ceil(Number(row.seconds) / 60)) : null });
  }
  return found;
}

/** The caller has read the thread up to `lastId` (never backwards, never past its last message). */
export async function markRead(db: Queryable, customerId: number, threadId: number, lastId: number): Promise<void> {
  await db.query(
    `UPDATE threads t SET
       buyer_read_id = CASE WHEN t.buyer_id = $1 THEN greatest(t.buyer_read_id, least($3, m.last)) ELSE t.buyer_read_id END,
       seller_read_id = CASE WHEN t.seller_id = $1 THEN greatest(t.seller_read_id, least($3, m.last)) ELSE t.seller_read_id END
     FROM (SELECT coalesce(max(id), 0) AS last FROM thread_messages WHERE thread_id = $2) m
     WHERE t.id = $2 AND (t.buyer_id = $1 OR t.seller_id = $1)`,
    [customerId, threadId, lastId],
  );
}

/** Messages from the other party not read yet, in all the caller's threads. */
export async function unreadOf(db: Queryable, customerId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM threads t JOIN thread_messages m ON m.thread_id = t.id
     WHERE (t.buyer_id = $1 OR t.seller_id = $1) AND m.sender_id <> $1
       AND m.id > CASE WHEN t.buyer_id = $1 THEN t.buyer_read_id ELSE t.seller_read_id END`,
    [customerId],
  );
  return rows[0]!.n;
}

/** Blocks the thread by the caller (once), or unblocks it when the caller blocked it: false when nothing changed. */
export async function setBlocked(db: Queryable, customerId: number, threadId: number, blocked: boolean, now: Date): Promise<boolean> {
  const { rows } = blocked
    ? await db.query('UPDATE threads SET blocked_by = $1, blocked_at = $3 WHERE id = $2 AND (buyer_id = $1 OR seller_id = $1) AND blocked_by IS NULL RETURNING id', [customerId, threadId, now])
    : await db.query('UPDATE threads SET blocked_by = NULL, blocked_at = NULL WHERE id = $2 AND blocked_by = $1 RETURNING id', [customerId, threadId]);
  return rows.length > 0;
}

/**
 * The digests due: each party's messages from the other still unread `minutes` after they were
 * written and not mailed yet, a thread and a reader each; claimed (the mailed mark moved) in `tx`, so
 * two instances never mail one twice. A reader who turned the mails off is claimed too, and not mailed.
 */
export async function takeDigests(tx: Queryable, now: Date, minutes: number): Promise<{ thread_id: number; reader_id: number; up_to: number }[]> {
  const { rows } = await tx.query<{ thread_id: number; reader_id: number; up_to: number; mails: boolean }>(
    `WITH due AS (
       SELECT t.id AS thread_id, p.reader_id, p.side, max(m.id) AS up_to
       FROM threads t
       CROSS JOIN LATERAL (VALUES (t.buyer_id, t.seller_id, 'buyer', greatest(t.buyer_read_id, t.buyer_mailed_id)),
                                  (t.seller_id, t.buyer_id, 'seller', greatest(t.seller_read_id, t.seller_mailed_id))) AS p(reader_id, writer_id, side, seen)
       JOIN thread_messages m ON m.thread_id = t.id AND m.kind = 'text' AND m.sender_id = p.writer_id AND m.id > p.seen
       WHERE m.created_at <= $1::timestamptz - make_interval(mins => $2)
       GROUP BY t.id, p.reader_id, p.side
     ), claimed AS (
       UPDATE threads t SET buyer_mailed_id = CASE WHEN d.side = 'buyer' THEN d.up_to ELSE t.buyer_mailed_id END,
                            seller_mailed_id = CASE WHEN d.side = 'seller' THEN d.up_to ELSE t.seller_mailed_id END
       FROM due d WHERE t.id = d.thread_id
       RETURNING d.thread_id, d.reader_id, d.up_to
     )
     SELECT c.thread_id, c.reader_id, c.up_to, r.message_mails AS mails FROM claimed c JOIN customers r ON r.id = c.reader_id`,
    [now, minutes],
  );
  return rows.filter((row) => row.mails).map(({ mails: _mails, ...row }) => row);
}

/** What a digest says: the thread's piece, who wrote, and the reader's messages still unread up to `upTo`. */
export async function digestOf(db: Queryable, threadId: number, readerId: number, upTo: number, language: ContentLanguage) {
  const thread = await threadOf(db, readerId, threadId, language);
  if (!thread) return null;
  const { rows } = await db.query<{ body: string; masked: boolean; photos: number }>(
    `SELECT m.body, m.masked, (SELECT count(*)::int FROM thread_message_photos ph WHERE ph.message_id = m.id) AS photos
     FROM thread_messages m JOIN threads t ON t.id = m.thread_id
     WHERE m.thread_id = $1 AND m.kind = 'text' AND m.sender_id <> $2 AND m.id <= $3 AND m.removed_at IS NULL
       AND m.id > CASE WHEN t.buyer_id = $2 THEN t.buyer_read_id ELSE t.seller_read_id END
     ORDER BY m.id`,
    [threadId, readerId, upTo],
  );
  return { thread, messages: rows };
}

/** A reader's address and language, and whether they take these mails. */
export async function mailReader(db: Queryable, customerId: number) {
  const { rows } = await db.query<{ email: string; language: string | null; time_zone: string | null; message_mails: boolean }>(
    'SELECT email, language, time_zone, message_mails FROM customers WHERE id = $1',
    [customerId],
  );
  return rows[0] ?? null;
}

export async function setMessageMails(db: Queryable, customerId: number, on: boolean): Promise<void> {
  await db.query('UPDATE customers SET message_mails = $2 WHERE id = $1', [customerId, on]);
}
