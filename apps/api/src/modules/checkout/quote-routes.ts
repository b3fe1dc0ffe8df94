import { ApiError, CheckoutConflict, CheckoutSummary, DiscountCodeRequest, DiscountCodeResult, Quote, QuoteRequest, SummaryRequest } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../core/errors';
import { answerLanguage } from '../../core/language';

const tags = ['checkout'];
const security: { bearer?: string[] }[] = [{}, { bearer: [] }];

/** The review tab's prices: the quote and the discount code check. Guests send their bag in `cart`. */
const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Discount codes that were not valid, per account and per client address: guessing codes is slow. */
  const codeGuesses = (request: FastifyRequest, code: string | undefined) => {
    if (code === undefined) return [];
    const windowSeconds = app.config.DISCOUNT_CODE_WINDOW_SECONDS;
    const max = app.config.DISCOUNT_CODE_MAX_FAILURES;
    return [
      ...(request.customerId !== null ? [{ key: `code:customer:${request.customerId}`, max, windowSeconds }] : []),
      { key: `code:ip:${request.clientAddress}`, max, windowSeconds },
    ];
  };
  const wrongCode = (error: unknown) => error instanceof HttpError && (error.fields ?? []).some((field) => field.key === 'invalid_discount_code');

  app.post(
    '/checkout/quote',
    {
      preHandler: app.identify,
      schema: {
        tags,
        security,
        summary: 'Prices the bag: lines, fee lines (processing, verification, shipping, delivery, discount) and total',
        description:
          'Signed in: the server bag; guest: `cart`. Empty bag: 422. Unavailable pieces: 409 naming them. No delivery option: 422 no_delivery_option. Unknown, inactive or main-store discount code: 422 invalid_discount_code.',
        body: QuoteRequest,
        response: { 200: Quote, 404: ApiError, 409: CheckoutConflict, 422: ApiError, 429: ApiError },
      },
    },
    async (request, reply) =>
      app.throttle.failures(codeGuesses(request, request.body.discount_code), () => app.checkout.quote(request.customerId, request.body, answerLanguage(request, reply)), wrongCode),
  );

  app.post(
    '/checkout/summary',
    {
      preHandler: app.identify,
      schema: {
        tags,
        security,
        summary: 'The order summary from the first checkout step: fee lines, each delivery option’s price, the total once an option is chosen',
        description:
          'Signed in: the server bag; guest: `cart`. Pieces that can no longer be bought are left out; none left: 422 empty_bag. Without `delivery_option` the delivery line is 0 and `total` null. Same amounts as the quote (one pricing function).',
        body: SummaryRequest,
        response: { 200: CheckoutSummary, 422: ApiError, 429: ApiError },
      },
    },
    async (request, reply) =>
      app.throttle.failures(codeGuesses(request, request.body.discount_code), () => app.checkout.summary(request.customerId, request.body, answerLanguage(request, reply)), wrongCode),
  );

  app.post(
    '/checkout/discountcode',
    {
      preHandler: app.identify,
      schema: {
        tags,
        security,
        summary: 'Checks a discount code and says what it takes off the bag',
        description:
          'Empty: 422 no_discount_code ("Please enter a valid discount code."). An empty bag: 422 empty_bag, whatever the code. Unknown, inactive or a main-store wallet code: 422 invalid_discount_code ("Discount code is not valid."). Too many codes that were not valid (per account and per client address): 429 with Retry-After.',
        body: DiscountCodeRequest,
        response: { 200: DiscountCodeResult, 409: CheckoutConflict, 422: ApiError, 429: ApiError },
      },
    },
    async (request) => app.throttle.failures(codeGuesses(request, request.body.code), () => app.checkout.discountCode(request.customerId, request.body.code, request.body.cart), wrongCode),
  );
};

export default quoteRoutes;
