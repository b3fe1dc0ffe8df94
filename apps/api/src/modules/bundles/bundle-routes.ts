import { ApiError, BundleSettings, BundleSettingsInput } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const tags = ['selling'];
const security = [{ bearer: [] }];

/** A seller's bundle discount: their own settings only, by their token. */
const bundleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/seller/bundle',
    { schema: { tags, security, summary: 'Your bundle discount tiers and the bounds they are chosen in', response: { 200: BundleSettings, 401: ApiError } } },
    async (request) => app.bundles.settings(request.customerId!),
  );

  app.put(
    '/seller/bundle',
    {
      schema: {
        tags,
        security,
        summary: 'Sets your bundle discount: up to 3 tiers of “N pieces or more: P % off” (an empty list: none)',
        description:
          'N from 2 to 10, P from 1 to 30, each tier more pieces and more off than the one before. Refusals are 422 naming the field, with a `code`: ' +
          'bundle_pieces_out_of_bounds, bundle_percent_out_of_bounds, bundle_too_many_tiers, bundle_tiers_not_increasing. ' +
          'The checkout takes the best tier a package of your pieces reaches off its pieces; you receive the pieces’ prices less it.',
        body: BundleSettingsInput,
        response: { 200: BundleSettings, 401: ApiError, 422: ApiError },
      },
    },
    async (request) => app.bundles.save(request.customerId!, request.body.tiers),
  );
};

export default bundleRoutes;
