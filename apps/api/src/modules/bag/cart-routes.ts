import { ApiError, BagLines, BagPriceRequest, CartAddRequest, CartDeleteQuery } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerLanguage } from '../../core/language';

const errors = { 401: ApiError, 404: ApiError, 422: ApiError };
const security = [{ bearer: [] }];

/** The signed-in customer's bag (spec §7 GET/POST/DELETE cart). Every call answers the whole bag. */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart',
    {
      preHandler: app.authenticate,
      schema: { tags: ['bag'], summary: 'The bag lines, in the order they were added', security, response: { 200: BagLines, ...errors } },
    },
    async (request, reply) => app.bagRepository.lines(request.customerId!, answerLanguage(request, reply)),
  );

  app.post(
    '/cart',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bag'],
        summary: 'Adds a listing to the bag (once); answers the updated bag',
        description:
          'A listing already in the bag is not added again (200, the bag unchanged). Unknown listing: 404. Sold or archived, ' +
          'your own listing, a bag already holding 100 lines, or an `offer_id` that is not your accepted offer for it: 422 with a message.',
        security,
        body: CartAddRequest,
        response: { 200: BagLines, ...errors },
      },
    },
    async (request, reply) => app.bag.add(request.customerId!, request.body.listing_id, request.body.offer_id, answerLanguage(request, reply)),
  );

  app.post(
    '/cart/price',
    {
      preHandler: app.identify,
      schema: {
        tags: ['bag'],
        summary: 'Prices a bag the browser keeps (a visitor’s, a guest checkout’s) as GET cart prices the server bag',
        description:
          'Each line is a `listing_id` and the `offer_id` it was added with. The answer has the bag lines of the listings that exist, ' +
          'each once, in the order sent, with `valid_listing`, `valid_offer`, `offer_expire` and the current price; the browser drops ' +
          'the rest. An offer counts only with the token of its buyer. More than 100 lines: 422 with a message. No token needed.',
        body: BagPriceRequest,
        response: { 200: BagLines, 422: ApiError },
      },
    },
    async (request, reply) => app.bagRepository.price(request.body.lines, request.customerId, answerLanguage(request, reply)),
  );

  app.delete(
    '/cart',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bag'],
        summary: 'Removes a line from the bag; answers the updated bag',
        description: 'A line id that is not in your bag (unknown, or someone else’s): 404.',
        security,
        querystring: CartDeleteQuery,
        response: { 200: BagLines, ...errors },
      },
    },
    async (request, reply) => app.bag.remove(request.customerId!, request.query.shopping_bag_line_id, answerLanguage(request, reply)),
  );
};

export default cartRoutes;
