import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../../db/db';

/** Counts what waits for one customer in one part of the store (offers to answer or to buy, ...). */
export type NotificationsProvider = (customerId: number, tx?: Queryable) => Promise<number>;

export interface Notifications {
  /** A part of the store adds its count; registered once, at start. */
  provide(name: string, provider: NotificationsProvider): void;
  /** The spec's `Notifications` (login answer, header badge, user menu): the sum of every provider. */
  count(customerId: number, tx?: Queryable): Promise<number>;
  /** The sum and each provider's part (the user menu shows offers by Offers, unread entries by Notifications). */
  counts(customerId: number, tx?: Queryable): Promise<{ total: number; parts: Record<string, number> }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

/**
 * The one number behind the header's badge. Each feature that has something waiting for the
 * customer registers a provider (offers now; an unread notifications feed later), so the login
 * answer and GET /api/notifications/count always agree and a new feature does not touch either.
 */
export default fp(
  async function notificationsPlugin(app: FastifyInstance) {
    const providers = new Map<string, NotificationsProvider>();
    app.decorate('notifications', {
      provide(name, provider) {
        if (providers.has(name)) throw new Error(`notifications provider ${name} registered twice`);
        providers.set(name, provider);
      },
      async count(customerId, tx) {
        return (await this.counts(customerId, tx)).total;
      },
      async counts(customerId, tx) {
        let total = 0;
        const parts: Record<string, number> = {};
        // One after another: a transaction (and PGlite) is one connection.
        for (const [name, provider] of providers) {
          parts[name] = await provider(customerId, tx);
          total += parts[name];
        }
        return { total, parts };
      },
    } satisfies Notifications);
  },
  { name: 'notifications' },
);
