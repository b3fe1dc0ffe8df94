import { priceAt, type PriceSchedule } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    smartPricing: SmartPricing;
  }
}

/**
 * How long an instance trusts what it last read of the earliest due drop. Any schedule written
 * anywhere starts at least 7 days before its first drop, so a minute cannot miss one.
 */
const RECHECK_MS = 60_000;

export interface ScheduleRow {
  price_base_cents: number;
  min_price_cents: number;
  smart_pricing: boolean;
  price_anchor_at: Date | string;
}

export const scheduleOf = (row: ScheduleRow): PriceSchedule => ({
  baseCents: row.price_base_cents,
  minCents: row.min_price_cents,
  smartPricing: row.smart_pricing,
  anchor: new Date(row.price_anchor_at),
});

/**
 * Smart pricing from dates, no cron (spec §4, DESIGN §7). Listing prices are materialised in
 * listings.price_cents, which every read uses; `applyDue` brings the listings whose next cut is due
 * to their price (SQL reprice_due_listings, migration 012) and is called before each API request,
 * at most one query a minute while nothing is due.
 */
export function smartPricing(db: Queryable, clock: { now(): Date }) {
  let earliestDue: number | null = null;
  let checkedAt = -Infinity;
  let running: Promise<void> | null = null;
  const listeners: (() => Promise<unknown>)[] = [];

  async function run(now: Date) {
    // `cut` is read from the statement's snapshot, i.e. before the function's update (one index probe).
    const { rows } = await db.query<{ next: Date | string | null; cut: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM listings WHERE status = 'active' AND next_price_drop_at IS NOT NULL AND next_price_drop_at <= $1) AS cut,
              reprice_due_listings($1) AS next`,
      [now.toISOString()],
    );
    earliestDue = rows[0]?.next ? new Date(rows[0].next).getTime() : null;
    checkedAt = now.getTime();
    if (rows[0]?.cut) for (const listener of listeners) await listener();
  }

  return {
    /** Cuts every price that is due at the clock's now (once per instance at a time). */
    async applyDue(): Promise<void> {
      const now = clock.now();
      const fresh = now.getTime() - checkedAt < RECHECK_MS && now.getTime() >= checkedAt;
      if (fresh && (earliestDue === null || now.getTime() < earliestDue)) return;
      running ??= run(now).finally(() => (running = null));
      await running;
    },

    /** Runs `listener` after a run that cut at least one price (offers accept what the price reached). */
    afterCuts(listener: () => Promise<unknown>): void {
      listeners.push(listener);
    },

    /**
     * A listing's current price in cents from its schedule (whatever price_cents says), or null when
     * there is no such listing. For features that read one listing's price (offers).
     */
    async currentPriceCents(listingId: number, tx: Queryable = db): Promise<number | null> {
      const { rows } = await tx.query<ScheduleRow & { status: string; price_cents: number }>(
        'SELECT price_base_cents, min_price_cents, smart_pricing, price_anchor_at, status, price_cents FROM listings WHERE id = $1',
        [listingId],
      );
      const row = rows[0];
      if (!row) return null;
      return row.status === 'active' ? priceAt(scheduleOf(row), clock.now()) : row.price_cents;
    },
  };
}
export type SmartPricing = ReturnType<typeof smartPricing>;

/** `app.smartPricing`, and every API request first brings due prices up to date. */
export default fp(
  async function smartPricingPlugin(app: FastifyInstance) {
    app.decorate('smartPricing', smartPricing(app.db, app.clock));
    // The catalogue and brand pictures are immutable files: no price in them.
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/assets/') || request.url.startsWith('/api/photos/')) return;
      await app.smartPricing.applyDue();
    });
    // The seed's listings may be weeks old: their prices are right before the first request.
    app.addHook('onReady', () => app.smartPricing.applyDue());
  },
  { name: 'smart-pricing', dependencies: ['db', 'config', 'clock'] },
);
