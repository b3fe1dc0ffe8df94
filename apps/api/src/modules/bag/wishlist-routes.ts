import { ApiError, WishlistEntries, WishlistToggleRequest } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../core/errors';
import { answerLanguage } from '../../core/language';

const errors = { 401: ApiError, 404: ApiError, 422: ApiError };
const security = [{ bearer: [] }];

/** The wishlist (spec §6, §7 PUT customers/wishlist) and its read for the account page. */
const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/wishlist',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bag'],
        summary: 'The saved pieces, newest first, with their availability and cheapest price now',
        security,
        response: { 200: WishlistEntries, ...errors },
      },
    },
    async (request, reply) => app.wishlistRepository.entries(request.customerId!, answerLanguage(request, reply)),
  );

  app.put(
    '/customers/wishlist',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bag'],
        summary: 'Saves a product child (a piece in one colour and size), or removes it when saved; answers the wishlist',
        description: 'A child_id that does not exist: 404.',
        security,
        body: WishlistToggleRequest,
        response: { 200: WishlistEntries, ...errors },
      },
    },
    async (request, reply) => {
      const customerId = request.customerId!;
      if (!(await app.wishlistRepository.toggle(customerId, request.body.child_id))) throw apiError(404, 'product_unknown');
      return app.wishlistRepository.entries(customerId, answerLanguage(request, reply));
    },
  );
};

export default wishlistRoutes;
