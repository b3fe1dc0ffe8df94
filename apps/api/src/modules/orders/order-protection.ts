import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import fp from 'fastify-plugin';
import type { Mail } from '../../core/mail/mailer';
import { DEFAULT_READER, mailText, readerOf } from '../../core/mail/mail-texts';
import { orderMailTexts } from './mail-texts';
import { givePiecesBack, piecesRefund } from './claim-refunds';
import { orderReaders, refundLeft, type Reader } from './order-cancellation';

/** The store's support team reads its mails in the store's fallback language (English) and Lisbon time. */
const supportReader = (email: string): Reader => ({ email, language: DEFAULT_READER.language, time_zone: DEFAULT_READER.timeZone });

declare module 'fastify' {
  interface FastifyInstance {
    orderProtection: OrderProtection;
  }
}

export type ProblemResolution = 'refund' | 'partial' | 'release';
/** What a decision did: its resolution (a partial refund naming every piece left is a full one), the cents given back, the pieces refunded. */
export interface Decided {
  number: string;
  resolution: ProblemResolution;
  refundedCents: number | null;
  listingIds: number[];
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

/** The mail a reported problem sends to a seller of the order, in their language, or to the store's support. */
export function problemMail(reader: Reader, order: { number: string; buyerEmail: string }, description: string, forSupport: boolean): Mail {
  const { t } = mailText(readerOf(reader), orderMailTexts);
  return {
    to: reader.email,
    subject: t('problem.subject', { number: order.number }),
    text: [
      t('problem.reported', { number: order.number }),
      '',
      description,
      '',
      forSupport ? t('problem.forSupport', { email: order.buyerEmail }) : t('problem.onHold'),
      '',
      t('common.signature'),
    ].join('\n'),
  };
}

/**
 * The mail a decision sends to the buyer and each seller, in their language, with the staff's reason
 * when given: released (no refund), refunded in full, or refunded for the pieces named.
 */
export function resolutionMail(reader: Reader, number: string, refundedCents: number | null, reason?: string, pieces?: readonly string[]): Mail {
  const { t, money, language } = mailText(readerOf(reader), orderMailTexts);
  const outcome =
    refundedCents === null
      ? t('problem.released', { number })
      : pieces?.length
        ? t('problem.partlyRefunded', { number, amount: money(refundedCents), pieces: new Intl.ListFormat(language, { type: 'conjunction' }).format(pieces) })
        : t('problem.refunded', { number, amount: money(refundedCents) });
  return {
    to: reader.email,
    subject: t('problem.resolvedSubject', { number }),
    text: [
      outcome,
      ...(reason ? ['', t('problem.reason'), reason] : []),
      '',
      t('common.signature'),
    ].join('\n'),
  };
}

/**
 * The buyer's protection after a sale: a problem reported before the order's credit is
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

        // The sellers' and support's mails are queued with the report (the mail outbox).
        const about = { number: order.number, buyerEmail: order.email };
        const mails: number[] = [];
        for (const seller of await orderReaders(orderId, tx, { buyer: false })) mails.push(await app.mailOutbox.addMail({ mail: problemMail(seller, about, description, false) }, tx));
        mails.push(await app.mailOutbox.addMail({ mail: problemMail(supportReader(app.config.SUPPORT_EMAIL), about, description, true) }, tx));
        return { order, mails };
      });
      if (typeof outcome === 'string') return outcome;
      app.mailOutbox.sendSoon(outcome.mails);
      return { reportedAt: now, number: outcome.order.number };
    },

    /**
     * The decision on a reported problem, once (under the order's row lock, the UPDATE … WHERE
     * unresolved claims it): 'refund' gives back what is left of the total and takes every deposit
     * back; 'partial' refunds the pieces named, each by the rule of a piece refunded alone (the
     * provider's refund keyed by its line), and releases the rest; naming every piece left is a full
     * refund. `reason` is mailed to both parties; `record` writes in the decision's transaction what
     * the caller keeps of it (the back office's audit entry), so neither exists without the other.
     */
    async resolve(
      orderId: number,
      resolution: ProblemResolution,
      { reason, record, listingIds = [] }: { reason?: string; listingIds?: readonly number[]; record?: (tx: Queryable, outcome: Decided) => Promise<void> } = {},
    ): Promise<(Decided & { resolvedAt: Date }) | 'not_found' | 'no_problem' | 'dispute_piece_unknown' | 'dispute_piece_refunded'> {
      const now = clock.now();
      const decided = await db.transaction(async (tx) => {
        const { rows } = await tx.query<ProblemOrder>(
          'SELECT id, number, email, total_cents, payment_reference, problem_reported_at, problem_resolved_at FROM orders WHERE id = $1 FOR UPDATE',
          [orderId],
        );
        const order = rows[0];
        if (!order) return 'not_found' as const;
        if (!order.problem_reported_at || order.problem_resolved_at) return 'no_problem' as const;
        const partly = resolution === 'partial' ? await piecesRefund(tx, orderId, listingIds) : null;
        if (typeof partly === 'string') return partly;
        const outcome: ProblemResolution = partly?.whole ? 'refund' : resolution;
        await tx.query('UPDATE orders SET problem_resolved_at = $2, problem_resolution = $3 WHERE id = $1', [orderId, now, outcome]);
        let refundedCents: number | null = null;
        if (outcome === 'partial') {
          // A refused refund rolls the decision back; the provider keys each refund by its line.
          await givePiecesBack(app, tx, orderId, order.payment_reference, partly!.pieces, now);
          refundedCents = partly!.buyerCents;
        } else if (outcome === 'refund') {
          // What lines cancelled alone before shipping gave back is not given again.
          refundedCents = await refundLeft(orderId, order.total_cents, tx);
          await app.wallet.refundSales(orderId, now, tx);
          // Last, so a refused refund rolls the decision back; the provider's refund is keyed by the payment.
          const reference = await app.payments.refund(order.payment_reference, refundedCents);
          await tx.query(
            'INSERT INTO payment_refunds (order_id, amount_cents, provider_reference, created_at) VALUES ($1, $2, $3, $4)',
            [orderId, refundedCents, reference, now],
          );
        }
        const pieces = outcome === 'partial' ? partly!.pieces.map((piece) => piece.title) : [];
        // The buyer's and the sellers' mails are queued with the decision (the mail outbox).
        const mails: number[] = [];
        for (const reader of await orderReaders(orderId, tx)) mails.push(await app.mailOutbox.addMail({ mail: resolutionMail(reader, order.number, refundedCents, reason, pieces) }, tx));
        const result: Decided = { number: order.number, resolution: outcome, refundedCents, listingIds: outcome === 'partial' ? partly!.pieces.map((piece) => piece.listingId) : [] };
        await record?.(tx, result);
        return { outcome: { ...result, resolvedAt: now }, mails };
      });
      if (typeof decided === 'string') return decided;
      app.mailOutbox.sendSoon(decided.mails);
      return decided.outcome;
    },
  };
}
export type OrderProtection = ReturnType<typeof orderProtection>;

export default fp(
  async function orderProtectionPlugin(app: FastifyInstance) {
    app.decorate('orderProtection', orderProtection(app));
  },
  { name: 'order-protection', dependencies: ['config', 'clock', 'db', 'mail-outbox', 'payments', 'wallet'] },
);
