import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, fieldError, notFound } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { parseTrackingNumber, pickupTrackingProblem, trackingNumberProblem } from '../shipping/tracking-numbers';
import { packageLabel } from '../shipping/shipping-label';

declare module 'fastify' {
  interface FastifyInstance {
    sales: ReturnType<typeof salesService>;
  }
}

/** The seller's side of orders: shipping a package with its tracking number, in one transaction. */
export function salesService(app: FastifyInstance) {
  const orders = app.ordersRepository;
  return {
    /** Marks the sale shipped (or corrects its number); the buyer hears of it once, in the feed. */
    /** `lang`: the language the answer's sale is written in, the page's (the card turned English after "Mark as shipped"). */
    async markShipped(sellerId: number, orderId: number, trackingNumber: string, lang: ContentLanguage = 'en') {
      if (!(await orders.sale(sellerId, orderId))) throw notFound('Sale');
      // A bought label's parcel is shipped by the carrier's first scan: no number to type.
      if (app.config.CARRIER_MODE === 'sendcloud') throw apiError(409, 'shipped_by_carrier');
      const tracking = parseTrackingNumber(trackingNumber);
      if (!tracking) throw fieldError('tracking_number', trackingNumberProblem(trackingNumber));
      const mails: number[] = [];
      const done = await app.db.transaction(async (tx) => {
        const facts = await orders.shippingFacts(sellerId, orderId, tx);
        // A package for a pickup point carries that point's carrier's number (a Correos point in Spain, Correos').
        const wrong = facts?.pickup_carrier && facts.pickup_zip !== null ? pickupTrackingProblem(tracking, { carrier: facts.pickup_carrier, zip_code: facts.pickup_zip }) : null;
        if (wrong) throw fieldError('tracking_number', wrong);
        const result = await orders.markShipped(sellerId, orderId, tracking, app.clock.now(), tx);
        // The buyer hears of it once (a corrected number is not news): in the feed,
        // and by mail with the tracking number, a guest too.
        if (result === 'shipped' && facts && !facts.shipped) {
          if (facts.buyer_id !== null) {
            await app.notificationFeed.add(facts.buyer_id, 'shipped', { reference: facts.number, title: facts.title, title_pt: facts.title_pt, title_es: facts.title_es, link: `/user/orders/${facts.order_id}` }, tx);
          }
          mails.push(await app.orderMails.queueShipped(facts.order_id, orderId, tx));
        }
        return result;
      });
      app.mailOutbox.sendSoon(mails);
      if (done === 'used') throw apiError(409, 'tracking_number_used', { fields: [{ field: 'tracking_number', key: 'tracking_number_used' }] });
      if (done === 'closed') throw apiError(409, 'order_closed');
      return (await orders.sale(sellerId, orderId, app.db, lang))!;
    },
    /**
     * The label the store draws for the seller's package (the test carrier's), as the sale mail has it:
     * on a phone the seller downloads it from the sale rather than finding the mail. Null
     * when the package is not the seller's.
     */
    async drawnLabel(sellerId: number, packageId: number): Promise<{ pdf: Buffer; orderNumber: string } | null> {
      const orderId = await orders.packageOrder(sellerId, packageId);
      if (orderId === null) return null;
      const found = await orders.record(orderId);
      const language = found?.packages.find((pkg) => pkg.id === packageId)?.seller_language;
      // The pieces' titles in the seller's language, as on the mail.
      const record = language === 'pt' ? ((await orders.record(orderId, undefined, 'pt')) ?? found) : found;
      if (!record) return null;
      return { pdf: Buffer.from(await packageLabel(record, packageId, app.config.HUB)), orderNumber: record.order.number };
    },
  };
}

export default fp(
  async function salesServicePlugin(app: FastifyInstance) {
    app.decorate('sales', salesService(app));
  },
  { name: 'sales-service', dependencies: ['config', 'db', 'clock', 'order-mails', 'mail-outbox'] },
);
