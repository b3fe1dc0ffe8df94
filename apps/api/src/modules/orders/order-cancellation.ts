import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { lisbonDate } from '@preloved/contract';
import type { Mail } from '../../core/mail/mailer';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import { orderMailTexts } from './mail-texts';
import { lineRefund, type RefundLine, type RefundOrder, type RefundPackage } from './line-refunds';

declare module 'fastify' {
  interface FastifyInstance {
    orderCancellation: OrderCancellation;
  }
}

export type CancelledBy = 'buyer' | 'seller' | 'ship_by';
export type Canceller = { by: 'buyer'; customerId: number } | { by: 'seller'; sellerId: number; packageId: number } | { by: 'ship_by' };
export type CancelRefusal = 'not_found' | 'shipped' | 'problem' | 'cancelled' | 'other_sellers' | 'not_overdue';
export type PieceRefusal = 'not_found' | 'shipped' | 'problem' | 'cancelled' | 'refunded';

/** Someone a mail about an order goes to, in their language and time zone (the order's, the account's). */
export type Reader = { email: string; language: string; time_zone: string };

/**
 * Who reads a mail about an order, once each: its sellers (one of them with `sellerId`), package by
 * package, after the buyer (the order's address) unless `buyer` is false.
 */
export async function orderReaders(orderId: number, tx: Queryable, { buyer = true, sellerId }: { buyer?: boolean; sellerId?: number } = {}): Promise<Reader[]> {
  const sellers = await tx.query<Reader>(
    `SELECT s.email, s.language, s.time_zone FROM order_packages k JOIN customers s ON s.id = k.seller_id
     WHERE k.order_id = $1 AND ($2::int IS NULL OR k.seller_id = $2) ORDER BY k.id`,
    [orderId, sellerId ?? null],
  );
  const buyers = buyer ? (await tx.query<Reader>('SELECT email, language, time_zone FROM orders WHERE id = $1', [orderId])).rows : [];
  const readers = [...buyers, ...sellers.rows];
  return readers.filter((reader, index) => readers.findIndex((other) => other.email === reader.email) === index);
}

/** The mail a cancellation sends (the buyer and each seller), in its reader's language. */
export function cancellationMail(reader: Reader, number: string, by: CancelledBy, refundedCents: number): Mail {
  const { t, money } = mailText(readerOf(reader), orderMailTexts);
  return {
    to: reader.email,
    subject: t('cancellation.subject', { number }),
    text: [t(`cancellation.${by}`, { number }), t('cancellation.refund', { amount: money(refundedCents) }), '', t('common.signature')].join('\n'),
  };
}

/** The mail a piece cancelled alone by its seller sends (the buyer and the seller), in its reader's language. */
export function pieceCancellationMail(reader: Reader, number: string, title: string, refundedCents: number, orderCancelled: boolean): Mail {
  const { t, money } = mailText(readerOf(reader), orderMailTexts);
  return {
    to: reader.email,
    subject: t('cancellation.pieceSubject', { number }),
    text: [
      t('cancellation.piece', { title, number, amount: money(refundedCents) }),
      t(orderCancelled ? 'cancellation.pieceWasLast' : 'cancellation.pieceRestGoesOn'),
      '',
      t('common.signature'),
    ].join('\n'),
  };
}

/**
 * What is left to give back of an order's total: the total less what its lines refunded alone
 * already gave back. A whole-order refund (cancellation, a problem's refund) pays this.
 */
export async function refundLeft(orderId: number, totalCents: number, tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ back: number }>('SELECT coalesce(sum(amount_cents), 0)::int AS back FROM payment_refunds WHERE order_id = $1', [orderId]);
  return totalCents - (rows[0]?.back ?? 0);
}

interface CancelOrder {
  id: number;
  number: string;
  customer_id: number | null;
  total_cents: number;
  payment_reference: string;
  problem_reported_at: Date | null;
  cancelled_at: Date | null;
}

/**
 * Cancelling an order before anything of it was shipped: the buyer (until a package is
 * shipped), the seller of a one-seller order (a package of one seller among several is not cancelled
 * alone: the refund would be partial), or the ship-by deadline (a package not shipped by its date).
 * In one transaction, after the order's row is locked (shipping a package locks it too): the
 * order is marked cancelled (once), each seller's deposit is taken back (sale_refund rows) and the
 * whole total is refunded through the payment provider (last: a refused refund rolls it all back).
 */
export function orderCancellation(app: FastifyInstance) {
  const { db, clock } = app;

  async function cancelIn(orderId: number, who: Canceller, tx: Queryable): Promise<(CancelOrder & { refunded_cents: number }) | CancelRefusal> {
    const locked = await tx.query<CancelOrder>(
      'SELECT id, number, customer_id, total_cents, payment_reference, problem_reported_at, cancelled_at FROM orders WHERE id = $1 FOR UPDATE',
      [orderId],
    );
    const order = locked.rows[0];
    if (!order) return 'not_found';
    const packages = (await tx.query<{ id: number; seller_id: number; ship_by: string; shipped_at: Date | null }>(
      `SELECT id, seller_id, to_char(ship_by, 'YYYY-MM-DD') AS ship_by, shipped_at FROM order_packages WHERE order_id = $1`,
      [orderId],
    )).rows;
    if (who.by === 'buyer' && order.customer_id !== who.customerId) return 'not_found';
    if (who.by === 'seller') {
      if (!packages.some((row) => row.id === who.packageId && row.seller_id === who.sellerId)) return 'not_found';
      if (packages.some((row) => row.seller_id !== who.sellerId)) return 'other_sellers';
    }
    if (order.cancelled_at) return 'cancelled';
    if (packages.some((row) => row.shipped_at !== null)) return 'shipped';
    if (order.problem_reported_at) return 'problem';
    const now = clock.now();
    if (who.by === 'ship_by' && !packages.some((row) => row.ship_by < lisbonDate(now))) return 'not_overdue';
    await tx.query('UPDATE orders SET cancelled_at = $2, cancelled_by = $3 WHERE id = $1 AND cancelled_at IS NULL', [orderId, now, who.by]);
    await app.wallet.refundSales(orderId, now, tx);
    // What its lines cancelled alone gave back is not given again (an order whose every line was
    // cancelled is cancelled already, so something is always left here).
    const left = await refundLeft(orderId, order.total_cents, tx);
    const reference = await app.payments.refund(order.payment_reference, left);
    await tx.query('INSERT INTO payment_refunds (order_id, amount_cents, provider_reference, created_at) VALUES ($1, $2, $3, $4)', [orderId, left, reference, now]);
    return { ...order, cancelled_at: now, refunded_cents: left };
  }

  /**
   * One piece of a package cancelled by its seller before the package ships: the rule
   * is in line-refunds.ts. Under the order's row lock (as a cancellation and a shipping take it),
   * so two requests for one line run one after the other and the second finds it refunded; the
   * unique line of payment_refunds and of wallet_entries refuses a second refund whatever happens.
   * The last piece of the package closes it; the last of the order cancels the order.
   */
  async function cancelPieceIn(sellerId: number, packageId: number, listingId: number, tx: Queryable) {
    const owned = await tx.query<{ order_id: number; line_id: number }>(
      'SELECT k.order_id, l.id AS line_id FROM order_packages k JOIN order_lines l ON l.package_id = k.id WHERE k.id = $1 AND k.seller_id = $2 AND l.listing_id = $3',
      [packageId, sellerId, listingId],
    );
    const target = owned.rows[0];
    if (!target) return 'not_found' as const;
    const { order_id: orderId, line_id: lineId } = target;
    const locked = await tx.query<CancelOrder & RefundOrder>(
      `SELECT id, number, customer_id, total_cents, payment_reference, problem_reported_at, cancelled_at,
         processing_cents, verification_cents, shipping_cents, delivery_cents, discount_cents
       FROM orders WHERE id = $1 FOR UPDATE`,
      [orderId],
    );
    const order = locked.rows[0]!;
    const packages = (await tx.query<RefundPackage & { shipped_at: Date | null }>('SELECT id, bundle_discount_cents, shipped_at FROM order_packages WHERE order_id = $1', [orderId])).rows;
    const refunded = new Set(
      (await tx.query<{ line_id: number }>('SELECT line_id FROM payment_refunds WHERE order_id = $1 AND line_id IS NOT NULL', [orderId])).rows.map((row) => row.line_id),
    );
    if (refunded.has(lineId)) return 'refunded' as const;
    if (order.cancelled_at) return 'cancelled' as const;
    if (packages.find((pkg) => pkg.id === packageId)?.shipped_at) return 'shipped' as const;
    if (order.problem_reported_at) return 'problem' as const;
    const lines = (await tx.query<RefundLine & { title: string }>('SELECT id, package_id, price_cents, title FROM order_lines WHERE order_id = $1 ORDER BY id', [orderId])).rows;
    const refund = lineRefund(order, packages, lines, refunded, lineId);
    const now = clock.now();
    await app.wallet.refundLine(packageId, lineId, refund.sellerCents, now, tx);
    if (refund.packageEmptied) await tx.query('UPDATE order_packages SET cancelled_at = $2 WHERE id = $1', [packageId, now]);
    if (refund.orderEmptied) await tx.query("UPDATE orders SET cancelled_at = $2, cancelled_by = 'seller' WHERE id = $1 AND cancelled_at IS NULL", [orderId, now]);
    // Last, so a refused refund rolls it all back; the provider keys the refund by the line.
    const reference = await app.payments.refund(order.payment_reference, refund.buyerCents, `line-${lineId}`);
    await tx.query('INSERT INTO payment_refunds (order_id, line_id, amount_cents, provider_reference, created_at) VALUES ($1, $2, $3, $4, $5)', [
      orderId,
      lineId,
      refund.buyerCents,
      reference,
      now,
    ]);
    return { order, refund, title: lines.find((line) => line.id === lineId)!.title, cancelledAt: now };
  }

  /** The buyer's and the sellers' mails of a cancellation, queued in its transaction (the mail outbox). */
  async function tell(order: CancelOrder & { refunded_cents: number }, by: CancelledBy, tx: Queryable): Promise<number[]> {
    const mails: number[] = [];
    for (const row of await orderReaders(order.id, tx)) mails.push(await app.mailOutbox.addMail({ mail: cancellationMail(row, order.number, by, order.refunded_cents) }, tx));
    return mails;
  }

  const service = {
    async cancel(orderId: number, who: Canceller): Promise<{ number: string; cancelledAt: Date; refundedCents: number } | CancelRefusal> {
      const outcome = await db.transaction(async (tx) => {
        const cancelled = await cancelIn(orderId, who, tx);
        return typeof cancelled === 'string' ? cancelled : { ...cancelled, mails: await tell(cancelled, who.by, tx) };
      });
      if (typeof outcome === 'string') return outcome;
      app.mailOutbox.sendSoon(outcome.mails);
      return { number: outcome.number, cancelledAt: outcome.cancelled_at!, refundedCents: outcome.refunded_cents };
    },

    /** The seller cancels one piece of their package before shipping it; the buyer and the seller are told. */
    async cancelPiece(
      sellerId: number,
      packageId: number,
      listingId: number,
    ): Promise<{ number: string; cancelledAt: Date; refundedCents: number; takenBackCents: number; orderCancelled: boolean } | PieceRefusal> {
      const outcome = await db.transaction(async (tx) => {
        const done = await cancelPieceIn(sellerId, packageId, listingId, tx);
        if (typeof done === 'string') return done;
        const mails: number[] = [];
        for (const row of await orderReaders(done.order.id, tx, { sellerId }))
          mails.push(await app.mailOutbox.addMail({ mail: pieceCancellationMail(row, done.order.number, done.title, done.refund.buyerCents, done.refund.orderEmptied) }, tx));
        return { ...done, mails };
      });
      if (typeof outcome === 'string') return outcome;
      app.mailOutbox.sendSoon(outcome.mails);
      return {
        number: outcome.order.number,
        cancelledAt: outcome.cancelledAt,
        refundedCents: outcome.refund.buyerCents,
        takenBackCents: outcome.refund.sellerCents,
        orderCancelled: outcome.refund.orderEmptied,
      };
    },

    /** Cancels every order with a package past its ship-by date and nothing shipped (an operator's or a scheduler's call). */
    async cancelOverdue(): Promise<string[]> {
      const { rows } = await db.query<{ order_id: number }>(
        `SELECT DISTINCT k.order_id FROM order_packages k JOIN orders o ON o.id = k.order_id
         WHERE k.ship_by < $1::date AND k.cancelled_at IS NULL AND o.cancelled_at IS NULL AND o.problem_reported_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM order_packages s WHERE s.order_id = k.order_id AND s.shipped_at IS NOT NULL)
         ORDER BY k.order_id`,
        [lisbonDate(clock.now())],
      );
      const cancelled: string[] = [];
      for (const row of rows) {
        const outcome = await service.cancel(row.order_id, { by: 'ship_by' });
        if (typeof outcome !== 'string') cancelled.push(outcome.number);
      }
      return cancelled;
    },
  };
  return service;
}
export type OrderCancellation = ReturnType<typeof orderCancellation>;

export default fp(
  async function orderCancellationPlugin(app: FastifyInstance) {
    const cancellation = orderCancellation(app);
    app.decorate('orderCancellation', cancellation);
    // Past the deadline (spec: shipped within 5 business days), an order nothing of which was shipped
    // is cancelled and the buyer refunded in full, as Vinted does: the job looks every hour (the
    // ship-by date is a Lisbon day), once across instances; the cancellation itself is claimed once.
    app.jobs.define('orders-cancel-overdue', async () => {
      const cancelled = await cancellation.cancelOverdue();
      if (cancelled.length) app.log.info({ orders: cancelled }, 'orders not shipped in time cancelled and refunded');
    });
    app.jobs.every('orders-cancel-overdue', '10 * * * *');
  },
  { name: 'order-cancellation', dependencies: ['clock', 'db', 'jobs', 'mail-outbox', 'payments', 'wallet'] },
);
