import { ApiError, NotificationFeed, NotificationFeedCount, NotificationReadRequest, PageQuery } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerLanguage } from '../../core/language';

const errors = { 401: ApiError, 422: ApiError };
const security = [{ bearer: [] }];
const tags = ['notifications'];

/** The signed-in customer's notifications feed (sales, payouts, codes, offers, price drops). */
const notificationFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/notifications/feed',
    { schema: { tags, security, summary: 'The feed, newest first, with the number of unread entries', querystring: PageQuery, response: { 200: NotificationFeed, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.notificationFeed.list(request.customerId!, request.query.page, request.query.limit, answerLanguage(request, reply));
    },
  );

  app.post(
    '/notifications/feed/read',
    {
      schema: {
        tags,
        security,
        summary: 'Marks entries read (`ids`), or every entry when no ids are sent; answers the unread count',
        body: NotificationReadRequest,
        response: { 200: NotificationFeedCount, ...errors },
      },
    },
    async (request) => ({ unread: await app.notificationFeed.markRead(request.customerId!, request.body.ids) }),
  );
};

export default notificationFeedRoutes;
