import { ApiError, PayoutChangePending, PayoutConfirmQuery, PayoutPreference, PayoutPreferenceInput } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentLanguage } from '../../lib/language';

const errors = { 401: ApiError, 422: ApiError };
const security = [{ bearer: [] }];
const tags = ['payouts'];

/** How the signed-in seller is paid (spec §1; chosen at /user/onboarding, used by the wallet). */
const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/payout',
    {
      preHandler: app.authenticate,
      schema: { tags, security, summary: "The seller's payout preference (`onboarded: false` before /user/onboarding)", response: { 200: PayoutPreference, ...errors } },
    },
    async (request) => app.payoutPreferences.get(request.customerId!),
  );

  app.put(
    '/customers/payout',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Chooses how sales are paid: into the wallet or by bank transfer',
        description: [
          'An IBAN is checked by its checksum and stored without spaces. 422 `no_iban` when a bank transfer has none, `invalid_iban` when it is wrong.',
          'Changing a saved IBAN needs `password`, the current password (422 `no_current_password` / `current_password_wrong`, throttled); a Google account, which has none, is answered 202 and the change waits for the link mailed to it.',
          'The account is mailed (in the language of Accept-Language), and bank transfers to the new IBAN wait IBAN_HOLD_HOURS (48): `iban_hold_until`. The first IBAN is saved at once.',
        ].join('\n\n'),
        body: PayoutPreferenceInput,
        response: { 200: PayoutPreference, 202: PayoutChangePending, ...errors, 429: ApiError },
      },
    },
    async (request, reply) => {
      const result = await app.payoutChanges.save(request.customerId!, request.body, contentLanguage(request.headers['accept-language']));
      if ('pending' in result) reply.code(202);
      return result;
    },
  );

  app.get(
    '/customers/payout/confirm',
    {
      schema: {
        tags,
        summary: "A Google account's mailed link: saves the new IBAN (held 48 hours) and opens the wallet",
        description: 'GET, as mail clients open links. Redirects to /user/wallet?iban=confirmed, or ?iban=expired when the link is unknown, used or older than an hour.',
        querystring: PayoutConfirmQuery,
      },
    },
    async (request, reply) => {
      const done = await app.payoutChanges.confirm(request.query.token);
      return reply.redirect(`${app.config.PUBLIC_URL.replace(/\/$/, '')}/user/wallet?iban=${done ? 'confirmed' : 'expired'}`, 303);
    },
  );
};

export default payoutRoutes;
