import { ApiError, PayoutPreference, PayoutPreferenceInput } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 401: ApiError, 422: ApiError };
const security = [{ bearer: [] }];
const tags = ['payouts'];

/** How the signed-in seller is paid (spec §1; chosen at /user/onboarding, used by the wallet). */
const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/customers/payout',
    { schema: { tags, security, summary: "The seller's payout preference (`onboarded: false` before /user/onboarding)", response: { 200: PayoutPreference, ...errors } } },
    async (request) => app.payoutPreferences.get(request.customerId!),
  );

  app.put(
    '/customers/payout',
    {
      schema: {
        tags,
        security,
        summary: 'Chooses how sales are paid: into the wallet or by bank transfer',
        description: 'An IBAN is checked by its checksum and stored without spaces. 422 `no_iban` when a bank transfer has none, `invalid_iban` when it is wrong.',
        body: PayoutPreferenceInput,
        response: { 200: PayoutPreference, ...errors },
      },
    },
    async (request) => app.payoutPreferences.save(request.customerId!, request.body.method, request.body.iban),
  );
};

export default payoutRoutes;
