import type { FigureRow, FiguresQuery } from '@preloved/contract';
import type { Queryable } from '../../db/db';

const ZONE = 'Europe/Lisbon';

// What each figure is counted from, for a period or the whole range (the same words twice).
const ORDER_SUMS = `count(*) AS placed, count(*) FILTER (WHERE o.cancelled_at IS NULL) AS orders,
  coalesce(sum(o.subtotal_cents) FILTER (WHERE o.cancelled_at IS NULL), 0) AS gmv,
  coalesce(sum(o.total_cents) FILTER (WHERE o.cancelled_at IS NULL), 0) AS paid,
  coalesce(sum(o.processing_cents + o.verification_cents - o.discount_cents) FILTER (WHERE o.cancelled_at IS NULL), 0) AS take,
  count(*) FILTER (WHERE o.problem_reported_at IS NOT NULL OR o.dispute_id IS NOT NULL) AS disputes,
  count(*) FILTER (WHERE o.cancelled_at IS NOT NULL) AS cancelled,
  count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM orders e WHERE e.shopper_email = o.shopper_email AND e.created_at < o.created_at)) AS new_buyers`;
const LISTED_SUMS = `count(*) AS listed, count(*) FILTER (WHERE l.status = 'sold') AS listed_sold,
  count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM listings e WHERE e.seller_id = l.seller_id AND e.created_at < l.created_at)) AS new_sellers`;
const SOLD_SUMS = `count(*) AS sold, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM l.sold_at - l.created_at) / 86400) AS median_days`;
const BOUNDS = `bounds AS (SELECT ($1::date)::timestamp AT TIME ZONE '${ZONE}' AS lo, ($2::date + 1)::timestamp AT TIME ZONE '${ZONE}' AS hi)`;

/**
 * The store's figures by period of Lisbon time, each from the rows of its range alone (indexes of
 * migration 053): orders by their day, pieces listed by theirs, pieces sold by theirs, and a buyer's
 * or seller's first order or listing as "is there an earlier one" per row.
 */
export async function figureRows(
  db: Queryable,
  query: { from: string; to: string; by: NonNullable<FiguresQuery['by']> },
): Promise<{ rows: FigureRow[]; raw: Record<string, string | number | null>[] }> {
  const { rows } = await db.query<Record<string, string | number | null>>(
    `WITH ${BOUNDS},
     periods AS (
       SELECT generate_series(date_trunc($3, $1::date::timestamp), date_trunc($3, $2::date::timestamp), ('1 ' || $3)::interval) AS period
     ),
     placed AS (
       SELECT date_trunc($3, o.created_at AT TIME ZONE '${ZONE}') AS period, ${ORDER_SUMS}
         FROM orders o, bounds b WHERE o.created_at >= b.lo AND o.created_at < b.hi GROUP BY 1
     ),
     listed AS (
       SELECT date_trunc($3, l.created_at AT TIME ZONE '${ZONE}') AS period, ${LISTED_SUMS}
         FROM listings l, bounds b WHERE l.created_at >= b.lo AND l.created_at < b.hi GROUP BY 1
     ),
     sold AS (
       SELECT date_trunc($3, l.sold_at AT TIME ZONE '${ZONE}') AS period, ${SOLD_SUMS}
         FROM listings l, bounds b WHERE l.sold_at >= b.lo AND l.sold_at < b.hi GROUP BY 1
     ),
     resells AS (
       SELECT date_trunc($3, r.started_at AT TIME ZONE '${ZONE}') AS period, count(*) AS resells_started
         FROM resell_starts r, bounds b WHERE r.started_at >= b.lo AND r.started_at < b.hi GROUP BY 1
     )
     SELECT to_char(p.period, 'YYYY-MM-DD') AS period,
            coalesce(o.orders, 0) AS orders, coalesce(o.placed, 0) AS placed, coalesce(o.gmv, 0) AS gmv, coalesce(o.paid, 0) AS paid,
            coalesce(o.take, 0) AS take, coalesce(o.disputes, 0) AS disputes, coalesce(o.cancelled, 0) AS cancelled, coalesce(o.new_buyers, 0) AS new_buyers,
            coalesce(l.listed, 0) AS listed, coalesce(l.listed_sold, 0) AS listed_sold, coalesce(l.new_sellers, 0) AS new_sellers,
            coalesce(s.sold, 0) AS sold, s.median_days, coalesce(r.resells_started, 0) AS resells_started
       FROM periods p LEFT JOIN placed o ON o.period = p.period LEFT JOIN listed l ON l.period = p.period LEFT JOIN sold s ON s.period = p.period
            LEFT JOIN resells r ON r.period = p.period
      ORDER BY p.period`,
    [query.from, query.to, query.by],
  );
  return { rows: rows.map((row) => figureRow(String(row.period), row)), raw: rows };
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 10000 : 0);

/** A period's (or the range's) figures from its counts and sums in cents. */
export function figureRow(period: string, raw: Record<string, string | number | null>): FigureRow {
  const n = (key: string) => Number(raw[key] ?? 0);
  return {
    period,
    gmv: n('gmv') / 100,
    orders: n('orders'),
    average_order: n('orders') > 0 ? Math.round(n('paid') / n('orders')) / 100 : 0,
    take: n('take') / 100,
    take_rate: ratio(n('take'), n('gmv')),
    listed: n('listed'),
    sold: n('sold'),
    sell_through: ratio(n('listed_sold'), n('listed')),
    median_days_to_sell: raw.median_days === null || raw.median_days === undefined ? null : Math.round(Number(raw.median_days) * 10) / 10,
    dispute_rate: ratio(n('disputes'), n('placed')),
    cancellation_rate: ratio(n('cancelled'), n('placed')),
    new_buyers: n('new_buyers'),
    new_sellers: n('new_sellers'),
    resells_started: n('resells_started'),
  };
}

const ADDITIVE = ['orders', 'placed', 'gmv', 'paid', 'take', 'disputes', 'cancelled', 'new_buyers', 'listed', 'listed_sold', 'new_sellers', 'sold', 'resells_started'];

/**
 * The whole range: the periods' counts and sums added up (each row of the range is in exactly one
 * period), and the median days to sell over every piece sold in the range — not a median of medians.
 */
export async function figureTotals(db: Queryable, query: { from: string; to: string }, periods: Record<string, string | number | null>[]): Promise<Omit<FigureRow, 'period'>> {
  const sums = Object.fromEntries(ADDITIVE.map((key) => [key, periods.reduce((total, row) => total + Number(row[key] ?? 0), 0)]));
  const { rows } = await db.query<{ median_days: number | null }>(
    `WITH ${BOUNDS} SELECT ${SOLD_SUMS} FROM listings l, bounds b WHERE l.sold_at >= b.lo AND l.sold_at < b.hi`,
    [query.from, query.to],
  );
  const { period: _period, ...totals } = figureRow('', { ...sums, median_days: rows[0]?.median_days ?? null });
  return totals;
}
