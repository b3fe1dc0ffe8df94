import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { euros } from '../../../lib/money';
import type { Mail } from '../mailer/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    orderProtection: OrderProtection;
  }
}

interface ProblemOrder {
  id: number;
  number: string;
  email: string;
  total_cents: number;
  payment_reference: string;
  problem_reported_at: Date | string | null;
  problem_resolved_at: Date | string | null;
}

/** The mail a reported problem sends (the seller, and the store's support address), in English and Portuguese. */
export function problemMail(to: string, order: { number: string; buyerEmail: string }, description: string, forSupport: boolean): Mail {
  return {
    to,
    subject: `A problem was reported with order ${order.number} / Foi comunicado um problema com a encomenda ${order.number}`,
    text: [
      `The buyer of order ${order.number} reported a problem:`,
      '',
      description,
      '',
      forSupport
        ? `Buyer: ${order.buyerEmail}. Resolve it with POST /api/operator/orders/{id}/resolve (refund or release).`
        : 'The money from this sale is on hold until our support team has looked into it. We will write to you.',
      '',
      '---',
      '',
      `O comprador da encomenda ${order.number} comunicou um problema:`,
      '',
      description,
      '',
      forSupport
        ? `Comprador: ${order.buyerEmail}. Resolva-o com POST /api/operator/orders/{id}/resolve (refund ou release).`
        : 'O dinheiro desta venda fica retido até a nossa equipa de apoio analisar o caso. Vamos escrever-lhe.',
      '',
      'Preloved',
    ].join('\n'),
  };
}

/** The mail an operator's decision sends to the buyer and each seller, in English and Portuguese. */
export function resolutionMail(to: string, number: string, resolution: 'refund' | 'release', refunded: string | null): Mail {
  const en =
    resolution === 'refund'
      ? `We have looked into the problem reported with order ${number}: the buyer is refunded ${refunded} to their card, and the sale's credit is taken back from the seller's wallet.`
      : `We have looked into the problem reported with order ${number}: the sale stands, and its credit is now available in the seller's wallet.`;
  const pt =
    resolution === 'refund'
      ? `Analisámos o problema comunicado na encomenda ${number}: o comprador é reembolsado de ${refunded} no cartão, e o crédito da venda é retirado da carteira do vendedor.`
      : `Analisámos o problema comunicado na encomenda ${number}: a venda mantém-se, e o seu crédito está agora disponível na carteira do vendedor.`;
  return {
    to,
    subject: `Order ${number}: the problem is resolved / Encomenda ${number}: o problema está resolvido`,
    text: [en, '', '---', '', pt, '', 'Preloved'].join('\n'),
  };
}

/**
 * The buyer's protection after a sale (issue 24): a problem reported before the order's credit is
 * released freezes it (wallet: `on_hold`) and tells the seller(s) and support; an operator then
 * refunds the buyer (the card gets the total back, the deposits are taken back by `sale_refund`
 * rows) or releases the credit. Each decision is one conditional UPDATE, so it happens once.
 */
export function orderProtection(app: FastifyInstance) {
  const { db, clock } = app;
  return {
    async reportProblem(customerId: number, orderId: number, description: string): Promise<{ reportedAt: Date; number: string } | 'not_found' | 'reported' | 'released'> {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const { rows } = await tx.query<ProblemOrder>(
          'SELECT id, number, email, total_cents, payment_reference, problem_reported_at, problem_resolved_at FROM orders WHERE id = $1 AND customer_id = $2 FOR UPDATE',
          [orderId, customerId],
        );
        const order = rows[0];
        if (!order) return 'not_found' as const;
        if (order.problem_reported_at) return 'reported' as const;
        // The window closes when a credit of the order is released: what a seller may have spent cannot be frozen.
        const releases = await app.wallet.orderRelease(orderId, tx);
        if (releases.some((at) => at !== null && at.getTime() <= now.getTime())) return 'released' as const;
        await tx.query('UPDATE orders SET problem_reported_at = $2, problem_description = $3 WHERE id = $1', [orderId, now, description]);
        const sellers = await tx.query<{ email: string }>('SELECT s.email FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.order_id = $1 ORDER BY k.id', [orderId]);
        return { order, sellers: sellers.rows.map((row) => row.email) };
      });
      if (typeof outcome === 'string') return outcome;
      const about = { number: outcome.order.number, buyerEmail: outcome.order.email };
      for (const seller of outcome.sellers) {
        app.mailer.sendLater(async () => ({ mail: problemMail(seller, about, description, false) }), app.log, 'problem mail to seller');
      }
      app.mailer.sendLater(async () => ({ mail: problemMail(app.config.SUPPORT_EMAIL, about, description, true) }), app.log, 'problem mail to support');
      return { reportedAt: now, number: outcome.order.number };
    },

    async resolve(orderId: number, resolution: 'refund' | 'release'): Promise<{ number: string; resolvedAt: Date; refundedCents: number | null } | 'not_found' | 'no_problem'> {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const { rows } = await tx.query<ProblemOrder>(
          `UPDATE orders SET problem_resolved_at = $2, problem_resolution = $3
           WHERE id = $1 AND problem_reported_at IS NOT NULL AND problem_resolved_at IS NULL
           RETURNING id, number, email, total_cents, payment_reference, problem_reported_at, problem_resolved_at`,
          [orderId, now, resolution],
        );
        const order = rows[0];
        if (!order) {
          const known = await tx.query('SELECT 1 FROM orders WHERE id = $1', [orderId]);
          return known.rows.length ? ('no_problem' as const) : ('not_found' as const);
        }
        if (resolution === 'release') return { number: order.number, resolvedAt: now, refundedCents: null };
        await app.wallet.refundSales(orderId, now, tx);
        // Last, so a refused refund rolls the decision back; the provider's refund is keyed by the payment.
        const reference = await app.payments.refund(order.payment_reference, order.total_cents);
        await tx.query('INSERT INTO payment_refunds (order_id, amount_cents, provider_reference, created_at) VALUES ($1, $2, $3, $4)', [orderId, order.total_cents, reference, now]);
        return { number: order.number, resolvedAt: now, refundedCents: order.total_cents };
      });
      if (typeof outcome === 'string') return outcome;
      const refunded = outcome.refundedCents === null ? null : `€${euros(outcome.refundedCents).toFixed(2)}`;
      app.mailer.sendLater(
        async () => {
          const { rows } = await db.query<{ email: string }>(
            `SELECT email FROM orders WHERE id = $1 UNION SELECT s.email FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.order_id = $1`,
            [orderId],
          );
          // sendLater sends one mail: the others go from here, the first through it.
          for (const row of rows.slice(1)) await app.mailer.send(resolutionMail(row.email, outcome.number, resolution, refunded));
          return rows[0] ? { mail: resolutionMail(rows[0].email, outcome.number, resolution, refunded) } : null;
        },
        app.log,
        'problem resolution mails',
      );
      return outcome;
    },
  };
}
export type OrderProtection = ReturnType<typeof orderProtection>;

export default fp(
  async function orderProtectionPlugin(app: FastifyInstance) {
    app.decorate('orderProtection', orderProtection(app));
  },
  { name: 'order-protection', dependencies: ['config', 'clock', 'db', 'mailer', 'payments', 'wallet'] },
);
