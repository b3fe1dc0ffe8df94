import { ApiError, IdempotencyHeaders, TradeIn, TradeInAnswer, TradeInCreate, TradeInList, TradeInOffer, TradeInOfferQuery, TradeInParams } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerLanguage } from '../../core/language';
import { sendPdf } from '../../core/pdf-reply';

const tags = ['trade-in'];
const security = [{ bearer: [] }];
const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 422: ApiError };
const LabelQuery = z.object({ kind: z.enum(['inbound', 'return']).default('inbound') });

/** Trade-in for boosted credit (issue 48), the customer's side: the instant offer, accepting it, their trade-ins. */
const tradeInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trade-ins/offer',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'The brand’s instant price for a piece (a product child in a condition): as main-shop credit with the bonus, or as money without it',
        description: '`offer` null: the brand does not take the piece in (no row of the price table, a condition it refuses, no hub). Signed in, `limits` says the customer’s room.',
        querystring: TradeInOfferQuery,
        response: { 200: TradeInOffer, 404: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.tradeIns.offer(request.customerId, request.query, answerLanguage(request, reply));
    },
  );

  app.post(
    '/trade-ins',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Accepts the offer: a trade-in with its prepaid label to the hub (mailed, and at GET …/label)',
        description: [
          'Needs an `Idempotency-Key` header: the same key answers the same trade-in (200) however often it is sent. `price` is the money price the customer saw: another price now is 409 `trade_in_offer_changed` with the new one.',
          '422 `trade_in_no_offer` (not taken in), `trade_in_open_limit` (too many open), `trade_in_monthly_limit` (the month’s euros); 403 `email_not_verified`.',
        ].join('\n\n'),
        headers: IdempotencyHeaders,
        body: TradeInCreate,
        response: { 200: TradeIn, 201: TradeIn, ...errors },
      },
    },
    async (request, reply) => {
      const { tradeIn, created } = await app.tradeIns.create(request.customerId!, request.body, request.headers['idempotency-key']);
      return reply.code(created ? 201 : 200).send(tradeIn);
    },
  );

  app.get(
    '/trade-ins',
    { preHandler: app.authenticate, schema: { tags, security, summary: 'The customer’s trade-ins, newest first, with their states', response: { 200: TradeInList, ...errors } } },
    async (request, reply) => ({ trade_ins: await app.tradeIns.list(request.customerId!, answerLanguage(request, reply)) }),
  );

  app.get(
    '/trade-ins/:tradeInId/label',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'A trade-in’s label (A6 PDF): `inbound`, prepaid to the hub, while it is on its way; `return`, free, once it comes back',
        params: TradeInParams,
        querystring: LabelQuery,
        response: { 200: z.any().describe('The label, application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf, name } = await app.tradeIns.customerLabel(request.customerId!, request.params.tradeInId, request.query.kind);
      return sendPdf(reply, pdf, name);
    },
  );

  app.post(
    '/trade-ins/:tradeInId/cancel',
    { preHandler: app.authenticate, schema: { tags, security, summary: 'Calls a trade-in off while the piece has not reached the hub (409 `trade_in_state` after)', params: TradeInParams, response: { 200: TradeIn, ...errors } } },
    async (request) => app.tradeIns.cancel(request.customerId!, request.params.tradeInId),
  );

  app.post(
    '/trade-ins/:tradeInId/answer',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Answers the hub’s re-price before its date: `accept` (paid at the new price at once) or `return` (the piece back, free)',
        params: TradeInParams,
        body: TradeInAnswer,
        response: { 200: TradeIn, ...errors },
      },
    },
    async (request) => app.tradeIns.answer(request.customerId!, request.params.tradeInId, request.body.answer),
  );
};

export default tradeInRoutes;
