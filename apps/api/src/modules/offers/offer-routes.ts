import { ApiError, CounterOfferRequest, MakeOfferRequest, Offer, OfferListQuery, OfferLists, OfferParams } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerLanguage } from '../../core/language';

const tags = ['offers'];
const security = [{ bearer: [] }];
const errors = { 401: ApiError, 404: ApiError, 422: ApiError };

/** Offers: the buyer offers and withdraws, the seller accepts or declines. */
const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/offers',
    {
      schema: {
        tags,
        security,
        summary: 'Makes an offer on an active listing of someone else',
        description:
          'The price (euros) must lie within the listing’s bounds (50–99 % of its price by default; the 422 names them). ' +
          'Unknown listing: 404. Sold or archived, your own, or a second open offer on the same listing: 422 with a message. ' +
          'The seller has OFFER_ANSWER_HOURS (48) to answer. ' +
          'At most OFFERS_MAX_PER_BUYER_PER_HOUR (20) offers per buyer, OFFERS_MAX_PER_SELLER_PER_HOUR (5) to one seller and OFFERS_MAX_PER_ADDRESS_PER_HOUR (60) per client address in an hour: 429 with Retry-After.',
        body: MakeOfferRequest,
        response: { 200: Offer, ...errors, 429: ApiError },
      },
    },
    async (request, reply) => app.offers.make(request.customerId!, request.body.listing_id, request.body.price, answerLanguage(request, reply), request.clientAddress),
  );

  app.get(
    '/offers',
    {
      schema: {
        tags,
        security,
        summary: 'The offers you made and received, a page of 100 of each (`page`, 1-based)',
        description:
          'Each offer’s status (active, accepted, declined, expired, archived), reason and the end of its current window ' +
          '(`expires_at`) are worked out from its timestamps at the time of the call. Made: newest first. Received: withdrawn ones left out, ' +
          'the live ones (to answer, accepted and not yet bought) first, then newest first. `made_total` and `received_total` count every row. ' +
          'With `listing_id`, only the offers on that listing (the piece’s page shows the buyer’s pending one).',
        querystring: OfferListQuery,
        response: { 200: OfferLists, 401: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => app.offers.lists(request.customerId!, answerLanguage(request, reply), request.query.page, request.query.listing_id ?? null),
  );

  const answer = (action: 'accept' | 'decline' | 'withdraw', summary: string, description: string) =>
    app.post(
      `/offers/:id/${action}`,
      { schema: { tags, security, summary, description, params: OfferParams, response: { 200: Offer, ...errors } } },
      async (request, reply) => app.offers[action](request.customerId!, request.params.id, answerLanguage(request, reply)),
    );
  answer(
    'accept',
    'The seller accepts an offer; the buyer then has OFFER_BUY_HOURS (24) to buy at its price',
    'Not your offer to answer: 404. Already answered, expired, or the piece is no longer for sale: 422 saying which.',
  );
  answer('decline', 'The seller declines an offer', 'Not your offer to answer: 404. Already answered or expired: 422 saying which.');
  answer('withdraw', 'The buyer takes back an offer not yet answered, countered, or accepted and not bought', 'Not your offer: 404. Already over: 422.');

  app.post(
    '/offers/:id/counter',
    {
      schema: {
        tags,
        security,
        summary: 'The seller answers an offer with one counter-price; the buyer then has OFFER_ANSWER_HOURS (48) to accept or decline it',
        description:
          'The price (euros) must lie strictly between the offer and the listing’s price now: 422 `counter_out_of_bounds` naming them. ' +
          'One counter per offer: a second is 422 `offer_already_countered`. An offer already answered, expired or whose piece is no longer for sale: ' +
          '422 `offer_not_counterable`. Not your offer to answer: 404.',
        params: OfferParams,
        body: CounterOfferRequest,
        response: { 200: Offer, ...errors },
      },
    },
    async (request, reply) => app.offers.counter(request.customerId!, request.params.id, request.body.price, answerLanguage(request, reply)),
  );
  const counterAnswer = (action: 'accept-counter' | 'decline-counter', summary: string) =>
    app.post(
      `/offers/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary,
          description: 'Not your offer: 404. No counter-offer waiting (none, answered, withdrawn): 422 `counter_not_open`; its window closed: 422 `counter_expired`.',
          params: OfferParams,
          response: { 200: Offer, ...errors },
        },
      },
      async (request, reply) =>
        action === 'accept-counter'
          ? app.offers.acceptCounter(request.customerId!, request.params.id, answerLanguage(request, reply))
          : app.offers.declineCounter(request.customerId!, request.params.id, answerLanguage(request, reply)),
    );
  counterAnswer('accept-counter', 'The buyer accepts the seller’s counter-price; the buy window (OFFER_BUY_HOURS, 24) starts at that price');
  counterAnswer('decline-counter', 'The buyer declines the seller’s counter-price; the offer is over');
};

export default offerRoutes;
