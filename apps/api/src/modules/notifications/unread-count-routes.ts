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
        summary: 'The unread entries of your notifications feed (the header badge); `parts.offers` counts the offer ones, `parts.messages` the unread messages of your threads',
        response: { 200: NotificationsCount, 401: ApiError },
      },
    },
    async (request) => {
      const [{ total, parts }, messages] = await Promise.all([app.notifications.counts(request.customerId!), app.conversations.unread(request.customerId!)]);
      // The messages not read yet are a part apart: the header shows them beside the bag, not in the feed's badge.
      return { Notifications: total, parts: { ...parts, messages } };
    },
  );
};

export default notificationRoutes;
