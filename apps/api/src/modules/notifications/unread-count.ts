import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

/** How the feed counts a customer's unread entries: the total and its parts by the client's names. */
export type NotificationsCounter = (customerId: number, tx?: Queryable) => Promise<{ total: number; parts: Record<string, number> }>;

export interface Notifications {
  /** The feed says how it counts; registered once, at start. */
  countWith(counter: NotificationsCounter): void;
  /** The spec's `Notifications` (login answer, header badge): the feed's unread entries. */
  count(customerId: number, tx?: Queryable): Promise<number>;
  /** The count and its parts (the user menu shows unread offer entries by Offers, all unread by Notifications). */
  counts(customerId: number, tx?: Queryable): Promise<{ total: number; parts: Record<string, number> }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

/**
 * The one number behind the header's badge: the notifications feed's unread
 * entries, counted by the same statement that lists the feed, so the badge never says "1" over an
 * empty feed. Features put their events into the feed (offers, sales, shipping, price drops); none
 * adds a number of its own. Reading writes nothing: what falls due with time (an offer's expiry) is
 * written by its job (`offers-expiry`).
 */
export default fp(
  async function notificationsPlugin(app: FastifyInstance) {
    let counter: NotificationsCounter | null = null;
    app.decorate('notifications', {
      countWith(next) {
        if (counter) throw new Error('notifications counter registered twice');
        counter = next;
      },
      async count(customerId, tx) {
        return (await this.counts(customerId, tx)).total;
      },
      async counts(customerId, tx) {
        return counter ? counter(customerId, tx) : { total: 0, parts: {} };
      },
    } satisfies Notifications);
  },
  { name: 'notifications' },
);
