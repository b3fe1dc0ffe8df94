import { ApiError, PickupPointList, PickupPointsQuery } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /checkout/pickuppoints — where a parcel can be collected, nearest first. */
const pickupPointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  app.get(
    '/checkout/pickuppoints',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Pickup points, nearest to lat/lng (Lisbon by default) first',
        description: `limit defaults to ${config.PICKUP_POINTS_DEFAULT_LIMIT} and never exceeds ${config.PICKUP_POINTS_MAX_LIMIT} (PICKUP_POINTS_DEFAULT_LIMIT, PICKUP_POINTS_MAX_LIMIT).`,
        querystring: PickupPointsQuery,
        response: { 200: PickupPointList, 422: ApiError },
      },
    },
    async (request) => {
      const { lat, lng, city, limit } = request.query;
      const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
      const count = Math.min(limit ?? config.PICKUP_POINTS_DEFAULT_LIMIT, config.PICKUP_POINTS_MAX_LIMIT);
      return { pickup_points: await app.checkoutRepository.pickupPoints(near, city || undefined, count) };
    },
  );
};

export default pickupPointRoutes;
