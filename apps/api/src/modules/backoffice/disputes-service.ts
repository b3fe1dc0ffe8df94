import type { DisputeDetail, DisputeQuery, DisputeResolve } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, notFound } from '../../core/errors';
import { piecesRefund } from '../orders/claim-refunds';
import { refundLeft } from '../orders/order-cancellation';
import { recordAudit } from './audit-repository';
import { DISPUTE_PAGE_SIZE, disputeDetail, disputeQueue } from './disputes-repository';
import type { StaffSession } from './staff-sessions';
import { stepUpStaff } from './staff-sign-in';

declare module 'fastify' {
  interface FastifyInstance {
    disputes: ReturnType<typeof disputesService>;
  }
}

/**
 * The buyers' "I have a problem" claims and the provider's disputes for support: the queue, one order
 * with its pieces and tracking, and a claim's decision — orders' own resolve (a full or partial refund
 * or the release, the ledger, both parties' mails) with the staff's reason, and its audit entry written
 * in the same transaction. A chargeback is the bank's to decide: the page shows it and links to the
 * provider, where the evidence is answered.
 */
function disputesService(app: FastifyInstance) {
  const { db, config, clock } = app;
  const providerUrl = (disputeId: string) =>
    `https://dashboard.stripe.com/${config.STRIPE_SECRET_KEY?.startsWith('sk_test_') ? 'test/' : ''}disputes/${encodeURIComponent(disputeId)}`;
  const pieceRefusal = (key: 'dispute_piece_unknown' | 'dispute_piece_refunded') =>
    apiError(422, key, { fields: [{ field: 'listing_ids', key }] });

  /** What a decision would give back to the card, in cents (null: nothing, a release). */
  async function refundOf(
    orderId: number,
    resolution: DisputeResolve['resolution'],
    listingIds: readonly number[],
  ): Promise<number | null> {
    if (resolution === 'release') return null;
    if (resolution === 'refund') {
      const order = (
        await db.query<{ total_cents: number }>('SELECT total_cents FROM orders WHERE id = $1', [
          orderId,
        ])
      ).rows[0];
      return order ? refundLeft(orderId, order.total_cents, db) : null;
    }
    const partly = await piecesRefund(db, orderId, listingIds);
    if (typeof partly === 'string') throw pieceRefusal(partly);
    return partly.buyerCents;
  }

  return {
    async queue(query: DisputeQuery) {
      const { disputes, total } = await disputeQueue(db, query);
      return { disputes, total, page: query.page, page_size: DISPUTE_PAGE_SIZE };
    },

    async detail(orderId: number): Promise<DisputeDetail> {
      const dispute = await disputeDetail(db, orderId);
      if (!dispute) throw notFound('Order');
      const { chargeback, ...rest } = dispute;
      const left = Math.round((dispute.total - dispute.refunded) * 100);
      return {
        ...rest,
        chargeback:
          chargeback &&
          (({ amount_cents, ...kept }) => ({
            ...kept,
            amount: amount_cents / 100,
            provider_url: providerUrl(kept.id),
          }))(chargeback),
        refund_needs_code: left > config.STAFF_REFUND_STEP_UP_CENTS,
        step_up_above: config.STAFF_REFUND_STEP_UP_CENTS / 100,
      };
    },

    async resolve(
      by: StaffSession,
      orderId: number,
      { resolution, reason, code, listing_ids: listingIds = [] }: DisputeResolve,
    ) {
      // A refund above the threshold asks for the authenticator's code again, spent once like a sign-in's.
      let steppedUp = false;
      // A decided claim is said so before any code is asked for (or spent).
      const claim = (
        await db.query<{ open: boolean }>(
          'SELECT problem_reported_at IS NOT NULL AND problem_resolved_at IS NULL AS open FROM orders WHERE id = $1',
          [orderId],
        )
      ).rows[0];
      if (!claim) throw notFound('Order');
      if (!claim.open) throw apiError(409, 'no_open_problem');
      const refundCents = await refundOf(orderId, resolution, listingIds);
      if (refundCents !== null && refundCents > config.STAFF_REFUND_STEP_UP_CENTS) {
        if (!code)
          throw apiError(403, 'staff_step_up_required', {
            fields: [{ field: 'code', key: 'staff_step_up_required' }],
          });
        if (!(await db.transaction((tx) => stepUpStaff(tx, by.staff_id, code, clock.now()))))
          throw apiError(422, 'staff_totp_invalid', {
            fields: [{ field: 'code', key: 'staff_totp_invalid' }],
          });
        steppedUp = true;
      }
      const outcome = await app.orderProtection.resolve(orderId, resolution, {
        reason,
        listingIds,
        record: (tx, decided) =>
          recordAudit(tx, {
            staffId: by.staff_id,
            action: 'dispute.resolve',
            targetType: 'order',
            targetId: decided.number,
            before: { resolution: null },
            after: {
              resolution: decided.resolution,
              refunded_cents: decided.refundedCents,
              ...(decided.listingIds.length ? { listing_ids: decided.listingIds } : {}),
              ...(steppedUp ? { stepped_up: true } : {}),
            },
            reason,
          }).then(() => undefined),
      });
      if (outcome === 'not_found') throw notFound('Order');
      if (outcome === 'no_problem') throw apiError(409, 'no_open_problem');
      if (typeof outcome === 'string') throw pieceRefusal(outcome);
      return this.detail(orderId);
    },
  };
}

export default fp(
  async (app: FastifyInstance) => void app.decorate('disputes', disputesService(app)),
  {
    name: 'disputes',
    dependencies: ['db', 'config', 'clock', 'order-protection'],
  },
);
