import { ApiError } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../lib/errors';
import { isIntentProvider } from '../../plugins/app/payments/payment-provider';

/** The events that settle a payment attempt; any other event is acknowledged and left alone. */
const SETTLING = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

/**
 * POST /api/webhooks/stripe (issue 28). The signature is checked on the raw body, so this route
 * (and only it: the plugin is encapsulated) reads JSON as bytes. Each event id is handled once
 * (stripe_webhook_events); the handlers act on the intent as Stripe reports it now, so events out
 * of order or repeated change nothing more. A handler's failure answers 500: Stripe retries.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        tags: ['webhooks'],
        summary: "Stripe's webhook: settles a payment when its PaymentIntent succeeds or fails",
        description:
          'Signed by Stripe (Stripe-Signature, STRIPE_WEBHOOK_SECRET): a wrong or old signature is 400 and changes nothing. `payment_intent.succeeded` places the order (once, whether or not the page returned first); `payment_intent.payment_failed` ends the attempt. 404 when Stripe is not the payment provider.',
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const provider = app.payments;
      if (!isIntentProvider(provider)) throw apiError(404, 'stripe_not_provider');
      const signature = request.headers['stripe-signature'];
      let event: ReturnType<typeof provider.verifyEvent>;
      try {
        if (!Buffer.isBuffer(request.body)) throw new Error('no body');
        event = provider.verifyEvent(request.body, typeof signature === 'string' ? signature : undefined);
      } catch {
        throw apiError(400, 'webhook_signature_invalid');
      }
      return { received: true as const, duplicate: !(await app.checkout.webhookEvent(event, SETTLING.has(event.type))) };
    },
  );
};

export default stripeWebhookRoutes;
