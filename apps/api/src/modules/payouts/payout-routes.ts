import { ApiError, PayoutFreezeQuery, PayoutPreference, PayoutPreferenceInput, StripeConnectLink, StripeConnectStart, StripeConnectStatus } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../core/errors';
import { contentLanguage } from '../../core/language';

const errors = { 401: ApiError, 403: ApiError, 422: ApiError };
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
          'The first choice, into the wallet without an IBAN, is saved at once. Any other change of method or IBAN needs a step-up proof on the session younger than 10 minutes (403 `step_up_required`; `password` sent along gives it: 422 `current_password_wrong`, throttled), an IBAN a verified e-mail (403 `email_not_verified`); a frozen account: 403 `payouts_frozen`.',
          'Every change is mailed to the account (in the language of Accept-Language) with a link that freezes payouts; an IBAN new to the account, the first one too, receives no bank transfer for IBAN_HOLD_HOURS (48): `iban_hold_until`.',
        ].join('\n\n'),
        body: PayoutPreferenceInput,
        response: { 200: PayoutPreference, ...errors, 429: ApiError },
      },
    },
    async (request) =>
      app.payoutChanges.save(request.customerId!, request.sessionId, request.body, contentLanguage(request.headers['accept-language']), request.clientAddress),
  );

  app.get(
    '/customers/payout/stripe',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Whether the seller's Stripe account can receive the sales (PAYOUT_PROVIDER=stripe_connect)",
        description:
          '`offered: false` when this store does not pay through Stripe. With an account, Stripe is asked (the return from its onboarding may come before its webhook); when it does not answer, what its last webhook said.',
        response: { 200: StripeConnectStatus, 401: ApiError },
      },
    },
    async (request) => app.stripeConnect.status(request.customerId!, { refresh: true }),
  );

  app.post(
    '/customers/payout/stripe',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: '"Get paid by Stripe": the seller\'s Express account (created once) and a link to Stripe\'s onboarding',
        description: [
          'Sales are then paid to the Stripe account as each is released (the wallet shows each transfer). The link opens Stripe\'s hosted onboarding (identity, bank account), which returns to /user/onboarding?stripe=return, or ?stripe=refresh when the link expired (ask again).',
          'As any payout change: a step-up proof on the session (403 `step_up_required`; `password` sent along gives it), a verified e-mail (403 `email_not_verified`), not frozen (403 `payouts_frozen`); the change is mailed. 404 `stripe_connect_not_provider` when this store does not pay through Stripe; Stripe failing: 503 `payment_provider_unavailable`, refusing: 502 `payment_provider_refused`.',
        ].join('\n\n'),
        body: StripeConnectStart,
        response: { 200: StripeConnectLink, ...errors, 404: ApiError, 429: ApiError, 502: ApiError, 503: ApiError },
      },
    },
    async (request) => {
      // The store's own answer first (404) when it does not pay through Stripe: no proof asked for nothing.
      if (!app.stripeConnect.offered) throw apiError(404, 'stripe_connect_not_provider');
      return app.stripeConnect.start(request.customerId!, request.sessionId, request.body, contentLanguage(request.headers['accept-language']), request.clientAddress);
    },
  );

  app.get(
    '/customers/payout/freeze',
    {
      schema: {
        tags,
        summary: '"This wasn\'t me", the link of a payout change\'s mail: freezes payouts and signs out every device',
        description: 'GET, as mail clients open links. Redirects to /user/security?payouts=frozen, or ?payouts=link-expired when the link is unknown, used or older than 30 days. A password reset by mail releases the payouts.',
        querystring: PayoutFreezeQuery,
      },
    },
    async (request, reply) => {
      const frozen = await app.payoutChanges.freeze(request.query.token);
      return reply.redirect(`${app.config.PUBLIC_URL.replace(/\/$/, '')}/user/security?payouts=${frozen ? 'frozen' : 'link-expired'}`, 303);
    },
  );
};

export default payoutRoutes;
