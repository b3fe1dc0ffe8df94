import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import type { Mail } from '../../core/mail/mailer';
import { DEFAULT_READER, mailText, readerOf } from '../../core/mail/mail-texts';
import { paymentMailTexts } from './mail-texts';
import { lineRefund, type LineRefund, type RefundLine, type RefundOrder, type RefundPackage } from '../orders/line-refunds';
import { orderReaders, type Reader } from '../orders/order-cancellation';
import type { ProviderEvent, ProviderEventSubject } from './payment-provider';

declare module 'fastify' {
  interface FastifyInstance {
    providerEvents: ProviderEvents;
  }
}

/** The events that settle a payment attempt (checkout-service's intentEvent). */
const SETTLING = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);
/** More lines than this in one order: a partial refund is not matched line by line (the search is exponential). */
const MAX_MATCHED_LINES = 12;

interface EventOrder extends RefundOrder {
  id: number;
  number: string;
  total_cents: number;
  cancelled_at: Date | null;
  dispute_id: string | null;
  dispute_status: 'open' | 'won' | 'lost' | null;
}

type Texts = ReturnType<typeof mailText>;

/** A mail of this module: its subject and sentences, in its reader's language. */
function providerMail(reader: Reader, write: (texts: Texts) => { subject: string; lines: string[] }): Mail {
  const texts = mailText(readerOf(reader), paymentMailTexts);
  const { subject, lines } = write(texts);
  return { to: reader.email, subject, text: [...lines, '', texts.t('common.signature')].join('\n') };
}

/**
 * The lines a partial refund made at the provider stands for: unrefunded lines of packages not
 * shipped whose refunds by the store's own rule (orders/line-refunds.ts, in id order) add up to
 * exactly `cents`. Null when none do.
 */
export function matchLines(order: RefundOrder, packages: readonly RefundPackage[], lines: readonly RefundLine[], refunded: ReadonlySet<number>, candidates: readonly number[], cents: number) {
  if (candidates.length > MAX_MATCHED_LINES) return null;
  const chosen: { lineId: number; refund: LineRefund }[] = [];
  const gone = new Set(refunded);
  const search = (from: number, left: number): boolean => {
    if (left === 0) return chosen.length > 0;
    for (let index = from; index < candidates.length; index++) {
      const lineId = candidates[index]!;
      const refund = lineRefund(order, packages, lines, gone, lineId);
      if (refund.buyerCents > left) continue;
      chosen.push({ lineId, refund });
      gone.add(lineId);
      if (search(index + 1, left - refund.buyerCents)) return true;
      chosen.pop();
      gone.delete(lineId);
    }
    return false;
  };
  return search(0, cents) ? chosen : null;
}

/**
 * The provider's word is final. A webhook event, handled once (stripe_webhook_events):
 * - `payment_intent.*` settles its payment attempt (checkout-service: intentEvent);
 * - `charge.refunded`: what the charge has refunded in all, less what the store's own refunds gave
 *   back, was refunded at the provider. All of what is left: the order is cancelled by 'provider'
 *   (each seller's credit taken back). A part: the lines it stands for (matchLines) are refunded as a
 *   seller's cancelled piece is, without a second refund at the provider. A part that matches no
 *   lines changes nothing and the operator is told;
 * - `charge.dispute.created` freezes the order's credit that is not released yet (wallet: on hold) and
 *   tells the sellers and the operator; `charge.dispute.closed` won releases it, lost takes it back
 *   (a sale_refund row), even once paid out: the seller's wallet then owes it (a negative balance that
 *   withdrawals cannot spend and later sales repay), unless it was paid to the seller's Stripe account
 *  : that transfer is reversed (payouts/stripe-connect.ts) and the wallet is whole again.
 * Each runs under the order's row lock, its mails queued in its transaction.
 */
export function providerEvents(app: FastifyInstance) {
  const { db, clock, config } = app;
  const attempts = app.paymentAttemptsRepository;
  const support: Reader = { email: config.SUPPORT_EMAIL, language: DEFAULT_READER.language, time_zone: DEFAULT_READER.timeZone };

  async function lockOrder(intentId: string, tx: Queryable): Promise<EventOrder | null> {
    const { rows } = await tx.query<EventOrder>(
      `SELECT id, number, total_cents, cancelled_at, dispute_id, dispute_status, processing_cents, verification_cents, shipping_cents, delivery_cents, discount_cents
       FROM orders WHERE payment_reference = $1 ORDER BY id LIMIT 1 FOR UPDATE`,
      [intentId],
    );
    return rows[0] ?? null;
  }

  async function mailAll(readers: Reader[], write: (texts: Texts) => { subject: string; lines: string[] }, tx: Queryable): Promise<number[]> {
    const ids: number[] = [];
    for (const reader of readers) ids.push(await app.mailOutbox.addMail({ mail: providerMail(reader, write) }, tx));
    return ids;
  }

  async function chargeRefunded(intentId: string, subject: Extract<ProviderEventSubject, { kind: 'charge_refunded' }>, tx: Queryable): Promise<number[]> {
    const order = await lockOrder(intentId, tx);
    // No order: the intent's money went back by the store's own refund (a payment that made no order).
    if (!order || order.cancelled_at) return [];
    const known = (await tx.query<{ back: number }>('SELECT coalesce(sum(amount_cents), 0)::int AS back FROM payment_refunds WHERE order_id = $1', [order.id])).rows[0]!.back;
    const fresh = Math.min(subject.amountRefundedCents, order.total_cents) - known;
    // The store's own refunds echo back here: nothing new.
    if (fresh <= 0) return [];
    const now = clock.now();
    const reference = subject.refundId ?? subject.chargeId;
    if (fresh === order.total_cents - known) {
      await tx.query("UPDATE orders SET cancelled_at = $2, cancelled_by = 'provider' WHERE id = $1 AND cancelled_at IS NULL", [order.id, now]);
      await app.wallet.refundSales(order.id, now, tx);
      // A sale already paid to the seller's Stripe account comes back from it.
      await app.stripeConnect.requestReversals(order.id, tx);
      await tx.query('INSERT INTO payment_refunds (order_id, amount_cents, provider_reference, created_at) VALUES ($1, $2, $3, $4)', [order.id, fresh, reference, now]);
      return mailAll(await orderReaders(order.id, tx), ({ t, money }) => ({ subject: t('provider.refundedSubject', { number: order.number }), lines: [t('provider.refundedOrder', { number: order.number, amount: money(fresh) })] }), tx);
    }
    const packages = (await tx.query<RefundPackage & { open: boolean }>('SELECT id, bundle_discount_cents, shipped_at IS NULL AND cancelled_at IS NULL AS open FROM order_packages WHERE order_id = $1', [order.id])).rows;
    const lines = (await tx.query<RefundLine & { title: string }>('SELECT id, package_id, price_cents, title FROM order_lines WHERE order_id = $1 ORDER BY id', [order.id])).rows;
    const refunded = new Set(
      (await tx.query<{ line_id: number }>('SELECT line_id FROM payment_refunds WHERE order_id = $1 AND line_id IS NOT NULL', [order.id])).rows.map((row) => row.line_id),
    );
    const open = new Set(packages.filter((row) => row.open).map((row) => row.id));
    const candidates = lines.filter((line) => !refunded.has(line.id) && open.has(line.package_id)).map((line) => line.id);
    const matched = matchLines(order, packages, lines, refunded, candidates, fresh);
    if (!matched) {
      app.log.warn({ orderId: order.id, intentId, cents: fresh }, 'a refund made at the provider matches no lines of the order');
      return mailAll([support], ({ t, money }) => ({ subject: t('provider.refundedSubject', { number: order.number }), lines: [t('provider.refundUnmatched', { number: order.number, amount: money(fresh) })] }), tx);
    }
    for (const { lineId, refund } of matched) {
      const line = lines.find((candidate) => candidate.id === lineId)!;
      await app.wallet.refundLine(line.package_id, lineId, refund.sellerCents, now, tx);
      if (refund.packageEmptied) await tx.query('UPDATE order_packages SET cancelled_at = $2 WHERE id = $1', [line.package_id, now]);
      if (refund.orderEmptied) await tx.query("UPDATE orders SET cancelled_at = $2, cancelled_by = 'provider' WHERE id = $1 AND cancelled_at IS NULL", [order.id, now]);
      await tx.query('INSERT INTO payment_refunds (order_id, line_id, amount_cents, provider_reference, created_at) VALUES ($1, $2, $3, $4, $5)', [order.id, lineId, refund.buyerCents, reference, now]);
    }
    const titles = matched.map(({ lineId }) => `“${lines.find((line) => line.id === lineId)!.title}”`).join(', ');
    return mailAll(await orderReaders(order.id, tx), ({ t, money }) => ({ subject: t('provider.refundedSubject', { number: order.number }), lines: [t('provider.refundedLines', { number: order.number, amount: money(fresh), titles })] }), tx);
  }

  async function dispute(intentId: string, subject: Extract<ProviderEventSubject, { kind: 'dispute' }>, tx: Queryable): Promise<number[]> {
    const order = await lockOrder(intentId, tx);
    if (!order) return [];
    // One dispute per order; a second (or an event of another dispute) is the operator's to look at.
    if (order.dispute_id !== null && order.dispute_id !== subject.disputeId) {
      app.log.warn({ orderId: order.id, disputeId: subject.disputeId }, 'a second dispute of an order');
      return [];
    }
    const now = clock.now();
    const sellers = await orderReaders(order.id, tx, { buyer: false });
    if (subject.status === 'open') {
      // Already known (or already closed: a created event arriving after the closed one): nothing more.
      if (order.dispute_id !== null) return [];
      await tx.query(
        "UPDATE orders SET dispute_id = $2, dispute_opened_at = $3, dispute_status = 'open', dispute_amount_cents = $4, dispute_reason = $5, dispute_evidence_due_by = $6 WHERE id = $1",
        [order.id, subject.disputeId, now, subject.amountCents, subject.reason ?? null, subject.evidenceDueBy ?? null],
      );
      const opened = ({ t, money }: Texts) => [t('provider.disputeOpened', { number: order.number, amount: money(subject.amountCents) })];
      return [
        ...(await mailAll(sellers, (texts) => ({ subject: texts.t('provider.disputeSubject', { number: order.number }), lines: opened(texts) }), tx)),
        ...(await mailAll([support], (texts) => ({
          subject: texts.t('provider.disputeSubject', { number: order.number }),
          lines: [...opened(texts), texts.t('provider.disputeForSupport', { dispute: subject.disputeId })],
        }), tx)),
      ];
    }
    if (order.dispute_status === 'won' || order.dispute_status === 'lost') return [];
    await tx.query(
      `UPDATE orders SET dispute_id = $2, dispute_opened_at = coalesce(dispute_opened_at, $3), dispute_closed_at = $3, dispute_status = $4,
         dispute_amount_cents = $5, dispute_reason = coalesce($6, dispute_reason) WHERE id = $1`,
      [order.id, subject.disputeId, now, subject.status, subject.amountCents, subject.reason ?? null],
    );
    if (subject.status === 'lost') {
      await app.wallet.refundSales(order.id, now, tx);
      // Paid out through Stripe Connect: the transfer is reversed rather than the wallet left owing.
      await app.stripeConnect.requestReversals(order.id, tx);
    }
    return mailAll([...sellers, support], ({ t, money }) => ({
      subject: t('provider.disputeClosedSubject', { number: order.number }),
      lines: [subject.status === 'won' ? t('provider.disputeWon', { number: order.number }) : t('provider.disputeLost', { number: order.number, amount: money(subject.amountCents) })],
    }), tx);
  }

  return {
    /** Handles a verified event once; false when it was handled before. */
    async handle(event: ProviderEvent): Promise<boolean> {
      if (await attempts.webhookSeen(event.id)) return false;
      const { subject, intentId } = event;
      if (subject.kind === 'intent' && intentId && SETTLING.has(event.type)) await app.checkout.intentEvent(intentId);
      if ((subject.kind === 'charge_refunded' || subject.kind === 'dispute') && intentId) {
        const mails = await db.transaction(async (tx) => {
          const ids = subject.kind === 'charge_refunded' ? await chargeRefunded(intentId, subject, tx) : await dispute(intentId, subject, tx);
          await attempts.recordWebhook(event.id, event.type, intentId, tx);
          return ids;
        });
        app.mailOutbox.sendSoon(mails);
        // The reversals asked for above, at once (Stripe down: the connect-transfers job tries again).
        await app.stripeConnect.reverseDue().catch((error: unknown) => app.log.warn({ err: error }, 'Stripe transfer reversals left to the next run'));
        return true;
      }
      await attempts.recordWebhook(event.id, event.type, intentId);
      return true;
    },

    /** Records an event whose handling failed for good (logged): it is not handled again. */
    record: (event: ProviderEvent) => attempts.recordWebhook(event.id, event.type, event.intentId),
  };
}
export type ProviderEvents = ReturnType<typeof providerEvents>;

export default fp(
  async function providerEventsPlugin(app: FastifyInstance) {
    app.decorate('providerEvents', providerEvents(app));
  },
  { name: 'provider-events', dependencies: ['config', 'clock', 'db', 'payment-attempts-repository', 'checkout-service', 'wallet', 'mail-outbox', 'stripe-connect'] },
);
