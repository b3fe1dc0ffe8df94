import { ApiError, CheckoutConflict, IdempotencyHeaders, PaymentAttemptParams, PaymentOptions, PaymentRequest, PaymentResult } from '@preloved/contract';
import { isIntentProvider } from '../../plugins/app/payments/payment-provider';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentLanguage } from '../../lib/language';

const tags = ['checkout'];
const security: { bearer?: string[] }[] = [{}, { bearer: [] }];
const answers = { 200: PaymentResult, 402: ApiError, 404: ApiError, 409: CheckoutConflict, 422: ApiError, 429: ApiError };

/** Payment and order (spec /payment): one attempt per Idempotency-Key. */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // A guest's answer carries an order and its claim token without any Authorization header.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/checkout/payment-options',
    {
      schema: {
        tags,
        summary: 'Who takes the money: `test` (the card form) or `stripe` (Stripe’s Payment Element, with its publishable key)',
        response: { 200: PaymentOptions },
      },
    },
    async () => {
      const provider = app.payments;
      return isIntentProvider(provider) ? { provider: 'stripe' as const, publishable_key: provider.publishableKey } : { provider: 'test' as const, publishable_key: null };
    },
  );

  app.post(
    '/checkout/payment',
    {
      preHandler: app.identify,
      schema: {
        tags,
        security,
        summary: 'Pays and places the order (signed in: the server bag; guest: `cart` and `email`)',
        description: [
          'Needs an `Idempotency-Key` header (8–100 characters): the same key with the same request answers the first result again; with another request it is refused (422).',
          'Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (402); 4000 0027 6000 3184 answers `requires_action`: the shopper completes the step and the page calls the confirm call.',
          'A piece sold to someone else meanwhile: 409 with `lost` [{ listing_id, title }], nothing charged. `total` differs from the current total: 409, nothing charged.',
          'Every answer, a refusal too, is the key\'s: the same request again answers it at once. Too many attempts or declined cards per account, e-mail or client address (card testing): 429 with Retry-After, not stored under the key.',
          'The confirm call expires 15 minutes after the card asked for its step (409), and answers 409 with the new total when a piece\'s price changed meanwhile; nothing is charged either way.',
        ].join('\n\n'),
        headers: IdempotencyHeaders,
        body: PaymentRequest,
        response: answers,
      },
    },
    async (request, reply) => {
      const outcome = await app.checkout.pay(request.customerId, request.headers['idempotency-key'], request.body, request.clientAddress, contentLanguage(request.headers['accept-language']));
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  app.post(
    '/checkout/payment/:attempt_id/confirm',
    {
      preHandler: app.identify,
      schema: {
        tags,
        security,
        summary: 'Finishes a payment after the card’s extra confirmation step; repeating it answers the same result',
        description: "Another shopper's attempt id: 404.",
        params: PaymentAttemptParams,
        response: answers,
      },
    },
    async (request, reply) => {
      const outcome = await app.checkout.confirm(request.customerId, request.params.attempt_id);
      return reply.code(outcome.status).send(outcome.body);
    },
  );
};

export default paymentRoutes;
