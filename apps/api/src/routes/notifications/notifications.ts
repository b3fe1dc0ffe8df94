import { ApiError, NotificationsCount } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The header badge's number (spec `Notifications`), the same sum the login answer carries. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/count',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        security: [{ bearer: [] }],
        summary: 'How many things wait for you: offers to answer or to buy (and, later, unread notifications)',
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
