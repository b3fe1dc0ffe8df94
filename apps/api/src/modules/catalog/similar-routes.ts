import { ApiError, ProductParams, SimilarPieces, SimilarQuery } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../core/errors';
import { answerLanguage } from '../../core/language';
import { PUBLIC_CATALOGUE_CACHE_CONTROL } from './catalogue-cache';

/** A product page's "Similar pieces", in the page's data so the server renders it. */
const similarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:product_id/similar',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Up to 8 available pieces like this product: same category, the same colour first, then nearest the price',
        params: ProductParams,
        querystring: SimilarQuery,
        response: { 200: SimilarPieces, 404: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      const pieces = await app.alerts.similar(request.params.product_id, request.query.variant, answerLanguage(request, reply));
      if (!pieces) throw notFound('Product');
      reply.header('Cache-Control', PUBLIC_CATALOGUE_CACHE_CONTROL);
      return { pieces };
    },
  );
};

export default similarRoutes;
