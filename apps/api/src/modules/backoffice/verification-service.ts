import type { VerificationDecision, VerificationDetail } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../core/errors';
import type { AuditWriter, Decider } from '../orders/hub-verification';
import { hubLabel } from '../shipping/shipping-label';
import { recordAudit } from './audit-repository';

declare module 'fastify' {
  interface FastifyInstance {
    hubBench: ReturnType<typeof hubBench>;
  }
}

/** A staff decision's audit entry ('verification.receive', 'verification.pass', 'verification.fail'), in the decision's transaction. */
const audit: AuditWriter = (tx, entry) =>
  recordAudit(tx, { staffId: entry.staffId, action: entry.action, targetType: 'order', targetId: entry.targetId, before: entry.before, after: entry.after, reason: entry.reason });

/** The hub's bench for staff (issue 48): the orders module's verification, with the audit log and the hub's labels. */
function hubBench(app: FastifyInstance) {
  const { db } = app;
  return {
    async receive(by: Decider, packageId: number): Promise<VerificationDetail> {
      await app.hubVerification.receive(by, packageId, audit);
      return app.hubVerification.detail(packageId);
    },

    decide: (by: Decider, packageId: number, input: VerificationDecision) => app.hubVerification.decide(by, packageId, input, audit),

    /** The hub's label: `outbound` (the passed pieces to the buyer) or `return` (the failed ones to their seller). */
    async label(packageId: number, kind: 'outbound' | 'return'): Promise<{ pdf: Uint8Array; name: string }> {
      const hub = app.config.HUB;
      const detail = await app.hubVerification.detail(packageId);
      const pieces = detail.pieces_detail.filter((piece) => piece.verdict === (kind === 'outbound' ? 'pass' : 'fail'));
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
        orderNumber: detail.order_number,
        packageId: detail.package_id,
        shipBy: pkg.ship_by,
        hub,
        to: kind === 'outbound' ? record.order.delivery_address : { name: '', ...sellerAddress! },
        pickupPoint: kind === 'outbound' ? record.pickupPoint : null,
        pieces: pieces.map((piece) => `${piece.title} (${piece.colour}, ${piece.size})`),
        language: kind === 'outbound' ? record.order.language : pkg.language,
      });
      return { pdf, name: `hub-${kind}-${detail.order_number}-${detail.package_id}.pdf` };
    },
  };
}

export default fp(async (app: FastifyInstance) => void app.decorate('hubBench', hubBench(app)), {
  name: 'hub-bench',
  dependencies: ['db', 'config', 'hub-verification', 'orders-repository'],
});
