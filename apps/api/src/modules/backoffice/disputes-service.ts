import type { DisputeQuery, DisputeResolve } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, notFound } from '../../core/errors';
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
 * The buyers' "I have a problem" claims for support: the queue, one claim with its pieces and
 * tracking, and the decision — orders' own resolve (the refund, the ledger, both parties' mails) with
 * the staff's reason, and its audit entry written in the same transaction.
 */
function disputesService(app: FastifyInstance) {
  const { db, config, clock } = app;
  const needsCode = (totalEuros: number) => Math.round(totalEuros * 100) > config.STAFF_REFUND_STEP_UP_CENTS;
  return {
    async queue(query: DisputeQuery) {
      const { disputes, total } = await disputeQueue(db, query);
      return { disputes, total, page: query.page, page_size: DISPUTE_PAGE_SIZE };
    },

    async detail(orderId: number) {
      const dispute = await disputeDetail(db, orderId);
      if (!dispute) throw notFound('Order');
      return { ...dispute, refund_needs_code: needsCode(dispute.total) };
    },

    async resolve(by: StaffSession, orderId: number, { resolution, reason, code }: DisputeResolve) {
      // A large refund asks for the authenticator's code again, spent once like a sign-in's.
      let steppedUp = false;
      if (resolution === 'refund') {
        const dispute = await disputeDetail(db, orderId);
        if (dispute && needsCode(dispute.total)) {
          if (!code) throw apiError(403, 'staff_step_up_required', { fields: [{ field: 'code', key: 'staff_step_up_required' }] });
          if (!(await db.transaction((tx) => stepUpStaff(tx, by.staff_id, code, clock.now())))) throw apiError(422, 'staff_totp_invalid', { fields: [{ field: 'code', key: 'staff_totp_invalid' }] });
          steppedUp = true;
        }
      }
      const outcome = await app.orderProtection.resolve(orderId, resolution, {
        reason,
        record: (tx, decided) =>
          recordAudit(tx, {
            staffId: by.staff_id,
            action: 'dispute.resolve',
            targetType: 'order',
            targetId: decided.number,
            before: { resolution: null },
            after: { resolution, refunded_cents: decided.refundedCents, ...(steppedUp ? { stepped_up: true } : {}) },
            reason,
          }).then(() => undefined),
      });
      if (outcome === 'not_found') throw notFound('Order');
      if (outcome === 'no_problem') throw apiError(409, 'no_open_problem');
      return this.detail(orderId);
    },
  };
}

export default fp(async (app: FastifyInstance) => void app.decorate('disputes', disputesService(app)), {
  name: 'disputes',
  dependencies: ['db', 'config', 'clock', 'order-protection'],
});
