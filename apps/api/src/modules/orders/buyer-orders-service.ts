import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, HttpError, notFound } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { tokenHash } from '../identity/passwords';
import { proofSubject } from '../identity/accounts';
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

    /**
     * One guest order joins the account with the e-mail it was placed with. The
     * confirmation mail's link proves the inbox: its order joins, and the account's e-mail counts as
     * proven. The payment answer's token proves only who paid: its order joins a verified account
     * (403 `email_not_verified` before). Anything else: 404 `claim_link_unusable`, nothing moves.
     */
    async claim(customerId: number, claimToken: string, lang: ContentLanguage) {
      const customer = await app.customersRepository.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      const hash = tokenHash(claimToken);
      const now = app.clock.now();
      const byMail = await app.db.transaction(async (tx) => {
        const orderId = await orders.claimOne(customerId, customer.email, 'mail', hash, now, tx);
        if (orderId !== null) await app.customersRepository.markVerified(customerId, customer.email, tx);
        return orderId;
      });
      if (byMail !== null) return detail(await mine(customerId, byMail, lang));
      if (!(await orders.claimable(customer.email, hash, now))) throw apiError(404, 'claim_link_unusable');
      if (customer.email_verified_at === null) throw apiError(403, 'email_not_verified');
      const orderId = await orders.claimOne(customerId, customer.email, 'payment', hash, now);
      if (orderId === null) throw apiError(404, 'claim_link_unusable');
      return detail(await mine(customerId, orderId, lang));
    },

    /** Mails the account's e-mail a code that claims every guest order of it (throttled). */
    async sendClaimCode(customerId: number, address: string): Promise<void> {
      const customer = await app.customersRepository.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      await app.emailProofs.send('claim_orders', proofSubject(customer), address);
    },

    /**
     * With the code just mailed to the account's e-mail (a fresh proof of the inbox): every guest
     * order of that e-mail joins the account, and the e-mail counts as proven. A wrong code moves nothing.
     */
    async claimAll(customerId: number, code: string, address: string): Promise<{ claimed: number }> {
      const customer = await app.customersRepository.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      const claimed = await app.throttle.failures(
        [{ key: `proof:code:${customerId}`, max: app.config.LOGIN_MAX_FAILURES_PER_ADDRESS }, { key: `login:ip:${address}`, max: app.config.LOGIN_MAX_FAILURES }],
        async () => {
          await app.emailProofs.useCode('claim_orders', { customerId, email: customer.email }, code);
          return app.db.transaction(async (tx) => {
            await app.customersRepository.markVerified(customerId, customer.email, tx);
            return orders.claimAll(customerId, customer.email, tx);
          });
        },
        (error) => error instanceof HttpError && error.statusCode === 422,
      );
      return { claimed };
    },
  };
}

export default fp(
  async function buyerOrdersServicePlugin(app: FastifyInstance) {
    app.decorate('buyerOrders', buyerOrdersService(app));
  },
  { name: 'buyer-orders-service', dependencies: ['db', 'clock', 'customers-repository', 'email-proofs', 'throttle'] },
);
