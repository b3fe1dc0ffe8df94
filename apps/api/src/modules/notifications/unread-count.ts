import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

/** How the feed counts a customer's unread entries: the total and its parts by the client's names. */
export type NotificationsCounter = (customerId: number, tx?: Queryable) => Promise<{ total: number; parts: Record<string, number> }>;

/** Writes what became due since the last read into the feed (no cron: offers whose window closed). */
export type NotificationsCatchUp = (customerId: number) => Promise<void>;

export interface Notifications {
  /** The feed says how it counts; registered once, at start. */
  countWith(counter: NotificationsCounter): void;
  /** A feature whose events fall due with time (offer expiry) writes them before anything is counted or listed. */
  catchUpWith(catchUp: NotificationsCatchUp): void;
  /** Runs every catch-up for the customer: called before the count and before the feed is listed. */
  catchUp(customerId: number): Promise<void>;
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
 * adds a number of its own.
 */
export default fp(
  async function notificationsPlugin(app: FastifyInstance) {
    let counter: NotificationsCounter | null = null;
    const catchUps: NotificationsCatchUp[] = [];
    app.decorate('notifications', {
      countWith(next) {
        if (counter) throw new Error('notifications counter registered twice');
        counter = next;
      },
      catchUpWith(next) {
        catchUps.push(next);
      },
      async catchUp(customerId) {
        // One after another: PGlite is one connection.
        for (const run of catchUps) await run(customerId);
      },
      async count(customerId, tx) {
        return (await this.counts(customerId, tx)).total;
      },
      async counts(customerId, tx) {
        if (!tx) await this.catchUp(customerId);
        return counter ? counter(customerId, tx) : { total: 0, parts: {} };
      },
    } satisfies Notifications);
  },
  { name: 'notifications' },
);
