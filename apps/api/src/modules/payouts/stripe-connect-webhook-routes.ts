import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { apiError, HttpError } from '../../core/errors';
import { WEBHOOK_RESPONSES } from '../payments/stripe-webhook-routes';

/**
 * POST /api/webhooks/stripe-connect (PAYOUT_PROVIDER=stripe_connect): Connect's events, signed
 * with the Connect endpoint's own secret (STRIPE_CONNECT_WEBHOOK_SECRET) and checked on the raw body as
 * the payments webhook is. `account.updated` (can the account receive transfers), `transfer.*` (a
 * reversal, also one made from the dashboard) and `payout.paid` / `payout.failed` with `event.account`
 * (the transfers' state the wallet shows); payouts/stripe-connect.ts handles each id once. Never a 5xx:
 * not handled yet (Stripe or the database busy) is 409, sent again by Stripe; a failure for good is
 * logged, recorded and acknowledged.
 */
const stripeConnectWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const secret = app.config.STRIPE_CONNECT_WEBHOOK_SECRET;

  app.post(
    '/webhooks/stripe-connect',
    {
      schema: {
        tags: ['webhooks'],
        summary: "Stripe Connect's webhook: sellers' accounts, transfers and payouts",
        description:
          'Signed by Stripe (Stripe-Signature, STRIPE_CONNECT_WEBHOOK_SECRET): a wrong or old signature is 400 and changes nothing. 409 `webhook_retry_later`: not handled yet, Stripe sends it again. 404 when this store does not pay through Stripe.',
        response: WEBHOOK_RESPONSES,
      },
    },
    async (request) => {
      if (!app.stripeConnect.offered || !secret) throw apiError(404, 'stripe_connect_not_provider');
      const signature = request.headers['stripe-signature'];
      let event: { id: string; type: string; account?: unknown; data?: { object?: unknown } };
      try {
        if (!Buffer.isBuffer(request.body)) throw new Error('no body');
        // Verifying needs no account: the SDK's webhooks helper checks the HMAC and the timestamp.
        event = Stripe.webhooks.constructEvent(request.body, typeof signature === 'string' ? signature : '', secret);
        if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new Error('not an event');
      } catch {
        throw apiError(400, 'webhook_signature_invalid');
      }
      try {
        return { received: true as const, duplicate: !(await app.stripeConnect.handleEvent(event)) };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 503) throw apiError(409, 'webhook_retry_later');
        request.log.error({ err: error, event: event.id, type: event.type }, 'a Stripe Connect event could not be handled: recorded, not retried');
        await app.paymentAttemptsRepository.recordWebhook(event.id, event.type, null).catch(() => undefined);
        return { received: true as const, duplicate: false };
      }
    },
  );
};

export default stripeConnectWebhookRoutes;
