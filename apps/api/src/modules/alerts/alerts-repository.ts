import type { SavedSearch, SavedSearchFilters } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import type { NotificationData } from '../notifications/notification-feed-repository';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { productText, type ContentLanguage } from '../../core/language';

// The SQL of issue 29's alerts: saved searches, what the `saved-searches` job finds and claims, and
// the daily digests of price drops (whose feed entries migration 028's trigger writes at the drop).

declare module 'fastify' {
  interface FastifyInstance {
    alertsRepository: ReturnType<typeof alertsRepository>;
  }
}

interface SearchRow {
  id: number;
  customer_id: number;
  name: string;
  query: SavedSearchFilters;
  path: string;
  paused: boolean;
  pending: number;
  created_at: Date | string;
}

const toSearch = (row: SearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: row.query,
  path: row.path,
  paused: row.paused,
  new_pieces: row.pending,
  created_at: new Date(row.created_at).toISOString(),
});

const COLUMNS = 'id, customer_id, name, query, path, paused, cardinality(pending_listing_ids)::int AS pending, created_at';

/** How many matches a search keeps for its next digest (the mail lists the newest). */
const PENDING_KEPT = 50;
const DAY = "interval '1 day'";

/** Who a mail goes to, in their language and time zone. */
export interface Recipient {
  email: string;
  first_name: string;
  language: string;
  time_zone: string;
}

export function alertsRepository(db: Queryable) {
  return {
    async list(customerId: number, tx: Queryable = db): Promise<SavedSearch[]> {
      const { rows } = await tx.query<SearchRow>(`SELECT ${COLUMNS} FROM saved_searches WHERE customer_id = $1 ORDER BY id DESC`, [customerId]);
      return rows.map(toSearch);
    },

    /**
     * Saves a search that looks at pieces listed from now on, unless the shopper has `max` already
     * (the count and the insert in one statement, after a lock on the shopper's row: two saves at once
     * cannot both pass the limit). Null when the limit is reached.
     */
    async create(customerId: number, search: { name: string; filters: SavedSearchFilters; path: string }, max: number, tx: Queryable): Promise<SavedSearch | null> {
      await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
      const { rows } = await tx.query<SearchRow>(
        `INSERT INTO saved_searches (customer_id, name, query, path, seen_listing_id)
         SELECT $1, $2, $3, $4, (SELECT coalesce(max(id), 0) FROM listings)
         WHERE (SELECT count(*) FROM saved_searches WHERE customer_id = $1) < $5
         RETURNING ${COLUMNS}`,
        [customerId, search.name, JSON.stringify(search.filters), search.path, max],
      );
      return rows[0] ? toSearch(rows[0]) : null;
    },

    /** Renames or pauses one of the shopper's searches; null when it is not theirs. */
    async update(customerId: number, id: number, change: { name?: string; paused?: boolean }, tx: Queryable = db): Promise<SavedSearch | null> {
      const { rows } = await tx.query<SearchRow>(
        `UPDATE saved_searches SET name = coalesce($3, name), paused = coalesce($4, paused),
                -- A search taken out of pause looks at pieces listed from then on, not at what it missed.
                seen_listing_id = CASE WHEN paused AND $4 = false THEN (SELECT coalesce(max(id), 0) FROM listings) ELSE seen_listing_id END,
                pending_listing_ids = CASE WHEN $4 = true THEN '{}' ELSE pending_listing_ids END
         WHERE id = $2 AND customer_id = $1 RETURNING ${COLUMNS}`,
        [customerId, id, change.name ?? null, change.paused ?? null],
      );
      return rows[0] ? toSearch(rows[0]) : null;
    },

    async remove(customerId: number, id: number, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query('DELETE FROM saved_searches WHERE id = $2 AND customer_id = $1 RETURNING id', [customerId, id]);
      return rows.length > 0;
    },

    /** Whether a search still exists and is not paused (a digest of a deleted search is not sent). */
    async isLive(id: number, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query('SELECT 1 FROM saved_searches WHERE id = $1 AND NOT paused', [id]);
      return rows.length > 0;
    },

    /** The newest listing's id: the job looks at the pieces up to it. */
    async topListingId(tx: Queryable = db): Promise<number> {
      const { rows } = await tx.query<{ top: number }>('SELECT coalesce(max(id), 0)::int AS top FROM listings');
      return rows[0]!.top;
    },

    /** The searches that are not paused and have not looked up to `top` yet. */
    async searchesBehind(top: number, tx: Queryable = db) {
      const { rows } = await tx.query<{ id: number; customer_id: number; name: string; query: SavedSearchFilters; path: string; seen_listing_id: number }>(
        'SELECT id, customer_id, name, query, path, seen_listing_id FROM saved_searches WHERE NOT paused AND seen_listing_id < $1 ORDER BY id LIMIT 500',
        [top],
      );
      return rows;
    },

    /**
     * Claims a search's look from `seen` to `top` (false when another sweep took it first) and keeps
     * its matches for the next digest.
     */
    async advance(id: number, seen: number, top: number, matches: number[], tx: Queryable): Promise<boolean> {
      const { rows } = await tx.query(
        `UPDATE saved_searches SET seen_listing_id = $3,
                pending_listing_ids = (SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM (
                  SELECT x FROM unnest(pending_listing_ids || $4::int[]) AS x ORDER BY x DESC LIMIT ${PENDING_KEPT}) kept)
         WHERE id = $1 AND seen_listing_id = $2 AND NOT paused RETURNING id`,
        [id, seen, top, matches],
      );
      return rows.length > 0;
    },

    /**
     * The searches whose digest is due at `now` (matches waiting, no mail in the last day), claimed:
     * their matches are taken and `mailed_at` set in the caller's transaction.
     */
    async takeSearchDigests(now: Date, tx: Queryable) {
      const { rows } = await tx.query<{ id: number; customer_id: number; name: string; path: string; listing_ids: number[] }>(
        `WITH due AS (
           SELECT id, pending_listing_ids FROM saved_searches
           WHERE NOT paused AND cardinality(pending_listing_ids) > 0 AND (mailed_at IS NULL OR mailed_at <= $1::timestamptz - ${DAY})
           ORDER BY id LIMIT 200 FOR UPDATE SKIP LOCKED)
         UPDATE saved_searches s SET pending_listing_ids = '{}', mailed_at = $1 FROM due WHERE s.id = due.id
         RETURNING s.id, s.customer_id, s.name, s.path, due.pending_listing_ids AS listing_ids`,
        [now.toISOString()],
      );
      return rows;
    },

    /**
     * The shoppers with price drops not mailed yet and no price-drop mail in the last day, claimed
     * (up to the newest entry) in the caller's transaction; each with the entries to mail.
     */
    async takePriceDropDigests(now: Date, tx: Queryable) {
      const { rows: due } = await tx.query<{ customer_id: number; ids: number[] }>(
        `SELECT f.customer_id, array_agg(f.id ORDER BY f.id) AS ids
         FROM notification_feed f LEFT JOIN price_drop_mails m ON m.customer_id = f.customer_id
         WHERE f.kind = 'price_drop' AND f.id > coalesce(m.through_feed_id, 0)
           AND (m.mailed_at IS NULL OR m.mailed_at <= $1::timestamptz - ${DAY})
         GROUP BY f.customer_id ORDER BY f.customer_id LIMIT 200`,
        [now.toISOString()],
      );
      const taken: { customer_id: number; ids: number[] }[] = [];
      for (const row of due) {
        const through = Math.max(...row.ids);
        // The claim: a second sweep at the same time finds the row updated and takes nothing.
        const { rows } = await tx.query(
          `INSERT INTO price_drop_mails AS m (customer_id, through_feed_id, mailed_at) VALUES ($1, $2, $3)
           ON CONFLICT (customer_id) DO UPDATE SET through_feed_id = EXCLUDED.through_feed_id, mailed_at = EXCLUDED.mailed_at
             WHERE m.through_feed_id < EXCLUDED.through_feed_id AND m.mailed_at <= $3::timestamptz - ${DAY}
           RETURNING customer_id`,
          [row.customer_id, through, now.toISOString()],
        );
        if (rows.length > 0) taken.push({ customer_id: row.customer_id, ids: row.ids });
      }
      return taken;
    },

    async recipient(customerId: number, tx: Queryable = db): Promise<Recipient | null> {
      const { rows } = await tx.query<Recipient>('SELECT email, first_name, language, time_zone FROM customers WHERE id = $1', [customerId]);
      return rows[0] ?? null;
    },

    /** The pieces of a digest that are still for sale, in the reader's language. */
    async activePieces(ids: number[], lang: ContentLanguage, tx: Queryable = db) {
      const { rows } = await tx.query<{ id: number; title: string; size: string; colour: string; price_cents: number; product_id: number; variant_id: number }>(
        `SELECT l.id, ${productText('p', 'title', lang)} AS title, l.size, c.name AS colour, l.price_cents, l.product_id, l.variant_id
         FROM listings l JOIN products p ON p.id = l.product_id JOIN colours c ON c.id = l.colour_id
         WHERE l.id = ANY($1::int[]) AND l.status = 'active' ORDER BY l.id DESC`,
        [ids],
      );
      return rows;
    },

    /** A shopper's price-drop entries among `ids` (another shopper's are never read). */
    async priceDropEntries(customerId: number, ids: number[], tx: Queryable = db) {
      const { rows } = await tx.query<{ id: number; data: NotificationData }>(
        "SELECT id, data FROM notification_feed WHERE customer_id = $1 AND kind = 'price_drop' AND id = ANY($2::int[]) ORDER BY id",
        [customerId, ids],
      );
      return rows;
    },
  };
}

export default fp(
  async function alertsRepositoryPlugin(app: FastifyInstance) {
    app.decorate('alertsRepository', alertsRepository(app.db));
  },
  { name: 'alerts-repository', dependencies: ['db'] },
);
