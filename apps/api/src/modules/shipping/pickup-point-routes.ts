import { ApiError, PickupPointList, PickupPointsQuery } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryCentre, postcodeArea } from './postcode-areas';

/** GET /checkout/pickuppoints — where a parcel can be collected, nearest first. */
const pickupPointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  app.get(
    '/checkout/pickuppoints',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Pickup points of the delivery country, nearest to lat/lng, or to a postcode’s area (the country’s capital, Lisbon by default), first; searchable by place',
        description: `limit defaults to ${config.PICKUP_POINTS_DEFAULT_LIMIT} and never exceeds ${config.PICKUP_POINTS_MAX_LIMIT} (PICKUP_POINTS_DEFAULT_LIMIT, PICKUP_POINTS_MAX_LIMIT).`,
        querystring: PickupPointsQuery,
        response: { 200: PickupPointList, 422: ApiError },
      },
    },
    async (request) => {
      const { lat, lng, zip_code: zipCode, city, q, limit } = request.query;
      // The delivery address's country keeps its own points only (a Spanish address sees Spain's), nearest
      // its postcode's area or else its capital; without a country every point, from Lisbon.
      const country = request.query.country ? request.query.country.toUpperCase() : undefined;
      const near =
        lat !== undefined && lng !== undefined
          ? { lat, lng }
          : ((zipCode ? postcodeArea(country || 'PT', zipCode) : null) ?? (country ? countryCentre(country) : null) ?? undefined);
      const count = Math.min(limit ?? config.PICKUP_POINTS_DEFAULT_LIMIT, config.PICKUP_POINTS_MAX_LIMIT);
      return { pickup_points: await app.checkoutRepository.pickupPoints(near, city || undefined, count, q || undefined, country) };
    },
  );
};

export default pickupPointRoutes;
