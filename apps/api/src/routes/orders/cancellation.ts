import { ApiError, CancelResult, OrderParams, type ErrorCode } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, notFound } from '../../lib/errors';
import { euros } from '../../lib/money';
import type { Canceller, CancelRefusal } from '../../plugins/app/orders/order-cancellation';

const security = [{ bearer: [] }];
const answers = { 200: CancelResult, 401: ApiError, 404: ApiError, 409: ApiError, 422: ApiError };

const REFUSALS: Record<Exclude<CancelRefusal, 'not_found'>, ErrorCode> = {
  shipped: 'order_shipped',
  problem: 'order_problem_open',
  cancelled: 'order_cancelled',
  other_sellers: 'order_other_sellers',
  not_overdue: 'order_not_overdue',
};

/** Cancelling an order before it ships (issue 28): by its buyer, or by the seller of its one package. */
const cancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  const cancel = async (orderId: number, who: Canceller, what: string) => {
    const outcome = await app.orderCancellation.cancel(orderId, who);
    if (outcome === 'not_found') throw notFound(what);
    if (typeof outcome === 'string') throw apiError(409, REFUSALS[outcome]);
    return { number: outcome.number, cancelled_by: who.by, cancelled_at: outcome.cancelledAt.toISOString(), refunded: euros(outcome.refundedCents) };
  };

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags: ['orders'],
        security,
        summary: 'The buyer cancels an order nothing of which has shipped: the whole total is refunded',
        description: 'Each seller’s credit for it is taken back. A package already shipped, a problem reported, or already cancelled: 409. Another customer’s order: 404.',
        params: OrderParams,
        response: answers,
      },
    },
    async (request) => cancel(request.params.id, { by: 'buyer', customerId: request.customerId! }, 'Order'),
  );

  app.post(
    '/sales/:id/cancel',
    {
      schema: {
        tags: ['sales'],
        security,
        summary: 'The seller cancels a sale they cannot ship (before shipping it): the buyer is refunded in full',
        description: 'The order must hold only this seller’s package (else 409: the store’s support cancels a part). Shipped, a problem reported, or already cancelled: 409. Another seller’s package: 404.',
        params: OrderParams,
        response: answers,
      },
    },
    async (request) => {
      const orderId = await app.ordersRepository.packageOrder(request.customerId!, request.params.id);
      if (orderId === null) throw notFound('Sale');
      return cancel(orderId, { by: 'seller', sellerId: request.customerId!, packageId: request.params.id }, 'Sale');
    },
  );
};

export default cancellationRoutes;
