import { ApiError } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, HttpError } from '../../core/errors';
import { isIntentProvider, type ProviderEvent } from './payment-provider';

/**
 * POST /api/webhooks/stripe. The signature is checked on the raw body, so this route
 * (and only it: the plugin is encapsulated) reads JSON as bytes. Each event id is handled once
 * (stripe_webhook_events); the handlers (payments/provider-events.ts) act on the intent as Stripe
 * reports it now, or on what the charge or dispute says, so events out of order or repeated change
 * nothing more. Never a 5xx: an event that cannot be handled yet (Stripe unreachable, the page
 * settling the same payment) answers 409 and is not recorded, so Stripe sends it again; one that
 * fails for good is logged, recorded and acknowledged.
 */
/** What a Stripe webhook answers (the payments and the Connect endpoint). */
export const WEBHOOK_RESPONSES = { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: ApiError, 404: ApiError, 409: ApiError };

const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        tags: ['webhooks'],
        summary: "Stripe's webhook: the provider's word on payments, refunds and disputes",
        description:
          'Signed by Stripe (Stripe-Signature, STRIPE_WEBHOOK_SECRET): a wrong or old signature is 400 and changes nothing. `payment_intent.succeeded` places the order (once, whether or not the page returned first; for another amount than the total: no order, refunded); `payment_intent.payment_failed` ends the attempt; `charge.refunded` cancels the order or refunds the lines the refund stands for; `charge.dispute.created` puts the order’s credit on hold, `charge.dispute.closed` releases it (won) or takes it back (lost), reversing a transfer already made to the seller’s Stripe account; `transfer.*` (PAYOUT_PROVIDER=stripe_connect) records a transfer’s reversal. 409 `webhook_retry_later`: not handled yet, Stripe sends it again. 404 when Stripe is not the payment provider.',
        response: WEBHOOK_RESPONSES,
      },
    },
    async (request) => {
      const provider = app.payments;
      if (!isIntentProvider(provider)) throw apiError(404, 'stripe_not_provider');
      const signature = request.headers['stripe-signature'];
      let event: ProviderEvent;
      try {
        if (!Buffer.isBuffer(request.body)) throw new Error('no body');
        event = provider.verifyEvent(request.body, typeof signature === 'string' ? signature : undefined);
      } catch {
        throw apiError(400, 'webhook_signature_invalid');
      }
      try {
        // A transfer to a seller's Stripe account is the platform account's: Stripe sends its
        // events here, not to the Connect endpoint; payouts/stripe-connect.ts reads them.
        if (event.type.startsWith('transfer.') && app.stripeConnect.offered && Buffer.isBuffer(request.body)) {
          const raw = JSON.parse(request.body.toString('utf8')) as { id: string; type: string; account?: unknown; data?: { object?: unknown } };
          return { received: true as const, duplicate: !(await app.stripeConnect.handleEvent(raw)) };
        }
        return { received: true as const, duplicate: !(await app.providerEvents.handle(event)) };
      } catch (error) {
        // Not yet: Stripe unreachable or failing (the provider's 503), or the page settling the same payment (409).
        if (error instanceof HttpError && (error.statusCode === 503 || error.code === 'webhook_retry_later')) throw apiError(409, 'webhook_retry_later');
        request.log.error({ err: error, event: event.id, type: event.type }, 'a Stripe event could not be handled: recorded, not retried');
        await app.providerEvents.record(event).catch(() => undefined);
        return { received: true as const, duplicate: false };
      }
    },
  );
};

export default stripeWebhookRoutes;
