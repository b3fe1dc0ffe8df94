import { ApiError, CheckoutConflict, DiscountCodeRequest, DiscountCodeResult, Quote, QuoteRequest } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerLanguage } from '../../lib/language';

const tags = ['checkout'];
const security: { bearer?: string[] }[] = [{}, { bearer: [] }];

/** The review tab's prices: the quote and the discount code check. Guests send their bag in `cart`. */
const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
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
        response: { 200: Quote, 404: ApiError, 409: CheckoutConflict, 422: ApiError },
      },
    },
    async (request, reply) => app.checkout.quote(request.customerId, request.body, answerLanguage(request, reply)),
  );

  app.post(
    '/checkout/discountcode',
    {
      preHandler: app.identify,
      schema: {
        tags,
        security,
        summary: 'Checks a discount code and says what it takes off the bag',
        description: 'Empty: 422 no_discount_code ("Please enter a valid discount code."). Unknown, inactive or a main-store wallet code: 422 invalid_discount_code ("Discount code is not valid.").',
        body: DiscountCodeRequest,
        response: { 200: DiscountCodeResult, 422: ApiError },
      },
    },
    async (request) => app.checkout.discountCode(request.customerId, request.body.code, request.body.cart),
  );
};

export default quoteRoutes;
