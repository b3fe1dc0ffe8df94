import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, notFound } from '../../../lib/errors';
import type { ContentLanguage } from '../../../lib/language';
import { tokenHash } from '../../../lib/passwords';
import { orderDetail, type OrderRecord } from './orders-repository';

declare module 'fastify' {
  interface FastifyInstance {
    buyerOrders: ReturnType<typeof buyerOrdersService>;
  }
}

/**
 * The buyer's side of orders (spec /user/orders, /user/orders/{id}, /review-order/{id}): each use
 * case answers the order as the buyer sees it, or refuses with a code. Another customer's order is
 * not found, never forbidden.
 */
export function buyerOrdersService(app: FastifyInstance) {
  const orders = app.ordersRepository;
  const businessDays = app.config.DELIVERY_BUSINESS_DAYS;
  const detail = (record: OrderRecord) => orderDetail(record, businessDays);

  async function mine(customerId: number, orderId: number, lang: ContentLanguage) {
    const record = await orders.forBuyer(customerId, orderId, lang);
    if (!record) throw notFound('Order');
    return record;
  }

  return {
    list: (customerId: number, page: number, limit: number, lang: ContentLanguage) => orders.listForBuyer(customerId, page, limit, { businessDays, lang }),

    detail: async (customerId: number, orderId: number, lang: ContentLanguage) => detail(await mine(customerId, orderId, lang)),

    /** Every package shipped → delivered; already delivered answers as it is. */
    async markReceived(customerId: number, orderId: number, lang: ContentLanguage) {
      const record = await mine(customerId, orderId, lang);
      if (record.order.status === 'delivered') return detail(record);
      if (!(await orders.markReceived(customerId, orderId, app.clock.now()))) throw apiError(409, 'order_not_shipped');
      return detail(await mine(customerId, orderId, lang));
    },

    /** A delivered order's rating and comment, once. */
    async review(customerId: number, orderId: number, review: { rating: number; comment: string }, lang: ContentLanguage) {
      const record = await mine(customerId, orderId, lang);
      if (record.order.status !== 'delivered') throw apiError(409, 'review_not_delivered');
      if (!(await orders.review(customerId, orderId, review.rating, review.comment))) throw apiError(409, 'review_exists');
      return detail(await mine(customerId, orderId, lang));
    },

    /** A guest order joins the account with the e-mail it was placed with (with every other guest order of that e-mail). */
    async claim(customerId: number, claimToken: string, lang: ContentLanguage) {
      const email = await app.checkoutRepository.customerEmail(customerId);
      const orderId = email ? await orders.claim(customerId, email, tokenHash(claimToken)) : null;
      if (orderId === null) throw notFound('Order');
      return detail(await mine(customerId, orderId, lang));
    },
  };
}

export default fp(
  async function buyerOrdersServicePlugin(app: FastifyInstance) {
    app.decorate('buyerOrders', buyerOrdersService(app));
  },
  { name: 'buyer-orders-service', dependencies: ['db', 'clock'] },
);
