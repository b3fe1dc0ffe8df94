import { ApiError, MessageResponse, OrderParams, PageQuery, Sale, SaleList, ShippedRequest, VALIDATION_MESSAGES } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError, HttpError, notFound } from '../../lib/errors';
import { parseTrackingNumber } from '../../lib/tracking-numbers';

const tags = ['sales'];
const security = [{ bearer: [] }];
const errors = { 401: ApiError, 404: ApiError, 422: ApiError };

/** The seller's side of orders: one package per order, shipped with a tracking number. */
const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.ordersRepository;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/sales',
    { schema: { tags, security, summary: "The seller's sales (packages to ship), newest first", querystring: PageQuery, response: { 200: SaleList, ...errors } } },
    async (request) => orders.sales(request.customerId!, request.query.page, request.query.limit),
  );

  app.post(
    '/sales/:id/shipped',
    {
      schema: {
        tags,
        security,
        summary: 'Marks a package shipped with its tracking number (again: corrects the number)',
        description:
          "A CTT (S10, e.g. RR123456785PT, check digit checked) or DPD (14 digits) number, else 422 tracking_number_format. A number another package has: 409 tracking_number_used. Another seller's package: 404. An order already delivered, or with a problem reported: 409.",
        params: OrderParams,
        body: ShippedRequest,
        response: { 200: Sale, ...errors, 409: ApiError },
      },
    },
    async (request) => {
      const sellerId = request.customerId!;
      if (!(await orders.sale(sellerId, request.params.id))) throw notFound('Sale');
      const tracking = parseTrackingNumber(request.body.tracking_number);
      if (!tracking) throw fieldError('tracking_number', 'tracking_number_format');
      const done = await app.db.transaction(async (tx) => {
        const facts = await orders.shippingFacts(sellerId, request.params.id, tx);
        const result = await orders.markShipped(sellerId, request.params.id, tracking, app.clock.now(), tx);
        // The buyer hears of it once, in the feed (issue 26 item 4): a corrected number is not news.
        if (result === 'shipped' && facts && !facts.shipped) {
          await app.notificationFeed.add(facts.buyer_id, 'shipped', { reference: facts.number, title: facts.title, title_pt: facts.title_pt, link: `/user/orders/${facts.order_id}` }, tx);
        }
        return result;
      });
      if (done === 'used') throw new HttpError(409, VALIDATION_MESSAGES.tracking_number_used, [{ field: 'tracking_number', key: 'tracking_number_used' }]);
      if (done === 'closed') throw new HttpError(409, 'This order is already delivered, or its buyer reported a problem.');
      return (await orders.sale(sellerId, request.params.id))!;
    },
  );

  app.post(
    '/sales/:id/label',
    {
      schema: {
        tags,
        security,
        summary: 'Sends the shipping label e-mail again (spec §6)',
        description: 'At most LABELS_MAX_PER_SALE_PER_HOUR (10) per sale and LABELS_MAX_PER_SELLER_PER_HOUR (60) per seller in an hour: 429 with Retry-After.',
        params: OrderParams,
        response: { 200: MessageResponse, ...errors, 429: ApiError, 503: ApiError },
      },
    },
    async (request) => {
      const orderId = await orders.packageOrder(request.customerId!, request.params.id);
      if (orderId === null) throw notFound('Sale');
      // Each resend draws a PDF and sends a mail.
      await app.throttle.attempt([
        { key: `label:sale:${request.params.id}`, max: app.config.LABELS_MAX_PER_SALE_PER_HOUR, windowSeconds: 3600 },
        { key: `label:seller:${request.customerId!}`, max: app.config.LABELS_MAX_PER_SELLER_PER_HOUR, windowSeconds: 3600 },
      ]);
      await app.orderMails.resendLabel(orderId, request.params.id).catch((error: unknown) => {
        request.log.error({ err: error }, 'label mail not sent');
        throw new HttpError(503, 'The e-mail could not be sent right now. Please try again later.');
      });
      return { message: 'We have sent you the shipping label again.' };
    },
  );
};

export default salesRoutes;
