import type { VerificationDecision, VerificationDetail } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, HttpError, notFound } from '../../core/errors';
import { euros } from '../../core/money';
import { piecesRefund } from '../orders/claim-refunds';
import type { AuditWriter, Decider, HubDetail, RefundApproval } from '../orders/hub-verification';
import { hubLabel } from '../shipping/shipping-label';
import { recordAudit } from './audit-repository';
import { stepUpStaff } from './staff-sign-in';

declare module 'fastify' {
  interface FastifyInstance {
    hubBench: ReturnType<typeof hubBench>;
  }
}

/** A staff decision's audit entry ('verification.receive', 'verification.pass', 'verification.fail'), in the decision's transaction. */
const audit: AuditWriter = (tx, entry) =>
  recordAudit(tx, { staffId: entry.staffId, action: entry.action, targetType: 'order', targetId: entry.targetId, before: entry.before, after: entry.after, reason: entry.reason });

/**
 * The hub's bench for staff (issue 48): the orders module's verification, with the audit log, the hub's
 * labels and the step-up of staff refunds: failures that refund the buyer more than
 * STAFF_REFUND_STEP_UP_CENTS need the member's authenticator code again, spent once (as a dispute's
 * refund), so a stolen console session alone moves no money out. Wrong codes count against the member
 * like failed sign-ins (throttled), so the six digits cannot be guessed through this form.
 */
function hubBench(app: FastifyInstance) {
  const { db, config, clock, throttle } = app;
  const threshold = config.STAFF_REFUND_STEP_UP_CENTS;

  /** The module's detail, with whether failing every piece left would need the code. */
  async function detail(packageId: number): Promise<VerificationDetail> {
    return withStepUp(await app.hubVerification.detail(packageId));
  }
  async function withStepUp(found: HubDetail): Promise<VerificationDetail> {
    const open = found.status === 'to_hub' || found.status === 'at_hub' ? found.pieces_detail.filter((piece) => piece.verdict === null && piece.refunded === null) : [];
    let needsCode = false;
    if (open.length) {
      const order = (await db.query<{ order_id: number }>('SELECT order_id FROM order_packages WHERE id = $1', [found.package_id])).rows[0]!;
      const refund = await piecesRefund(db, order.order_id, open.map((piece) => piece.listing_id));
      needsCode = typeof refund !== 'string' && refund.buyerCents > threshold;
    }
    return { ...found, refund_needs_code: needsCode, step_up_above: euros(threshold) };
  }

  return {
    detail,

    async receive(by: Decider, packageId: number): Promise<VerificationDetail> {
      await app.hubVerification.receive(by, packageId, audit);
      return detail(packageId);
    },

    async decide(by: Decider, packageId: number, input: VerificationDecision): Promise<VerificationDetail> {
      const { code } = input;
      const approve: RefundApproval = async (tx, refundCents) => {
        if (refundCents <= threshold) return false;
        if (!code) throw apiError(403, 'staff_step_up_required', { fields: [{ field: 'code', key: 'staff_step_up_required' }] });
        if (!(await stepUpStaff(tx, by.staff_id, code, clock.now()))) throw apiError(422, 'staff_totp_invalid', { fields: [{ field: 'code', key: 'staff_totp_invalid' }] });
        return true;
      };
      const decide = () => app.hubVerification.decide(by, packageId, input, audit, approve);
      // Only a decision that carries a code can guess one: only those count, and only a wrong code.
      const decided = code
        ? await throttle.failures([{ key: `staff:step-up:${by.staff_id}`, max: config.LOGIN_MAX_FAILURES_PER_ADDRESS }], decide, (error) => error instanceof HttpError && error.code === 'staff_totp_invalid')
        : await decide();
      return withStepUp(decided);
    },

    /** The hub's label: `outbound` (the passed pieces to the buyer) or `return` (the failed ones to their seller). */
    async label(packageId: number, kind: 'outbound' | 'return'): Promise<{ pdf: Uint8Array; name: string }> {
      const hub = app.config.HUB;
      const found = await app.hubVerification.detail(packageId);
      const pieces = found.pieces_detail.filter((piece) => piece.verdict === (kind === 'outbound' ? 'pass' : 'fail'));
      if (!hub || pieces.length === 0) throw notFound('Order');
      const { rows } = await db.query<{ order_id: number; seller_id: number; ship_by: string; language: string }>(
        "SELECT k.order_id, k.seller_id, to_char(k.ship_by, 'YYYY-MM-DD') AS ship_by, s.language FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.id = $1",
        [packageId],
      );
      const pkg = rows[0]!;
      const record = (await app.ordersRepository.record(pkg.order_id))!;
      const sellerAddress = (
        await db.query<{ first_name: string; last_name: string; phone: string; address: string; address2: string; zip_code: string; city: string; country: string }>(
          'SELECT first_name, last_name, phone, address, address2, zip_code, city, country FROM addresses WHERE customer_id = $1 ORDER BY is_default DESC, id LIMIT 1',
          [pkg.seller_id],
        )
      ).rows[0];
      // A seller with no address on file: the return waits at the hub for support to ask for one.
      if (kind === 'return' && !sellerAddress) throw notFound('Address');
      const pdf = await hubLabel({
        orderNumber: found.order_number,
        packageId: found.package_id,
        shipBy: pkg.ship_by,
        hub,
        to: kind === 'outbound' ? record.order.delivery_address : { name: '', ...sellerAddress! },
        pickupPoint: kind === 'outbound' ? record.pickupPoint : null,
        pieces: pieces.map((piece) => `${piece.title} (${piece.colour}, ${piece.size})`),
        language: kind === 'outbound' ? record.order.language : pkg.language,
      });
      return { pdf, name: `hub-${kind}-${found.order_number}-${found.package_id}.pdf` };
    },
  };
}

export default fp(async (app: FastifyInstance) => void app.decorate('hubBench', hubBench(app)), {
  name: 'hub-bench',
  dependencies: ['db', 'config', 'clock', 'throttle', 'hub-verification', 'orders-repository'],
});
