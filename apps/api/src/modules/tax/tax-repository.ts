import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    taxRepository: ReturnType<typeof taxRepository>;
  }
}

/** One seller's sales in one quarter of a year: how many and what they were credited, in cents. */
export interface QuarterFigures {
  seller_id: number;
  quarter: 1 | 2 | 3 | 4;
  sales: number;
  cents: number;
}

export interface TaxDataRow {
  customer_id: number;
  kind: 'private' | 'business';
  tin_country: string;
  country: string;
  tin_last4: string;
  sealed: string;
  given_at: Date | string;
}

// The calendar year in the store's time zone (Lisbon), as a half-open range of instants.
const YEAR_RANGE = `e.created_at >= (($1::int)::text || '-01-01')::timestamp AT TIME ZONE 'Europe/Lisbon'
  AND e.created_at < (($1::int + 1)::text || '-01-01')::timestamp AT TIME ZONE 'Europe/Lisbon'`;
const QUARTER = `extract(quarter FROM e.created_at AT TIME ZONE 'Europe/Lisbon')::int`;

/**
 * The sales DAC7 counts: a seller's package of a paid order (orders exist once paid), neither it nor
 * its order cancelled, whose deposit (what the seller is credited: the pieces less the bundle
 * discount) is not refunded in full; the consideration is the deposit less its refunds. Dated by the
 * deposit (the sale's moment).
 */
const SALES = `SELECT e.customer_id AS seller_id, ${QUARTER} AS quarter,
    e.amount_cents + coalesce((SELECT sum(r.amount_cents) FROM wallet_entries r WHERE r.refunded_package_id = e.package_id), 0) AS net
  FROM wallet_entries e JOIN order_packages k ON k.id = e.package_id JOIN orders o ON o.id = k.order_id
  WHERE e.type = 'listing_sale_deposit' AND o.cancelled_at IS NULL AND k.cancelled_at IS NULL AND ${YEAR_RANGE}`;

export function taxRepository(db: Queryable) {
  return {
    /** Per seller and quarter of `year`; only `sellerId`'s when given. */
    async figures(year: number, sellerId: number | null = null, tx: Queryable = db): Promise<QuarterFigures[]> {
      const { rows } = await tx.query<QuarterFigures>(
        `SELECT seller_id, quarter, count(*)::int AS sales, sum(net)::int AS cents FROM (${SALES} AND ($2::int IS NULL OR e.customer_id = $2)) s
         WHERE net > 0 GROUP BY seller_id, quarter ORDER BY seller_id, quarter`,
        [year, sellerId],
      );
      return rows;
    },

    /** The fees the store charged these sellers in each quarter of `year` (a bank transfer's fee), in cents. */
    async fees(year: number, sellerIds: readonly number[], tx: Queryable = db): Promise<{ seller_id: number; quarter: number; cents: number }[]> {
      if (sellerIds.length === 0) return [];
      const { rows } = await tx.query<{ seller_id: number; quarter: number; cents: number }>(
        `SELECT e.customer_id AS seller_id, ${QUARTER} AS quarter, -sum(e.amount_cents)::int AS cents FROM wallet_entries e
         WHERE e.type = 'transaction_fee' AND e.customer_id = ANY($2::int[]) AND ${YEAR_RANGE} GROUP BY 1, 2`,
        [year, [...sellerIds]],
      );
      return rows;
    },

    async get(customerId: number, tx: Queryable = db): Promise<TaxDataRow | null> {
      const { rows } = await tx.query<TaxDataRow>('SELECT * FROM seller_tax_data WHERE customer_id = $1', [customerId]);
      return rows[0] ?? null;
    },

    async many(customerIds: readonly number[], tx: Queryable = db): Promise<TaxDataRow[]> {
      if (customerIds.length === 0) return [];
      const { rows } = await tx.query<TaxDataRow>('SELECT * FROM seller_tax_data WHERE customer_id = ANY($1::int[])', [[...customerIds]]);
      return rows;
    },

    async save(row: Omit<TaxDataRow, 'given_at'>, at: Date, tx: Queryable = db): Promise<void> {
      await tx.query(
        `INSERT INTO seller_tax_data (customer_id, kind, tin_country, country, tin_last4, sealed, given_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (customer_id) DO UPDATE SET kind = EXCLUDED.kind, tin_country = EXCLUDED.tin_country, country = EXCLUDED.country,
           tin_last4 = EXCLUDED.tin_last4, sealed = EXCLUDED.sealed, given_at = EXCLUDED.given_at`,
        [row.customer_id, row.kind, row.tin_country, row.country, row.tin_last4, row.sealed, at],
      );
    },

    /** The account's name and e-mail, for the finance team's summary of sellers who gave no data. */
    async accounts(customerIds: readonly number[], tx: Queryable = db): Promise<{ id: number; first_name: string; last_name: string; email: string }[]> {
      if (customerIds.length === 0) return [];
      const { rows } = await tx.query<{ id: number; first_name: string; last_name: string; email: string }>(
        'SELECT id, first_name, last_name, email FROM customers WHERE id = ANY($1::int[])',
        [[...customerIds]],
      );
      return rows;
    },
  };
}

/** Sellers' DAC7 figures and sealed tax data as `app.taxRepository`. */
export default fp(
  async function taxRepositoryPlugin(app: FastifyInstance) {
    app.decorate('taxRepository', taxRepository(app.db));
  },
  { name: 'tax-repository', dependencies: ['db'] },
);
