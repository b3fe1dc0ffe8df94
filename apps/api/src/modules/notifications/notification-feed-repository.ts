import type { NotificationEntry, NotificationFeed, NotificationKind } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import type { ContentLanguage } from '../../core/language';
import { euros } from '../../core/money';

declare module 'fastify' {
  interface FastifyInstance {
    notificationFeed: NotificationFeedRepository;
  }
}

/** What an entry's sentence needs; money in cents as everywhere in the database. */
export interface NotificationData {
  amount_cents?: number;
  reference?: string;
  /** The piece's title in English, Portuguese and Spanish (entries written before a language have none: English then). */
  title?: string;
  title_pt?: string;
  title_es?: string;
  link?: string;
  /** A price drop's price before, in cents. */
  was_cents?: number;
}

/** An entry's title in the reader's language, its English when it has none in it. */
export const feedTitle = (data: NotificationData, lang: ContentLanguage): string | undefined => (lang === 'en' ? undefined : data[`title_${lang}`]) ?? data.title;

interface Row {
  id: number;
  kind: NotificationKind;
  data: NotificationData;
  read_at: Date | string | null;
  created_at: Date | string;
}

const entry = (row: Row, lang: ContentLanguage): NotificationEntry => ({
  id: row.id,
  kind: row.kind,
  date: new Date(row.created_at).toISOString(),
  read: row.read_at !== null,
  amount: row.data.amount_cents === undefined ? null : euros(row.data.amount_cents),
  reference: row.data.reference ?? null,
  title: feedTitle(row.data, lang) ?? null,
  link: row.data.link ?? null,
});

/**
 * THE statement behind both the feed and the header's badge: one page of a
 * customer's entries with the counts over all of them. The badge asks it for no rows (limit 0), so
 * what it counts is by construction what the feed lists. `unread_offers` is the user menu's Offers part.
 */
const FEED_SQL = `
  WITH mine AS (SELECT id, kind, data, read_at, created_at FROM notification_feed WHERE customer_id = $1),
  counts AS (
    SELECT count(*)::int AS n, count(*) FILTER (WHERE read_at IS NULL)::int AS unread,
           count(*) FILTER (WHERE read_at IS NULL AND kind LIKE 'offer%')::int AS unread_offers
    FROM mine)
  SELECT c.n, c.unread, c.unread_offers, page.id, page.kind, page.data, page.read_at, page.created_at
  FROM counts c LEFT JOIN LATERAL (SELECT * FROM mine ORDER BY id DESC LIMIT $2 OFFSET $3) page ON true
  ORDER BY page.id DESC`;

interface FeedRow extends Omit<Row, 'id'> {
  id: number | null;
  n: number;
  unread: number;
  unread_offers: number;
}

export function notificationFeedRepository(db: Queryable) {
  async function feed(customerId: number, page: number, limit: number, tx: Queryable) {
    const { rows } = await tx.query<FeedRow>(FEED_SQL, [customerId, limit, (page - 1) * limit]);
    const head = rows[0];
    return {
      rows: rows.filter((row): row is FeedRow & { id: number } => row.id !== null),
      count: head?.n ?? 0,
      unread: head?.unread ?? 0,
      unreadOffers: head?.unread_offers ?? 0,
    };
  }

  const repo = {
    /** Adds an entry; other features (sales, payouts, offers, shipping) call it inside their own transaction. */
    async add(customerId: number, kind: NotificationKind, data: NotificationData, tx: Queryable = db): Promise<void> {
      await tx.query('INSERT INTO notification_feed (customer_id, kind, data) VALUES ($1, $2, $3)', [customerId, kind, JSON.stringify(data)]);
    },

    /** The header's count: the feed's unread entries (and the offer ones among them), from the feed's own statement. */
    async counts(customerId: number, tx: Queryable = db): Promise<{ total: number; parts: Record<string, number> }> {
      const { unread, unreadOffers } = await feed(customerId, 1, 0, tx);
      return { total: unread, parts: { feed: unread, offers: unreadOffers } };
    },

    async unreadCount(customerId: number, tx: Queryable = db): Promise<number> {
      return (await repo.counts(customerId, tx)).total;
    },

    async list(customerId: number, page: number, limit: number, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<NotificationFeed> {
      const { rows, count, unread } = await feed(customerId, page, limit, tx);
      return { notifications: rows.map((row) => entry(row, lang)), count, unread };
    },

    /** Marks the customer's entries read (those ids, or all); ids of other customers change nothing. */
    async markRead(customerId: number, ids: number[] | undefined, tx: Queryable = db): Promise<number> {
      if (ids === undefined) {
        await tx.query('UPDATE notification_feed SET read_at = now() WHERE customer_id = $1 AND read_at IS NULL', [customerId]);
      } else if (ids.length > 0) {
        await tx.query('UPDATE notification_feed SET read_at = now() WHERE customer_id = $1 AND id = ANY($2::int[]) AND read_at IS NULL', [customerId, ids]);
      }
      return repo.unreadCount(customerId, tx);
    },
  };
  return repo;
}
export type NotificationFeedRepository = ReturnType<typeof notificationFeedRepository>;

/**
 * The feed as `app.notificationFeed`. Its unread entries are the spec's `Notifications` (header
 * badge, login answer), counted by the statement that lists it.
 */
export default fp(
  async function notificationFeedPlugin(app: FastifyInstance) {
    const feed = notificationFeedRepository(app.db);
    app.decorate('notificationFeed', feed);
    app.notifications.countWith((customerId, tx) => feed.counts(customerId, tx));
  },
  { name: 'notification-feed', dependencies: ['db', 'notifications'] },
);
