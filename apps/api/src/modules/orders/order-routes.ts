import { ApiError, ClaimAllRequest, ClaimAllResult, ClaimRequest, MessageResponse, OrderDetail, OrderList, OrderParams, PageQuery, ProblemRequest, ProblemResult, ReviewRequest } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, notFound } from '../../core/errors';
import { answerLanguage } from '../../core/language';

const tags = ['orders'];
const security = [{ bearer: [] }];
const errors = { 401: ApiError, 404: ApiError, 422: ApiError };

/** The buyer's orders (spec /user/orders, /user/orders/{id}, /review-order/{id}): schema → app.buyerOrders → reply. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.buyerOrders;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/orders',
    { schema: { tags, security, summary: "The buyer's orders, newest first", querystring: PageQuery, response: { 200: OrderList, ...errors } } },
    async (request, reply) => orders.list(request.customerId!, request.query.page, request.query.limit, answerLanguage(request, reply)),
  );

  app.get(
    '/orders/:id',
    { schema: { tags, security, summary: 'One order of the buyer (another customer’s id: 404)', params: OrderParams, response: { 200: OrderDetail, ...errors } } },
    async (request, reply) => orders.detail(request.customerId!, request.params.id, answerLanguage(request, reply)),
  );

  app.post(
    '/orders/:id/received',
    {
      schema: {
        tags,
        security,
        summary: 'The buyer confirms the order arrived (every package shipped); it becomes delivered',
        params: OrderParams,
        response: { 200: OrderDetail, ...errors, 409: ApiError },
      },
    },
    async (request, reply) => orders.markReceived(request.customerId!, request.params.id, answerLanguage(request, reply)),
  );

  app.post(
    '/orders/:id/problem',
    {
      schema: {
        tags,
        security,
        summary: 'The buyer reports a problem: the order’s credit is held until the store resolves it',
        description:
          'Until a credit of the order is released (the carrier’s delivery, then 2 days; or the buyer’s "all is well"). Mails the seller(s) and the store’s support address. Already reported, or a credit already released: 409.',
        params: OrderParams,
        body: ProblemRequest,
        response: { 200: ProblemResult, ...errors, 409: ApiError },
      },
    },
    async (request) => {
      const outcome = await app.orderProtection.reportProblem(request.customerId!, request.params.id, request.body.description);
      if (outcome === 'not_found') throw notFound('Order');
      if (outcome === 'reported') throw apiError(409, 'problem_already_reported', { fields: [{ field: 'description', key: 'problem_already_reported' }] });
      if (outcome === 'released') throw apiError(409, 'problem_window_closed', { fields: [{ field: 'description', key: 'problem_window_closed' }] });
      return { order_id: request.params.id, number: outcome.number, reported_at: outcome.reportedAt.toISOString() };
    },
  );

  app.post(
    '/orders/:id/review',
    {
      schema: {
        tags,
        security,
        summary: 'Rates a delivered order (1–5 and a comment), once',
        description: 'Not delivered yet, or already reviewed: 409.',
        params: OrderParams,
        body: ReviewRequest,
        response: { 200: OrderDetail, ...errors, 409: ApiError },
      },
    },
    async (request, reply) => orders.review(request.customerId!, request.params.id, request.body, answerLanguage(request, reply)),
  );

  app.post(
    '/orders/claim',
    {
      schema: {
        tags,
        security,
        summary: 'Adds one guest order to the account: the claim link of its confirmation mail, or the payment answer\'s token',
        description: [
          'Only for the account with the e-mail the order was placed with, within 30 days, once. The mail\'s link proves the inbox (the account\'s e-mail then counts as verified); the payment answer\'s token needs a verified account: 403 `email_not_verified`.',
          'Unknown, used, expired or another e-mail\'s: 404 `claim_link_unusable`. Every guest order of the e-mail: POST /api/orders/claim/code, then /api/orders/claim/all.',
        ].join('\n\n'),
        body: ClaimRequest,
        response: { 200: OrderDetail, ...errors, 403: ApiError },
      },
    },
    async (request, reply) => orders.claim(request.customerId!, request.body.claim_token, answerLanguage(request, reply)),
  );

  app.post(
    '/orders/claim/code',
    {
      schema: {
        tags,
        security,
        summary: "Mails the account's e-mail a 6-digit code that adds every guest order placed with it",
        description: 'The code works once, for 30 minutes. Throttled per account and address: 429.',
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await orders.sendClaimCode(request.customerId!, request.clientAddress);
      return { message: 'We have sent you a code.' };
    },
  );

  app.post(
    '/orders/claim/all',
    {
      schema: {
        tags,
        security,
        summary: "With the mailed code: every guest order of the account's e-mail joins the account",
        description: 'A wrong or expired code: 422 `email_code_wrong` (a code dies after 5 wrong tries), nothing moves.',
        body: ClaimAllRequest,
        response: { 200: ClaimAllResult, ...errors },
      },
    },
    async (request) => orders.claimAll(request.customerId!, request.body.code, request.clientAddress),
  );
};

export default orderRoutes;
