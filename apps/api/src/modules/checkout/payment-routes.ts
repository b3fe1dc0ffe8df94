import { ApiError, CheckoutConflict, EmailCodeRequest, IdempotencyHeaders, MessageResponse, PaymentAttemptParams, PaymentOptions, PaymentRequest, PaymentResult } from '@preloved/contract';
import { isIntentProvider } from '../payments/payment-provider';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentLanguage } from '../../core/language';

const tags = ['checkout'];
const security: { bearer?: string[] }[] = [{}, { bearer: [] }];
// 502/503: the payment provider refused or did not answer, in the store's own codes.
const answers = { 200: PaymentResult, 402: ApiError, 404: ApiError, 409: CheckoutConflict, 422: ApiError, 429: ApiError, 502: ApiError, 503: ApiError };

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
    '/checkout/email-code',
    {
      schema: {
        tags,
        summary: 'Mails a guest the 6-digit code a first-order code needs, in the Accept-Language',
        description:
          'A first-order code (WELCOME10) needs a proven e-mail: a signed-in shopper\'s confirmed account, or for a guest this code, typed and sent with the payment as `email_code` (valid 30 minutes, once; 5 wrong codes kill it). A new code voids the previous one. Throttled per e-mail and client address: 429 with Retry-After.',
        body: EmailCodeRequest,
        response: { 200: MessageResponse, 422: ApiError, 429: ApiError },
      },
    },
    async (request) => {
      await app.checkout.sendEmailCode(request.body.email, request.body.first_name, request.clientAddress, contentLanguage(request.headers['accept-language']));
      return { message: 'We have e-mailed you a 6-digit code.' };
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
          'A first-order code needs a confirmed account, or for a guest `email_code` (POST /checkout/email-code): else 422 on `discount_code` (`first_order_code_needs_verified_email`) or `email_code` (`first_order_code_needs_email_code`, `email_code_wrong`), nothing charged. A card that already had a first-order code: 422 `first_order_code_card_used` before anything is held; with Stripe the card is known once paid: the order is not placed and the payment refunded (`first_order_code_card_used_refunded`).',
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
