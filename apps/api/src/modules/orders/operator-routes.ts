import { ApiError, OrderParams, OverdueResult, ResolveRequest, ResolveResult } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, notFound } from '../../core/errors';
import { euros } from '../../core/money';

/**
 * The store's operators: a problem a buyer reported is resolved by a refund or a release
 * of the credit. Header X-Operator-Key = OPERATOR_KEY; while OPERATOR_KEY is unset nobody is one.
 */
const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', app.health.requireOperator);

  app.post(
    '/operator/orders/:id/resolve',
    {
      schema: {
        tags: ['operator'],
        summary: 'Resolves a problem a buyer reported: refund the buyer, or release the credit to the seller(s)',
        description:
          "Header X-Operator-Key (OPERATOR_KEY). 'refund': the card gets the order's total back and each seller's deposit is taken back (a sale_refund row); 'release': the credit is available at once. No key: 401; unknown order: 404; no open problem: 409.",
        params: OrderParams,
        body: ResolveRequest,
        response: { 200: ResolveResult, 401: ApiError, 404: ApiError, 409: ApiError, 422: ApiError },
      },
    },
    async (request) => {
      const outcome = await app.orderProtection.resolve(request.params.id, request.body.resolution);
      if (outcome === 'not_found') throw notFound('Order');
      if (outcome === 'no_problem') throw apiError(409, 'no_open_problem');
      if (typeof outcome === 'string') throw apiError(422, outcome);
      return {
        number: outcome.number,
        resolution: request.body.resolution,
        resolved_at: outcome.resolvedAt.toISOString(),
        refunded: outcome.refundedCents === null ? null : euros(outcome.refundedCents),
      };
    },
  );

  app.post(
    '/operator/orders/cancel-overdue',
    {
      schema: {
        tags: ['operator'],
        summary: 'Cancels the orders not shipped by their ship-by date: each buyer refunded, each seller’s credit taken back',
        description: 'Header X-Operator-Key (OPERATOR_KEY). An order with a package past its ship-by date (Lisbon) and nothing shipped, no problem reported. Run it daily (a scheduler); again, it cancels nothing twice.',
        response: { 200: OverdueResult, 401: ApiError },
      },
    },
    async () => ({ cancelled: await app.orderCancellation.cancelOverdue() }),
  );
};

export default operatorRoutes;
