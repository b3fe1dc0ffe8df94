import { formatMoney } from '@preloved/contract';
import type { Config } from '../../config';
import type { Queryable } from '../../db/db';
import { discountCents } from '../checkout/pricing';
import { lineRefund, type RefundLine, type RefundOrder, type RefundPackage } from '../orders/line-refunds';
import type { CarrierAdapter } from '../shipping/carriers';
import { RELEASE_COLUMNS, releaseOf, type ReleaseRow } from './wallet';

// `pnpm audit ledger` (item 8): proves from the database alone that every cent is
// accounted for. Read only; every rule it checks is stated beside its query. The same function runs
// after each step of the property test (modules/wallet/money.property.test.ts).

export interface AuditTotals {
  orders: number;
  cardPaid: number;
  orderTotals: number;
  refunded: number;
  /** What buyers' banks took back by chargebacks lost: each such order's total less its refunds. */
  chargebacks: number;
  fees: number;
  marketingCost: number;
  sellerCredits: number;
  saleRefunds: number;
  bankTransfers: number;
  transferFees: number;
  walletCodes: number;
  /** The store-credit bonus on wallet codes: what the brand adds to sellers' credit (./credit-bonus.ts). */
  walletCodeBonus: number;
  /** Paid to sellers' Stripe accounts, and what came back from them (reversals, refused transfers). */
  connectTransfers: number;
  connectReversals: number;
  /** Trade-ins (issue 48): paid as wallet money, as main-shop codes (the price), and the trade-ins' bonus on those codes. */
  tradeInMoney: number;
  tradeInCredit: number;
  tradeInBonus: number;
  walletTotal: number;
  walletPending: number;
  walletAvailable: number;
}

export interface WalletBalance {
  customerId: number;
  credited: number;
  paidOut: number;
  total: number;
  pending: number;
  available: number;
}

export interface AuditReport {
  ok: boolean;
  mismatches: string[];
  totals: AuditTotals;
  wallets: WalletBalance[];
}

type Settings = Pick<Config, 'WALLET_PROTECTION_HOURS'> & Partial<Pick<Config, 'PAYOUT_PROVIDER'>>;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
// The report is read by the team, in English.
const euros = (cents: number) => formatMoney(cents / 100, 'en');

export async function auditLedger(db: Queryable, settings: Settings, carriers: CarrierAdapter, now: Date): Promise<AuditReport> {
  const mismatches: string[] = [];
  const flag = (rows: { problem: string }[]) => mismatches.push(...rows.map((row) => row.problem));

  // 1. An order's total is its lines plus its fee lines minus its discount and its bundle discounts.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'order ' || o.number || ': total ' || o.total_cents || ' <> lines ' || coalesce(l.lines, 0) || ' + fees - discount - bundle discount' AS problem
         FROM orders o LEFT JOIN (SELECT order_id, sum(price_cents)::int AS lines FROM order_lines GROUP BY order_id) l ON l.order_id = o.id
         WHERE o.subtotal_cents <> coalesce(l.lines, 0)
            OR o.total_cents <> o.subtotal_cents + o.processing_cents + o.verification_cents + o.shipping_cents + o.delivery_cents - o.discount_cents - o.bundle_discount_cents`,
      )
    ).rows,
  );

  // 1b. Bundles: an order's bundle discount is its packages', each a whole percent (at most
  // 30) of the package's pieces, rounded to the cent, and none without a percent; the seller gives it.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'order ' || o.number || ': bundle discount ' || o.bundle_discount_cents || ', its packages ' || coalesce(sum(k.bundle_discount_cents), 0) AS problem
         FROM orders o LEFT JOIN order_packages k ON k.order_id = o.id
         GROUP BY o.id, o.number, o.bundle_discount_cents HAVING o.bundle_discount_cents <> coalesce(sum(k.bundle_discount_cents), 0)
         UNION ALL
         SELECT 'package ' || k.id || ': bundle discount ' || k.bundle_discount_cents || ' is not ' || k.bundle_percent || ' % of its pieces ' || l.lines
         FROM order_packages k JOIN (SELECT package_id, sum(price_cents)::int AS lines, count(*)::int AS pieces FROM order_lines GROUP BY package_id) l ON l.package_id = k.id
         WHERE k.bundle_discount_cents <> round(l.lines * k.bundle_percent / 100.0) OR k.bundle_percent NOT BETWEEN 0 AND 30 OR (k.bundle_percent > 0 AND l.pieces < 2)`,
      )
    ).rows,
  );

  // 2. Card payments = order totals: each order has exactly one payment that answered it, for its total.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'order ' || o.number || ': ' || count(a.id) || ' card payments, answered total ' || coalesce(string_agg(a.response_body->>'total', ','), 'none') || ', order total ' || o.total_cents AS problem
         FROM orders o LEFT JOIN payment_attempts a ON a.order_id = o.id AND a.status = 'done' AND a.response_status = 200
         GROUP BY o.id, o.number, o.total_cents
         HAVING count(a.id) <> 1 OR round((max(a.response_body->>'total')::numeric) * 100) <> o.total_cents`,
      )
    ).rows,
  );

  // 3. Refunds: a refunded or cancelled order got its whole total back, no more; any other
  // order only lines refunded alone, never the rest, never more than its total. Lines
  // refunded alone: 3b.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'order ' || o.number || ': refunded ' || coalesce(r.back::text, 'none') || ' of total ' || o.total_cents || ' for resolution ' || coalesce(o.problem_resolution, 'none')
           || CASE WHEN o.cancelled_at IS NOT NULL THEN ', cancelled' ELSE '' END AS problem
         FROM orders o LEFT JOIN (SELECT order_id, sum(amount_cents)::int AS back, count(*) FILTER (WHERE line_id IS NULL)::int AS rest FROM payment_refunds GROUP BY order_id) r ON r.order_id = o.id
         WHERE CASE WHEN o.problem_resolution = 'refund' OR o.cancelled_at IS NOT NULL THEN coalesce(r.back, -1) <> o.total_cents
                    ELSE coalesce(r.rest, 0) <> 0 OR coalesce(r.back, 0) > o.total_cents END`,
      )
    ).rows,
  );

  // 3b. A line refunded alone is a line of its order, refunded to the card and taken back
  // from its package's seller once each (both rows or neither), by the amounts of the rule
  // (orders/line-refunds.ts) replayed in the order the lines went back.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'line ' || coalesce(r.line_id, w.refunded_line_id) || ': card refund ' || coalesce(r.amount_cents::text, 'none') || ', credit taken back ' || coalesce(w.amount_cents::text, 'none') AS problem
         FROM (SELECT * FROM payment_refunds WHERE line_id IS NOT NULL) r
         FULL JOIN (SELECT * FROM wallet_entries WHERE refunded_line_id IS NOT NULL) w ON w.refunded_line_id = r.line_id
         LEFT JOIN order_lines l ON l.id = coalesce(r.line_id, w.refunded_line_id) LEFT JOIN order_packages k ON k.id = l.package_id
         LEFT JOIN brand_sales b ON b.line_id = l.id
         -- A brand piece (Brand Direct) was the brand's revenue, no seller's credit: its refund takes nothing from a wallet.
         WHERE r.line_id IS NULL OR (w.id IS NULL) = (b.line_id IS NULL) OR l.order_id <> r.order_id OR w.refunded_package_id <> l.package_id OR w.customer_id <> k.seller_id`,
      )
    ).rows,
  );
  const lineRefunds = await db.query<{ order_id: number; line_id: number; buyer: number; seller: number | null }>(
    `SELECT r.order_id, r.line_id, r.amount_cents AS buyer, CASE WHEN b.line_id IS NULL THEN -w.amount_cents ELSE b.sale_cents END AS seller
     FROM payment_refunds r LEFT JOIN wallet_entries w ON w.refunded_line_id = r.line_id LEFT JOIN brand_sales b ON b.line_id = r.line_id
     WHERE r.line_id IS NOT NULL ORDER BY r.order_id, r.id`,
  );
  const refundedOrders = [...new Set(lineRefunds.rows.map((row) => row.order_id))];
  for (const orderId of refundedOrders) {
    const order = (
      await db.query<RefundOrder & { number: string }>(
        'SELECT number, processing_cents, verification_cents, shipping_cents, delivery_cents, discount_cents FROM orders WHERE id = $1',
        [orderId],
      )
    ).rows[0]!;
    const packages = (await db.query<RefundPackage>('SELECT id, bundle_discount_cents FROM order_packages WHERE order_id = $1', [orderId])).rows;
    const lines = (await db.query<RefundLine>('SELECT id, package_id, price_cents FROM order_lines WHERE order_id = $1', [orderId])).rows;
    const refunded = new Set<number>();
    for (const row of lineRefunds.rows.filter((candidate) => candidate.order_id === orderId)) {
      if (!lines.some((line) => line.id === row.line_id) || refunded.has(row.line_id)) continue; // 3b says it
      const expected = lineRefund(order, packages, lines, refunded, row.line_id);
      if (expected.buyerCents !== row.buyer || expected.sellerCents !== row.seller) {
        mismatches.push(`order ${order.number}: line ${row.line_id} refunded ${row.buyer} and took back ${row.seller}, the rule gives ${expected.buyerCents} and ${expected.sellerCents}`);
      }
      refunded.add(row.line_id);
    }
  }

  // 4. Discounts follow their code's rules (on the pieces after their bundle discounts), and each is the marketplace's cost, written once.
  const discounts = await db.query<{
    number: string;
    subtotal_cents: number;
    fees_cents: number;
    discount_cents: number;
    discount_code: string | null;
    redeemed: number | null;
    percent_off: number | null;
    amount_off_cents: number | null;
    max_discount_cents: number | null;
    min_order_cents: number | null;
    earlier_orders: number;
    first_order_only: boolean | null;
  }>(
    `SELECT o.number, o.subtotal_cents - o.bundle_discount_cents AS subtotal_cents, o.processing_cents + o.verification_cents + o.shipping_cents + o.delivery_cents AS fees_cents,
       o.discount_cents, o.discount_code, r.amount_cents AS redeemed, d.percent_off, d.amount_off_cents,
       d.max_discount_cents, d.min_order_cents, d.first_order_only,
       (SELECT count(*)::int FROM orders e WHERE e.id < o.id AND (e.customer_id = r.customer_id OR e.shopper_email = r.shopper_email)) AS earlier_orders
     FROM orders o LEFT JOIN discount_redemptions r ON r.order_id = o.id LEFT JOIN discount_codes d ON d.code = o.discount_code
     WHERE o.discount_code IS NOT NULL OR o.discount_cents <> 0 OR r.order_id IS NOT NULL`,
  );
  for (const row of discounts.rows) {
    if (row.discount_code === null) mismatches.push(`order ${row.number}: a discount of ${row.discount_cents} with no code`);
    else if (row.redeemed === null) mismatches.push(`order ${row.number}: code ${row.discount_code} used with no redemption (who pays it?)`);
    else if (row.redeemed !== row.discount_cents) mismatches.push(`order ${row.number}: discount ${row.discount_cents} but redemption ${row.redeemed}`);
    else {
      // A code takes at most the order's fees off (checkout/pricing.ts: a seller buying their own piece with it gains nothing).
      const expected = Math.min(discountCents(row.subtotal_cents, row), row.fees_cents);
      if (expected !== row.discount_cents) mismatches.push(`order ${row.number}: discount ${row.discount_cents}, code ${row.discount_code}'s rules give ${expected}`);
      if (row.min_order_cents !== null && row.subtotal_cents < row.min_order_cents) mismatches.push(`order ${row.number}: below ${row.discount_code}'s minimum order`);
      if (row.first_order_only && row.earlier_orders > 0) mismatches.push(`order ${row.number}: ${row.discount_code} is first-order-only, the shopper had ${row.earlier_orders} before`);
    }
  }
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'code ' || d.code || ': uses ' || d.uses || ', redemptions ' || count(r.order_id) || ', at most ' || coalesce(d.max_uses::text, 'any') AS problem
         FROM discount_codes d LEFT JOIN discount_redemptions r ON r.code = d.code WHERE d.scope = 'storefront'
         GROUP BY d.code HAVING d.uses <> count(r.order_id) OR count(r.order_id) > coalesce(d.max_uses, 2147483647)`,
      )
    ).rows,
  );
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'code ' || d.code || ': shopper ' || r.shopper_email || ' used it ' || count(*) || ' times, at most ' || d.max_uses_per_shopper AS problem
         FROM discount_redemptions r JOIN discount_codes d ON d.code = r.code WHERE d.max_uses_per_shopper IS NOT NULL
         GROUP BY d.code, d.max_uses_per_shopper, r.shopper_email HAVING count(*) > d.max_uses_per_shopper`,
      )
    ).rows,
  );

  // 5. Each sale's credit is its rules: one deposit per package, of its pieces' prices less the
  // package's bundle discount (the buyer pays every fee; this store takes no commission from the seller).
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'package ' || k.id || ' of order ' || o.number || ': ' || count(e.id) || ' deposits of ' || coalesce(sum(e.amount_cents), 0) || ', its pieces ' || l.lines || CASE WHEN k.bundle_discount_cents > 0 THEN ' less bundle ' || k.bundle_discount_cents ELSE '' END AS problem
         FROM order_packages k JOIN orders o ON o.id = k.order_id
         JOIN (SELECT package_id, sum(price_cents)::int AS lines FROM order_lines GROUP BY package_id) l ON l.package_id = k.id
         LEFT JOIN wallet_entries e ON e.package_id = k.id
         WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = k.seller_id AND c.brand_account)
         GROUP BY k.id, o.number, l.lines, k.bundle_discount_cents HAVING count(e.id) <> 1 OR sum(e.amount_cents) <> l.lines - k.bundle_discount_cents OR bool_or(e.customer_id <> k.seller_id)`,
      )
    ).rows,
  );
  // 5b. Brand Direct (migration 067): the brand's own pieces are its revenue, not a seller's credit. A
  // brand package has no deposit nor wallet row; each of its lines is one brand sale at the line's price,
  // its VAT by its scheme (margin: on sale − purchase; standard: on the price); no brand sale is another
  // seller's line; a withdrawal is refunded once, after the piece came back.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'brand package ' || k.id || ' of order ' || o.number || ': ' || count(e.id) || ' wallet rows' AS problem
         FROM order_packages k JOIN orders o ON o.id = k.order_id JOIN customers c ON c.id = k.seller_id AND c.brand_account
         JOIN wallet_entries e ON e.package_id = k.id OR e.refunded_package_id = k.id GROUP BY k.id, o.number
         UNION ALL
         SELECT 'brand line ' || l.id || ': ' || CASE WHEN b.line_id IS NULL THEN 'no brand sale' ELSE 'brand sale of ' || b.sale_cents || ', VAT ' || b.vat_cents || ' (' || b.scheme || '), the line ' || l.price_cents END
         FROM order_lines l JOIN order_packages k ON k.id = l.package_id JOIN customers c ON c.id = k.seller_id AND c.brand_account
         LEFT JOIN brand_sales b ON b.line_id = l.id
         WHERE b.line_id IS NULL OR b.sale_cents <> l.price_cents OR b.listing_id <> l.listing_id
            OR b.vat_cents <> round(greatest(CASE WHEN b.scheme = 'margin' THEN b.sale_cents - b.purchase_cents ELSE b.sale_cents END, 0) * b.vat_rate / (100 + b.vat_rate))
         UNION ALL
         SELECT 'brand sale of line ' || b.line_id || ': not a line of the brand' FROM brand_sales b JOIN order_lines l ON l.id = b.line_id JOIN order_packages k ON k.id = l.package_id
         JOIN customers c ON c.id = k.seller_id WHERE NOT c.brand_account
         UNION ALL
         SELECT 'brand return ' || t.id || ': refunded ' || coalesce(t.refunded_cents::text, 'nothing') || ', the card got ' || coalesce(r.amount_cents::text, 'nothing') || CASE WHEN t.received_at IS NULL THEN ' before it came back' ELSE '' END
         FROM brand_returns t LEFT JOIN payment_refunds r ON r.line_id = t.line_id
         WHERE (t.received_at IS NULL) <> (r.line_id IS NULL) OR t.refunded_cents IS DISTINCT FROM r.amount_cents`,
      )
    ).rows,
  );
  // 6. A deposit is taken back in whole for a refunded or cancelled order or a lost chargeback (issue
  // 42), by exactly its amount (its lines refunded alone and the package's rest together); otherwise
  // only by lines refunded alone, never more than it. Every take-back row goes to the
  // deposit's own seller.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'package ' || k.id || ': taken back ' || coalesce(sum(f.amount_cents)::text, 'none') || ', deposit ' || d.amount_cents || ', resolution ' || coalesce(o.problem_resolution, 'none') AS problem
         FROM order_packages k JOIN orders o ON o.id = k.order_id JOIN wallet_entries d ON d.package_id = k.id
         LEFT JOIN wallet_entries f ON f.refunded_package_id = k.id
         GROUP BY k.id, d.amount_cents, d.customer_id, o.problem_resolution, o.cancelled_at, o.dispute_status
         HAVING CASE WHEN o.problem_resolution = 'refund' OR o.cancelled_at IS NOT NULL OR o.dispute_status = 'lost' THEN coalesce(sum(f.amount_cents), 0) <> -d.amount_cents
                     ELSE count(f.id) FILTER (WHERE f.refunded_line_id IS NULL) > 0 OR coalesce(sum(f.amount_cents), 0) < -d.amount_cents END
             OR coalesce(bool_or(f.customer_id <> d.customer_id), false)`,
      )
    ).rows,
  );
  // 7. A wallet code is worth exactly what left the wallet plus the brand's bonus on it, and belongs to
  // that wallet; a bonus is never more than half the credit spent (the policy's highest percentage), and
  // no code carries a bonus without credit having left a wallet for it.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'wallet code ' || e.code || ': ' || (-e.amount_cents) || ' left the wallet, the code is worth ' || coalesce(d.amount_off_cents::text, 'nothing') || ' with a bonus of ' || coalesce(d.bonus_cents::text, 'nothing') AS problem
         FROM wallet_entries e LEFT JOIN discount_codes d ON d.code = e.code
         WHERE e.type = 'discount_code' AND (d.code IS NULL OR d.scope <> 'main_store' OR d.amount_off_cents <> -e.amount_cents + d.bonus_cents OR d.customer_id <> e.customer_id OR d.bonus_cents * 2 > -e.amount_cents)
         UNION ALL
         SELECT 'code ' || d.code || ': a bonus of ' || d.bonus_cents || ' without credit spent on it'
         FROM discount_codes d WHERE d.bonus_cents > 0 AND NOT EXISTS (SELECT 1 FROM wallet_entries e WHERE e.code = d.code AND e.type = 'discount_code')`,
      )
    ).rows,
  );

  // 8a. A bank transfer is paid (the payout run) as a whole, once, after it was requested:
  // its transfer and fee rows both or neither, never another kind of row.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'bank transfer ' || reference || ': ' || count(*) FILTER (WHERE paid_at IS NOT NULL) || ' of ' || count(*) || ' rows paid' AS problem
         FROM wallet_entries WHERE type IN ('bank_transfer', 'transaction_fee')
         GROUP BY reference HAVING count(DISTINCT paid_at) > 1 OR (count(paid_at) > 0 AND count(paid_at) < count(*)) OR bool_or(paid_at < created_at)
         UNION ALL
         SELECT 'wallet entry ' || id || ': a ' || type || ' row marked paid' FROM wallet_entries WHERE paid_at IS NOT NULL AND type NOT IN ('bank_transfer', 'transaction_fee')`,
      )
    ).rows,
  );

  // 8b. Stripe Connect: each transfer left the wallet once (a connect_transfer row of minus
  // its amount, its seller's), for its package's deposit as it stood (less lines refunded alone) and to
  // that deposit's seller; it came back once (a connect_reversal row of plus its amount) exactly when
  // it was reversed or Stripe refused it; only a transfer Stripe made can be paid, and a reversed one
  // has its reversal.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'connect transfer ' || t.id || ' (' || t.status || '): ' || count(w.id) || ' transfer rows of ' || coalesce(sum(w.amount_cents), 0)
             || ', ' || count(r.id) || ' back of ' || coalesce(sum(r.amount_cents), 0) || ', amount ' || t.amount_cents || ', deposit ' || coalesce(max(d.net), 0) AS problem
         FROM connect_transfers t
         LEFT JOIN wallet_entries w ON w.connect_transfer_id = t.id AND w.type = 'connect_transfer'
         LEFT JOIN wallet_entries r ON r.connect_transfer_id = t.id AND r.type = 'connect_reversal'
         LEFT JOIN (SELECT e.package_id, e.customer_id, e.amount_cents + coalesce((SELECT sum(x.amount_cents) FROM wallet_entries x WHERE x.refunded_line_id IS NOT NULL AND x.refunded_package_id = e.package_id), 0) AS net
                    FROM wallet_entries e WHERE e.type = 'listing_sale_deposit') d ON d.package_id = t.package_id
         GROUP BY t.id, t.status, t.amount_cents, t.customer_id, t.transfer_id, t.reversal_id
         HAVING count(w.id) <> 1 OR sum(w.amount_cents) <> -t.amount_cents OR bool_or(w.customer_id <> t.customer_id)
             OR count(r.id) <> CASE WHEN t.status = 'reversed' OR (t.status = 'failed' AND t.transfer_id IS NULL) THEN 1 ELSE 0 END
             OR coalesce(sum(r.amount_cents), t.amount_cents) <> t.amount_cents OR coalesce(bool_or(r.customer_id <> t.customer_id), false)
             OR max(d.net) IS NULL OR max(d.net) <> t.amount_cents OR bool_or(d.customer_id <> t.customer_id)
             OR (t.status = 'paid' AND t.transfer_id IS NULL) OR (t.status = 'reversed' AND t.reversal_id IS NULL)`,
      )
    ).rows,
  );

  // 8c. SEPA batches: a batch's file is its transfers (their count and sum, each at what
  // the bank transfer paid); a transfer is in one open or confirmed batch at most; a confirmed batch's
  // transfers are paid, a cancelled one holds none. With PAYOUT_PROVIDER=sepa, a bank transfer is paid
  // only by a confirmed batch.
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'SEPA batch ' || b.id || ': ' || b.transfers || ' transfers of ' || b.total_cents || ' in its file, ' || count(s.reference) FILTER (WHERE s.active) || ' of '
             || coalesce(sum(s.amount_cents) FILTER (WHERE s.active), 0) || ' held' AS problem
         FROM sepa_batches b LEFT JOIN sepa_batch_transfers s ON s.batch_id = b.id
         GROUP BY b.id HAVING (b.cancelled_at IS NULL AND (b.transfers <> count(s.reference) FILTER (WHERE s.active) OR b.total_cents <> coalesce(sum(s.amount_cents) FILTER (WHERE s.active), 0)))
             OR (b.cancelled_at IS NOT NULL AND count(s.reference) FILTER (WHERE s.active) > 0)
         UNION ALL
         SELECT 'SEPA batch ' || s.batch_id || ': transfer ' || s.reference || ' of ' || s.amount_cents || ', the bank transfer paid ' || coalesce((-e.amount_cents)::text, 'nothing')
           || CASE WHEN b.confirmed_at IS NOT NULL AND s.active AND e.paid_at IS NULL THEN ', not marked paid' ELSE '' END
         FROM sepa_batch_transfers s JOIN sepa_batches b ON b.id = s.batch_id LEFT JOIN wallet_entries e ON e.reference = s.reference AND e.type = 'bank_transfer'
         WHERE e.id IS NULL OR s.amount_cents <> -e.amount_cents OR (b.confirmed_at IS NOT NULL AND s.active AND e.paid_at IS NULL)
         UNION ALL
         SELECT 'bank transfer ' || e.reference || ': paid with no confirmed SEPA batch' FROM wallet_entries e
         WHERE $1 AND e.type = 'bank_transfer' AND e.paid_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM sepa_batch_transfers s JOIN sepa_batches b ON b.id = s.batch_id WHERE s.reference = e.reference AND s.active AND b.confirmed_at IS NOT NULL)`,
        [settings.PAYOUT_PROVIDER === 'sepa'],
      )
    ).rows,
  );

  // 9. Trade-ins (issue 48): a trade-in is paid when it is credited, once, at its final price, and never
  // before: as money, one trade_in_credit row of its customer's wallet of exactly the price, with no code
  // and no bonus; as credit, no wallet row and one main-shop code of its customer worth the price plus
  // its bonus (the trade-in's percentage of the price, rounded down, never over half of it), carrying
  // none of the wallet's store-credit bonus and never bought with wallet credit. A credited piece is the
  // brand's stock, bought for what was paid (the margin scheme's purchase price).
  flag(
    (
      await db.query<{ problem: string }>(
        `SELECT 'trade-in ' || t.number || ' (' || t.status || ', ' || t.payout || '): paid ' || coalesce(t.credited_cents::text, 'nothing') || ' of price ' || t.price_cents || ' + bonus ' || t.bonus_cents
             || ', wallet rows ' || count(w.id) || ' of ' || coalesce(sum(w.amount_cents), 0) || ', code ' || coalesce(d.code || ' worth ' || d.amount_off_cents, 'none')
             || ', stock bought for ' || coalesce(max(s.acquired_cents)::text, 'nothing') AS problem
         FROM trade_ins t LEFT JOIN wallet_entries w ON w.trade_in_id = t.id LEFT JOIN discount_codes d ON d.code = t.code LEFT JOIN brand_stock s ON s.listing_id = t.listing_id
         GROUP BY t.id, d.code
         HAVING CASE
             WHEN t.status <> 'credited' THEN count(w.id) > 0 OR t.code IS NOT NULL OR t.bonus_cents <> 0 OR t.credited_cents IS NOT NULL
             WHEN t.payout = 'money' THEN count(w.id) <> 1 OR sum(w.amount_cents) <> t.credited_cents OR bool_or(w.customer_id <> t.customer_id) OR t.code IS NOT NULL OR t.bonus_cents <> 0
             ELSE count(w.id) <> 0 OR d.code IS NULL OR d.scope <> 'main_store' OR d.customer_id <> t.customer_id OR d.amount_off_cents <> t.credited_cents + t.bonus_cents
               OR d.bonus_cents <> 0 OR t.bonus_cents <> floor(t.credited_cents * t.bonus_percent / 100.0) OR t.bonus_cents * 2 > t.credited_cents
           END
           OR (t.status = 'credited' AND (t.credited_cents <> t.price_cents OR max(s.acquired_cents) IS DISTINCT FROM t.credited_cents))
         UNION ALL
         SELECT 'wallet entry ' || w.id || ': a trade-in credit of ' || w.amount_cents || ' for no trade-in of its customer'
         FROM wallet_entries w LEFT JOIN trade_ins t ON t.id = w.trade_in_id WHERE w.type = 'trade_in_credit' AND (t.id IS NULL OR t.customer_id <> w.customer_id)
         UNION ALL
         SELECT 'code ' || e.code || ': a trade-in’s code bought with wallet credit' FROM wallet_entries e JOIN trade_ins t ON t.code = e.code`,
      )
    ).rows,
  );

  // 8. Each wallet: available + pending + paid out = credited, neither part negative; and, replayed in
  // time, no withdrawal ever took more than was available at that moment. One exception:
  // the provider's word is final, so a deposit taken back by a lost chargeback or a refund made at the
  // provider is taken back even once paid out: the wallet may then go below zero (the seller owes
  // it), by no more than those take-backs, and no withdrawal runs while it is.
  const entries = await db.query<
    Partial<ReleaseRow> & {
      id: number;
      customer_id: number;
      type: string;
      amount_cents: number;
      reference: string | null;
      created_at: Date | string;
      package_id: number | null;
      refunded_package_id: number | null;
      refunded_line_id: number | null;
      provider_reversal: boolean;
    }
  >(
    `SELECT e.id, e.customer_id, e.type, e.amount_cents, e.reference, e.created_at, e.package_id, e.refunded_package_id, e.refunded_line_id, ${RELEASE_COLUMNS},
       coalesce(ro.dispute_status = 'lost' OR ro.cancelled_by = 'provider', false) AS provider_reversal
     FROM wallet_entries e LEFT JOIN order_packages k ON k.id = e.package_id LEFT JOIN orders o ON o.id = k.order_id
     LEFT JOIN order_packages rk ON rk.id = e.refunded_package_id LEFT JOIN orders ro ON ro.id = rk.order_id
     ORDER BY e.customer_id, e.created_at, e.id`,
  );
  const byCustomer = new Map<number, typeof entries.rows>();
  for (const row of entries.rows) byCustomer.set(row.customer_id, [...(byCustomer.get(row.customer_id) ?? []), row]);
  // A line refunded alone leaves with its deposit, before the package ships: the deposit
  // counts net of it (pending, or available at its release), and the row is no withdrawal of its own.
  const lineBack = new Map<number, { cents: number; last: number }>();
  for (const row of entries.rows) {
    if (row.type !== 'sale_refund' || row.refunded_line_id === null || row.refunded_package_id === null) continue;
    const seen = lineBack.get(row.refunded_package_id) ?? { cents: 0, last: 0 };
    lineBack.set(row.refunded_package_id, { cents: seen.cents + row.amount_cents, last: Math.max(seen.last, new Date(row.created_at).getTime()) });
  }
  const wallets: WalletBalance[] = [];
  const categories = { deposits: 0, refunds: 0, transfers: 0, fees: 0, codes: 0, connect: 0, connectBack: 0, tradeIns: 0 };
  for (const [customerId, rows] of byCustomer) {
    type Event = { at: number; credit: boolean; cents: number; what: string; reversal?: boolean };
    const events: Event[] = [];
    let credited = 0;
    let paidOut = 0;
    let pending = 0;
    let reversed = 0;
    const withdrawals = new Map<string, Event>();
    for (const row of rows) {
      const at = new Date(row.created_at).getTime();
      if (row.type === 'listing_sale_deposit') {
        categories.deposits += row.amount_cents;
        credited += row.amount_cents;
        const back = lineBack.get(row.package_id ?? 0);
        const net = row.amount_cents + (back?.cents ?? 0);
        const from = releaseOf(row as ReleaseRow, carriers, settings.WALLET_PROTECTION_HOURS);
        if (back && from !== null && from.getTime() < back.last) mismatches.push(`deposit ${row.id}: a line taken back after its release`);
        if (from === null || from.getTime() > now.getTime()) pending += net;
        else events.push({ at: from.getTime(), credit: true, cents: net, what: `deposit ${row.id}` });
      } else if (row.type === 'sale_refund' && row.refunded_line_id !== null) {
        categories.refunds += row.amount_cents;
        credited += row.amount_cents;
      } else if (row.type === 'sale_refund') {
        categories.refunds += row.amount_cents;
        credited += row.amount_cents;
        if (row.provider_reversal) reversed -= row.amount_cents;
        events.push({ at, credit: false, cents: -row.amount_cents, what: `sale refund ${row.id}`, reversal: row.provider_reversal });
      } else if (row.type === 'trade_in_credit') {
        // A trade-in paid as money: credit, available from that moment (rule 9 checks its amount).
        categories.tradeIns += row.amount_cents;
        credited += row.amount_cents;
        events.push({ at, credit: true, cents: row.amount_cents, what: `trade-in credit ${row.id}` });
      } else if (row.type === 'connect_reversal') {
        // A Stripe transfer come back: less paid out, credit again from that moment.
        categories.connectBack += row.amount_cents;
        paidOut -= row.amount_cents;
        events.push({ at, credit: true, cents: row.amount_cents, what: `connect reversal ${row.id}` });
      } else {
        if (row.type === 'bank_transfer') categories.transfers += row.amount_cents;
        else if (row.type === 'connect_transfer') categories.connect += row.amount_cents;
        else if (row.type === 'transaction_fee') categories.fees += row.amount_cents;
        else categories.codes += row.amount_cents;
        paidOut -= row.amount_cents;
        // A transfer and its fee leave together (one reference): one withdrawal.
        const key = row.reference ?? `entry ${row.id}`;
        const existing = withdrawals.get(key);
        if (existing) existing.cents -= row.amount_cents;
        else {
          const event = { at, credit: false, cents: -row.amount_cents, what: `${row.type} ${row.reference ?? row.id}` };
          withdrawals.set(key, event);
          events.push(event);
        }
      }
    }
    const total = sum(rows.map((row) => row.amount_cents));
    const available = total - pending;
    wallets.push({ customerId, credited, paidOut, total, pending, available });
    if (available + pending + paidOut !== credited) mismatches.push(`wallet ${customerId}: available ${available} + pending ${pending} + paid out ${paidOut} <> credited ${credited}`);
    if (available < -reversed || pending < 0) mismatches.push(`wallet ${customerId}: available ${euros(available)}, pending ${euros(pending)}`);
    events.sort((a, b) => a.at - b.at || Number(b.credit) - Number(a.credit));
    let running = 0;
    for (const event of events) {
      const before = running;
      running += event.credit ? event.cents : -event.cents;
      // A provider's take-back may leave the wallet owing; a withdrawal (or any other take-back) never goes below zero.
      if (running < 0 && !event.credit && !event.reversal) {
        mismatches.push(`wallet ${customerId}: ${event.what} at ${new Date(event.at).toISOString()} took ${euros(event.cents)}, ${euros(before)} was available`);
        break;
      }
    }
  }

  const money = (
    await db.query<{ orders: number; order_totals: number; fees: number; card_paid: number; refunded: number; chargebacks: number; marketing: number; code_bonus: number; trade_in_credit: number; trade_in_bonus: number }>(
      `SELECT (SELECT count(*)::int FROM orders) AS orders,
         (SELECT coalesce(sum(total_cents), 0)::int FROM orders) AS order_totals,
         (SELECT coalesce(sum(processing_cents + verification_cents + shipping_cents + delivery_cents), 0)::int FROM orders) AS fees,
         (SELECT coalesce(sum(round((response_body->>'total')::numeric * 100)), 0)::int FROM payment_attempts WHERE status = 'done' AND response_status = 200 AND order_id IS NOT NULL) AS card_paid,
         (SELECT coalesce(sum(amount_cents), 0)::int FROM payment_refunds) AS refunded,
         (SELECT coalesce(sum(o.total_cents - coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.order_id = o.id), 0)), 0)::int FROM orders o WHERE o.dispute_status = 'lost') AS chargebacks,
         (SELECT coalesce(sum(amount_cents), 0)::int FROM discount_redemptions) AS marketing,
         (SELECT coalesce(sum(bonus_cents), 0)::int FROM discount_codes WHERE scope = 'main_store') AS code_bonus,
         (SELECT coalesce(sum(credited_cents), 0)::int FROM trade_ins WHERE status = 'credited' AND payout = 'credit') AS trade_in_credit,
         (SELECT coalesce(sum(bonus_cents), 0)::int FROM trade_ins WHERE status = 'credited') AS trade_in_bonus`,
    )
  ).rows[0]!;
  if (money.card_paid !== money.order_totals) mismatches.push(`card payments ${euros(money.card_paid)} <> order totals ${euros(money.order_totals)}`);

  return {
    ok: mismatches.length === 0,
    mismatches,
    wallets,
    totals: {
      orders: money.orders,
      cardPaid: money.card_paid,
      orderTotals: money.order_totals,
      refunded: money.refunded,
      chargebacks: money.chargebacks,
      fees: money.fees,
      marketingCost: money.marketing,
      sellerCredits: categories.deposits,
      saleRefunds: categories.refunds,
      bankTransfers: categories.transfers,
      transferFees: categories.fees,
      walletCodes: categories.codes,
      walletCodeBonus: money.code_bonus,
      connectTransfers: categories.connect,
      connectReversals: categories.connectBack,
      tradeInMoney: categories.tradeIns,
      tradeInCredit: money.trade_in_credit,
      tradeInBonus: money.trade_in_bonus,
      walletTotal: sum(wallets.map((wallet) => wallet.total)),
      walletPending: sum(wallets.map((wallet) => wallet.pending)),
      walletAvailable: sum(wallets.map((wallet) => wallet.available)),
    },
  };
}

/** The report as `pnpm audit ledger` prints it. */
export function formatAudit(report: AuditReport, engine: string, limit = 20): string {
  const t = report.totals;
  const lines = [
    `Ledger audit (${engine}): ${t.orders} orders`,
    `  card payments      ${euros(t.cardPaid)}   order totals ${euros(t.orderTotals)}   refunded to cards ${euros(t.refunded)}   chargebacks lost ${euros(t.chargebacks)}`,
    `  fees (buyers paid) ${euros(t.fees)}   marketing cost (discounts, paid by the marketplace) ${euros(t.marketingCost)}`,
    `  seller credits     ${euros(t.sellerCredits)}   taken back by refunds ${euros(-t.saleRefunds)}`,
    `  paid out           bank transfers ${euros(-t.bankTransfers)}, transfer fees ${euros(-t.transferFees)}, wallet codes ${euros(-t.walletCodes)} (+ ${euros(t.walletCodeBonus)} store-credit bonus), Stripe transfers ${euros(-t.connectTransfers)} (${euros(t.connectReversals)} reversed)`,
    `  trade-ins          paid as wallet money ${euros(t.tradeInMoney)}, as main-shop codes ${euros(t.tradeInCredit)} (+ ${euros(t.tradeInBonus)} trade-in bonus)`,
    `  wallets            total ${euros(t.walletTotal)} = available ${euros(t.walletAvailable)} + pending ${euros(t.walletPending)}`,
  ];
  if (report.wallets.length) {
    lines.push('  customer   credited    paid out    pending  available');
    for (const wallet of report.wallets.slice(0, limit)) {
      lines.push(
        `  ${String(wallet.customerId).padStart(8)} ${euros(wallet.credited).padStart(10)} ${euros(wallet.paidOut).padStart(11)} ${euros(wallet.pending).padStart(10)} ${euros(wallet.available).padStart(10)}`,
      );
    }
    if (report.wallets.length > limit) lines.push(`  … and ${report.wallets.length - limit} more wallets`);
  }
  lines.push(report.ok ? 'OK: every cent is accounted for.' : `MISMATCH (${report.mismatches.length}):`);
  lines.push(...report.mismatches.map((problem) => `  - ${problem}`));
  return lines.join('\n');
}
