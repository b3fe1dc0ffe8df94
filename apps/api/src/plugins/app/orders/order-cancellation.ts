import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../../db/db';
import { lisbonDate } from '../../../lib/business-days';
import { euros } from '../../../lib/money';
import type { Mail } from '../mailer/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    orderCancellation: OrderCancellation;
  }
}

export type CancelledBy = 'buyer' | 'seller' | 'ship_by';
export type Canceller = { by: 'buyer'; customerId: number } | { by: 'seller'; sellerId: number; packageId: number } | { by: 'ship_by' };
export type CancelRefusal = 'not_found' | 'shipped' | 'problem' | 'cancelled' | 'other_sellers' | 'not_overdue';

const WHO: Record<CancelledBy, [string, string]> = {
  buyer: ['at the buyer’s request', 'a pedido do comprador'],
  seller: ['by the seller', 'pelo vendedor'],
  ship_by: ['because it was not shipped by its ship-by date', 'porque não foi enviada até à data limite de envio'],
};

/** The mail a cancellation sends (the buyer and each seller), in English and Portuguese. */
export function cancellationMail(to: string, number: string, by: CancelledBy, refunded: string): Mail {
  const [en, pt] = WHO[by];
  return {
    to,
    subject: `Order ${number} is cancelled / A encomenda ${number} foi cancelada`,
    text: [
      `Order ${number} was cancelled ${en}. The buyer is refunded ${refunded} to the original payment method, and the sale's credit is taken back from the seller's wallet. Nothing needs to be shipped.`,
      '',
      '---',
      '',
      `A encomenda ${number} foi cancelada ${pt}. O comprador é reembolsado de ${refunded} no meio de pagamento original, e o crédito da venda é retirado da carteira do vendedor. Não é preciso enviar nada.`,
      '',
      'Preloved',
    ].join('\n'),
  };
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
 * Cancelling an order before anything of it was shipped (issue 28): the buyer (until a package is
 * shipped), the seller of a one-seller order (a package of one seller among several is not cancelled
 * alone: the refund would be partial), or the ship-by deadline (a package not shipped by its date).
 * In one transaction, after the order's row is locked (shipping a package locks it too): the
 * order is marked cancelled (once), each seller's deposit is taken back (sale_refund rows) and the
 * whole total is refunded through the payment provider (last: a refused refund rolls it all back).
 */
export function orderCancellation(app: FastifyInstance) {
  const { db, clock } = app;

  async function cancelIn(orderId: number, who: Canceller, tx: Queryable): Promise<CancelOrder | CancelRefusal> {
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
    const reference = await app.payments.refund(order.payment_reference, order.total_cents);
    await tx.query('INSERT INTO payment_refunds (order_id, amount_cents, provider_reference, created_at) VALUES ($1, $2, $3, $4)', [orderId, order.total_cents, reference, now]);
    return { ...order, cancelled_at: now };
  }

  /** The buyer's and the sellers' mails of a cancellation, queued in its transaction (the mail outbox). */
  async function tell(order: CancelOrder, by: CancelledBy, tx: Queryable): Promise<number[]> {
    const refunded = `€${euros(order.total_cents).toFixed(2)}`;
    const { rows } = await tx.query<{ email: string }>(
      'SELECT email FROM orders WHERE id = $1 UNION SELECT s.email FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.order_id = $1',
      [order.id],
    );
    const mails: number[] = [];
    for (const row of rows) mails.push(await app.mailOutbox.addMail({ mail: cancellationMail(row.email, order.number, by, refunded) }, tx));
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
      return { number: outcome.number, cancelledAt: outcome.cancelled_at!, refundedCents: outcome.total_cents };
    },

    /** Cancels every order with a package past its ship-by date and nothing shipped (an operator's or a scheduler's call). */
    async cancelOverdue(): Promise<string[]> {
      const { rows } = await db.query<{ order_id: number }>(
        `SELECT DISTINCT k.order_id FROM order_packages k JOIN orders o ON o.id = k.order_id
         WHERE k.ship_by < $1::date AND o.cancelled_at IS NULL AND o.problem_reported_at IS NULL
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
