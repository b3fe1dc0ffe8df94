import { ApiError, CheckoutData } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerLanguage } from '../../core/language';

/** Spec §7 GET checkout: the bag as the checkout shows it (order summary panel, /checkout). */
const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bag'],
        summary: 'Checkout data: the bag lines with the seller’s FirstName, and the subtotal of the lines that can be bought',
        security: [{ bearer: [] }],
        response: { 200: CheckoutData, 401: ApiError },
      },
    },
    async (request, reply) => app.bagRepository.checkout(request.customerId!, answerLanguage(request, reply)),
  );
};

export default checkoutRoutes;
