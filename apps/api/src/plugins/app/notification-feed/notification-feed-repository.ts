import type { NotificationEntry, NotificationFeed, NotificationKind } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../../db/db';
import type { ContentLanguage } from '../../../lib/language';
import { euros } from '../../../lib/money';

declare module 'fastify' {
  interface FastifyInstance {
    notificationFeed: NotificationFeedRepository;
  }
}

/** What an entry's sentence needs; money in cents as everywhere in the database. */
export interface NotificationData {
  amount_cents?: number;
  reference?: string;
  /** The piece's title in English, and in Portuguese (entries written before it have none: English then). */
  title?: string;
  title_pt?: string;
  link?: string;
}

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
  title: (lang === 'pt' ? row.data.title_pt : undefined) ?? row.data.title ?? null,
  link: row.data.link ?? null,
});

export function notificationFeedRepository(db: Queryable) {
  const repo = {
    /** Adds an entry; other features (sales, payouts, offers, price drops) call it inside their own transaction. */
    async add(customerId: number, kind: NotificationKind, data: NotificationData, tx: Queryable = db): Promise<void> {
      await tx.query('INSERT INTO notification_feed (customer_id, kind, data) VALUES ($1, $2, $3)', [customerId, kind, JSON.stringify(data)]);
    },

    /** The unread entries of a customer: what the header's count adds (the lead sums it with other providers). */
    async unreadCount(customerId: number, tx: Queryable = db): Promise<number> {
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM notification_feed WHERE customer_id = $1 AND read_at IS NULL', [customerId]);
      return rows[0]?.n ?? 0;
    },

    async list(customerId: number, page: number, limit: number, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<NotificationFeed> {
      const { rows } = await tx.query<Row>(
        'SELECT id, kind, data, read_at, created_at FROM notification_feed WHERE customer_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3',
        [customerId, limit, (page - 1) * limit],
      );
      const counts = await tx.query<{ n: number; unread: number }>(
        'SELECT count(*)::int AS n, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM notification_feed WHERE customer_id = $1',
        [customerId],
      );
      return { notifications: rows.map((row) => entry(row, lang)), count: counts.rows[0]?.n ?? 0, unread: counts.rows[0]?.unread ?? 0 };
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
 * The feed as `app.notificationFeed`. Its unread entries are one part of the spec's `Notifications`
 * (header badge, login answer): the offers waiting for the customer are the other, so offer events
 * are not copied into the feed (they would count twice).
 */
export default fp(
  async function notificationFeedPlugin(app: FastifyInstance) {
    const feed = notificationFeedRepository(app.db);
    app.decorate('notificationFeed', feed);
    app.notifications.provide('feed', (customerId, tx) => feed.unreadCount(customerId, tx));
  },
  { name: 'notification-feed', dependencies: ['db', 'notifications'] },
);
