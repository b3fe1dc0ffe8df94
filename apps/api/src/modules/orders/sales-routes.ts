import { ApiError, MessageResponse, OrderParams, PageQuery, Sale, SaleList, ShippedRequest } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, notFound } from '../../core/errors';
import { answerLanguage } from '../../core/language';
import { sendPdf } from '../../core/pdf-reply';

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
    async (request, reply) => orders.sales(request.customerId!, request.query.page, request.query.limit, answerLanguage(request, reply)),
  );

  app.post(
    '/sales/:id/shipped',
    {
      schema: {
        tags,
        security,
        summary: 'Marks a package shipped with its tracking number (again: corrects the number)',
        description:
          "With the test carrier only: with CARRIER_MODE=sendcloud the store bought the label and the sale counts as shipped at the carrier's first scan (409 shipped_by_carrier). A CTT (S10, e.g. RR123456785PT, check digit checked: 422 tracking_number_check_digit) or DPD (14 digits) number, else 422 tracking_number_format. A number another package has: 409 tracking_number_used. Another seller's package: 404. An order already delivered, or with a problem reported: 409.",
        params: OrderParams,
        body: ShippedRequest,
        response: { 200: Sale, ...errors, 409: ApiError },
      },
    },
    async (request, reply) => app.sales.markShipped(request.customerId!, request.params.id, request.body.tracking_number, answerLanguage(request, reply)),
  );

  app.get(
    '/sales/:id/label',
    {
      schema: {
        tags,
        security,
        summary: "Downloads the sale's shipping label as a PDF",
        description:
          "With CARRIER_MODE=sendcloud the label the store bought from Sendcloud at the sale (A4 PDF, fetched from Sendcloud); with the test carrier the A6 label the sale mail attaches, drawn by the store in the seller's language. Another seller's package: 404. The label still being bought: 409 label_pending. Sendcloud not answering: 503 carrier_unavailable.",
        params: OrderParams,
        produces: ['application/pdf'],
        // The PDF's bytes (a Buffer is sent as it is, never serialized).
        response: { 200: z.any().describe('The label, application/pdf'), ...errors, 409: ApiError, 503: ApiError },
      },
    },
    async (request, reply) => {
      if (app.config.CARRIER_MODE !== 'sendcloud') {
        const drawn = await app.sales.drawnLabel(request.customerId!, request.params.id);
        if (!drawn) throw notFound('Sale');
        return sendPdf(reply, drawn.pdf, `label-${drawn.orderNumber}-${request.params.id}.pdf`);
      }
      let label: Awaited<ReturnType<typeof app.carrierLabels.labelPdf>>;
      try {
        label = await app.carrierLabels.labelPdf(request.customerId!, request.params.id);
      } catch (error) {
        request.log.warn({ err: error }, 'label not fetched from Sendcloud');
        throw apiError(503, 'carrier_unavailable');
      }
      if (label === null) throw notFound('Sale');
      if (label === 'pending') throw apiError(409, 'label_pending');
      return sendPdf(reply, label.pdf, `label-${label.orderNumber}-${request.params.id}.pdf`);
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
        throw apiError(503, 'mail_unavailable');
      });
      return { message: 'We have sent you the shipping label again.' };
    },
  );
};

export default salesRoutes;
