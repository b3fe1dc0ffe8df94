import { BrandDetails, BrandDetailsQuery, Health, NewsletterRequest, NewsletterResponse, ApiError } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { contentLanguage } from '../../core/language';

/** Health, brand details and the newsletter (spec §7). */
const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { brandsRepository: brands } = app;

  app.get(
    '/health',
    { schema: { tags: ['platform'], description: 'The engine and uptime only with the header X-Operator-Key (OPERATOR_KEY).', response: { 200: Health } } },
    async (request) => {
      const key = request.headers['x-operator-key'];
      return app.health.status(typeof key === 'string' ? key : undefined);
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['platform'],
        description:
          'Ready for traffic: the database answers and every migration is applied (200), else 503 with the reason. For the proxy and orchestrators; /health says only that the process is alive.',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('not_ready'), reason: z.string(), pending: z.array(z.string()).optional() }),
        },
      },
    },
    async (_request, reply) => {
      const readiness = await app.health.ready();
      reply.header('Cache-Control', 'no-store');
      if (readiness.ready) return { status: 'ready' as const };
      return reply.code(503).send({ status: 'not_ready' as const, reason: readiness.reason, pending: readiness.pending });
    },
  );

  app.get(
    '/brands/details',
    { schema: { tags: ['platform'], summary: 'Brand details (spec §3)', querystring: BrandDetailsQuery, response: { 200: BrandDetails, 404: ApiError, 422: ApiError } } },
    async (request, reply) => {
      const details = await brands.details(request.query.id_brand);
      if (!details) throw notFound('Brand');
      reply.header('Cache-Control', 'public, max-age=300');
      // The pages say a piece is checked only when the store checks it (issue 48).
      return { ...details, verification: app.config.VERIFICATION_MODE };
    },
  );

  app.post(
    '/commons/newsletteremail',
    {
      schema: {
        tags: ['platform'],
        summary: 'Newsletter sign-up with double opt-in: mails the address a confirmation link; the same email twice is fine',
        body: NewsletterRequest,
        response: { 200: NewsletterResponse, 422: ApiError, 429: ApiError },
      },
    },
    async (request) => {
      await app.newsletter.subscribe(request.body.email, request.clientAddress, request.log, contentLanguage(request.headers['accept-language']));
      return { subscribed: true as const, email: request.body.email.toLowerCase() };
    },
  );

  app.get(
    '/commons/newsletteremail/confirm/:token',
    {
      schema: {
        tags: ['platform'],
        summary: 'The link in the confirmation mail: confirms the address and sends the browser to the store',
        description: 'Always 303 to PUBLIC_URL with ?newsletter=confirmed, or ?newsletter=expired for a used, expired or unknown link.',
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => reply.redirect(await app.newsletter.confirm(request.params.token), 303),
  );
};

export default platformRoutes;
