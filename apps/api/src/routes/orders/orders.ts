import { ApiError, ClaimRequest, OrderDetail, OrderList, OrderParams, PageQuery, ProblemRequest, ProblemResult, ReviewRequest } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, notFound } from '../../lib/errors';
import { answerLanguage, type ContentLanguage } from '../../lib/language';
import { tokenHash } from '../../lib/passwords';
// eslint-disable-next-line no-restricted-imports -- orderDetail maps a record to its answer; TODO(issue 30): move it to an orders service
import { orderDetail, type OrderRecord } from '../../plugins/app/orders/orders-repository';

const tags = ['orders'];
const security = [{ bearer: [] }];
const errors = { 401: ApiError, 404: ApiError, 422: ApiError };

/** The buyer's orders (spec /user/orders, /user/orders/{id}, /review-order/{id}). */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const orders = app.ordersRepository;
  app.addHook('preHandler', app.authenticate);

  const detail = (record: OrderRecord) => orderDetail(record, config.DELIVERY_BUSINESS_DAYS);

  async function mine(customerId: number, orderId: number, lang: ContentLanguage) {
    const record = await orders.forBuyer(customerId, orderId, lang);
    if (!record) throw notFound('Order');
    return record;
  }

  app.get(
    '/orders',
    { schema: { tags, security, summary: "The buyer's orders, newest first", querystring: PageQuery, response: { 200: OrderList, ...errors } } },
    async (request, reply) =>
      orders.listForBuyer(request.customerId!, request.query.page, request.query.limit, { businessDays: config.DELIVERY_BUSINESS_DAYS, lang: answerLanguage(request, reply) }),
  );

  app.get(
    '/orders/:id',
    { schema: { tags, security, summary: 'One order of the buyer (another customer’s id: 404)', params: OrderParams, response: { 200: OrderDetail, ...errors } } },
    async (request, reply) => detail(await mine(request.customerId!, request.params.id, answerLanguage(request, reply))),
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
    async (request, reply) => {
      const lang = answerLanguage(request, reply);
      const record = await mine(request.customerId!, request.params.id, lang);
      if (record.order.status === 'delivered') return detail(record);
      if (!(await orders.markReceived(request.customerId!, request.params.id, app.clock.now()))) {
        throw apiError(409, 'order_not_shipped');
      }
      return detail(await mine(request.customerId!, request.params.id, lang));
    },
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
    async (request, reply) => {
      const lang = answerLanguage(request, reply);
      const record = await mine(request.customerId!, request.params.id, lang);
      if (record.order.status !== 'delivered') throw apiError(409, 'review_not_delivered');
      if (!(await orders.review(request.customerId!, request.params.id, request.body.rating, request.body.comment))) {
        throw apiError(409, 'review_exists');
      }
      return detail(await mine(request.customerId!, request.params.id, lang));
    },
  );

  app.post(
    '/orders/claim',
    {
      schema: {
        tags,
        security,
        summary: 'Adds a guest order to the account: the claim token from the payment answer or the confirmation e-mail',
        description:
          'Works once, and only for the account with the e-mail the order was placed with; otherwise 404. Every other guest order of that e-mail joins the account with it.',
        body: ClaimRequest,
        response: { 200: OrderDetail, ...errors },
      },
    },
    async (request, reply) => {
      const lang = answerLanguage(request, reply);
      const email = await app.checkoutRepository.customerEmail(request.customerId!);
      const orderId = email ? await orders.claim(request.customerId!, email, tokenHash(request.body.claim_token)) : null;
      if (orderId === null) throw notFound('Order');
      return detail(await mine(request.customerId!, orderId, lang));
    },
  );
};

export default orderRoutes;
