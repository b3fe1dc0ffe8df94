import { ApiError, PickupPointList, PickupPointsQuery } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postcodeArea } from './postcode-areas';

/** GET /checkout/pickuppoints — where a parcel can be collected, nearest first. */
const pickupPointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  app.get(
    '/checkout/pickuppoints',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Pickup points, nearest to lat/lng, or to a postcode’s area (Lisbon by default), first; searchable by place',
        description: `limit defaults to ${config.PICKUP_POINTS_DEFAULT_LIMIT} and never exceeds ${config.PICKUP_POINTS_MAX_LIMIT} (PICKUP_POINTS_DEFAULT_LIMIT, PICKUP_POINTS_MAX_LIMIT).`,
        querystring: PickupPointsQuery,
        response: { 200: PickupPointList, 422: ApiError },
      },
    },
    async (request) => {
      const { lat, lng, zip_code: zipCode, country, city, q, limit } = request.query;
      const near = lat !== undefined && lng !== undefined ? { lat, lng } : zipCode ? (postcodeArea(country || 'PT', zipCode) ?? undefined) : undefined;
      const count = Math.min(limit ?? config.PICKUP_POINTS_DEFAULT_LIMIT, config.PICKUP_POINTS_MAX_LIMIT);
      return { pickup_points: await app.checkoutRepository.pickupPoints(near, city || undefined, count, q || undefined) };
    },
  );
};

export default pickupPointRoutes;
