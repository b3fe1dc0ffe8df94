import { ApiError, CancelResult, OrderParams, PieceCancelResult, SalePieceParams, type ErrorCode } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, notFound } from '../../core/errors';
import { euros } from '../../core/money';
import type { Canceller, CancelRefusal, PieceRefusal } from './order-cancellation';

const security = [{ bearer: [] }];
const answers = { 200: CancelResult, 401: ApiError, 404: ApiError, 409: ApiError, 422: ApiError };

const REFUSALS: Record<Exclude<CancelRefusal, 'not_found'>, ErrorCode> = {
  shipped: 'order_shipped',
  problem: 'order_problem_open',
  cancelled: 'order_cancelled',
  other_sellers: 'order_other_sellers',
  not_overdue: 'order_not_overdue',
};

const PIECE_REFUSALS: Record<Exclude<PieceRefusal, 'not_found'>, ErrorCode> = {
  shipped: 'order_shipped',
  problem: 'order_problem_open',
  cancelled: 'order_cancelled',
  refunded: 'piece_refunded',
};

/**
 * Cancelling an order before it ships: by its buyer, or by the seller of its one package;
 * and one piece of a package by its seller (refunds of part of a bundle).
 */
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
        description: 'The order must hold only this seller’s package (else 409 `order_other_sellers`: cancel the pieces one by one). Shipped, a problem reported, or already cancelled: 409. Another seller’s package: 404.',
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

  app.post(
    '/sales/:id/pieces/:listing_id/cancel',
    {
      schema: {
        tags: ['sales'],
        security,
        summary: 'The seller cancels one piece of a package they cannot ship (before shipping it): the buyer is refunded that piece',
        description:
          'The buyer gets back the piece’s price less its share of the bundle discount and of the discount code, plus its share of Buyer Protection, plus the shipping fee with the package’s last piece and the delivery fee with the order’s last (shares split to the cent: every piece one by one = the whole total). The seller’s credit for it (its price less its bundle share) is taken back; the pieces kept keep their bundle discount. Once per piece: again is 409 `piece_refunded`. Shipped (`order_shipped`), a problem reported (`order_problem_open`), or the order cancelled (`order_cancelled`): 409. Another seller’s package or a piece not in it: 404.',
        params: SalePieceParams,
        response: { 200: PieceCancelResult, 401: ApiError, 404: ApiError, 409: ApiError, 422: ApiError },
      },
    },
    async (request) => {
      const outcome = await app.orderCancellation.cancelPiece(request.customerId!, request.params.id, request.params.listing_id);
      if (outcome === 'not_found') throw notFound('Sale');
      if (typeof outcome === 'string') throw apiError(409, PIECE_REFUSALS[outcome]);
      return {
        number: outcome.number,
        listing_id: request.params.listing_id,
        cancelled_at: outcome.cancelledAt.toISOString(),
        refunded: euros(outcome.refundedCents),
        taken_back: euros(outcome.takenBackCents),
        order_cancelled: outcome.orderCancelled,
      };
    },
  );
};

export default cancellationRoutes;
