import { ApiError, ReviewReplyParams, ReviewReplyRequest, SellerReview, SellerReviews, SellerReviewsQuery, VendorParams } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, notFound } from '../../core/errors';
import { answerLanguage } from '../../core/language';
import { PUBLIC_CATALOGUE_CACHE_CONTROL } from '../catalog/catalogue-cache';

const tags = ['reviews'];

/** A seller's reviews (public) and the seller's one answer to each. */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviewsRepository: reviews, catalogueCache: cache } = app;

  app.get(
    '/vendors/:id/reviews',
    {
      schema: {
        tags,
        summary: "A seller's reviews, newest first, with their rating",
        description: 'Reviews with stars only are listed too (they count in the rating). Not a seller: 404.',
        params: VendorParams,
        querystring: SellerReviewsQuery,
        response: { 200: SellerReviews, 404: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      const lang = answerLanguage(request, reply);
      const { id } = request.params;
      const { page, limit } = request.query;
      // Public and the same for everyone: kept like the seller's page, forgotten when a review or answer is written.
      const answer = await cache.get(`reviews:${lang}:${id}:${page}:${limit}`, async () => {
        if (!(await reviews.isSeller(id))) return null;
        const [ratings, list] = [await reviews.ratings([id]), await reviews.list(id, page, limit, lang)];
        return { rating: ratings.get(id)!, reviews: list, page, limit };
      });
      if (!answer) throw notFound('Seller');
      reply.header('Cache-Control', PUBLIC_CATALOGUE_CACHE_CONTROL);
      return answer;
    },
  );

  app.post(
    '/reviews/:id/reply',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'The seller answers a review of their sale, once',
        description:
          'The id is the reviewed order’s. Someone else’s review: 403; already answered: 409; an unknown or unreviewed order: 404; empty or over 500 characters: 422.',
        params: ReviewReplyParams,
        body: ReviewReplyRequest,
        response: { 200: SellerReview, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      const lang = answerLanguage(request, reply);
      const outcome = await reviews.reply(request.customerId!, request.params.id, request.body.reply, lang);
      if (outcome === 'not_found') throw notFound('Review');
      if (outcome === 'not_yours') throw apiError(403, 'review_not_yours');
      if (outcome === 'already_answered') throw apiError(409, 'review_already_answered');
      // This instance shows the answer at once; the others follow the catalogue's version (migration 024).
      cache.clear();
      return outcome.review;
    },
  );
};

export default reviewRoutes;
