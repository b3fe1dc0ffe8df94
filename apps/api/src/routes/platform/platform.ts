import { BrandDetails, BrandDetailsQuery, Health, NewsletterRequest, NewsletterResponse, ApiError } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';

/** Health, brand details and the newsletter (spec §7). */
const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { brandsRepository: brands, newsletterRepository: newsletter } = app;

  app.get('/health', { schema: { tags: ['platform'], response: { 200: Health } } }, async () => app.health.status());

  app.get(
    '/brands/details',
    { schema: { tags: ['platform'], summary: 'Brand details (spec §3)', querystring: BrandDetailsQuery, response: { 200: BrandDetails, 404: ApiError, 422: ApiError } } },
    async (request, reply) => {
      const details = await brands.details(request.query.id_brand);
      if (!details) throw notFound('Brand');
      reply.header('Cache-Control', 'public, max-age=300');
      return details;
    },
  );

  app.post(
    '/commons/newsletteremail',
    { schema: { tags: ['platform'], summary: 'Newsletter sign-up; the same email twice is fine', body: NewsletterRequest, response: { 200: NewsletterResponse, 422: ApiError } } },
    async (request) => {
      await newsletter.subscribe(request.body.id_brand, request.body.email);
      return { subscribed: true as const, email: request.body.email.toLowerCase() };
    },
  );
};

export default platformRoutes;
