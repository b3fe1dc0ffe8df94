import { ApiError, NotificationsCount } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The header badge's number (spec `Notifications`): the feed's unread entries, as the login answer carries them. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/count',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        security: [{ bearer: [] }],
        summary: 'The unread entries of your notifications feed (the header badge); `parts.offers` counts the offer ones',
        response: { 200: NotificationsCount, 401: ApiError },
      },
    },
    async (request) => {
      const { total, parts } = await app.notifications.counts(request.customerId!);
      return { Notifications: total, parts };
    },
  );
};

export default notificationRoutes;
