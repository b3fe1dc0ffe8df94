import { ApiError, BrandReturnRequest, OrderParams, OrderReturns, ReturnParams } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../core/pdf-reply';

const tags = ['orders'];
const security = [{ bearer: [] }];
const errors = { 401: ApiError, 404: ApiError, 422: ApiError };

/** The buyer's side of Brand Direct (issue 48): returning a brand piece within 14 days, its label, the brand's invoice. */
const brandReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const brand = app.brandDirect;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/orders/:id/returns',
    {
      schema: { tags, security, summary: 'The order’s pieces sold by the brand itself: until when each may be returned, and its return', params: OrderParams, response: { 200: OrderReturns, ...errors } },
    },
    async (request) => brand.orderReturns(request.customerId!, request.params.id),
  );

  app.post(
    '/orders/:id/returns',
    {
      schema: {
        tags,
        security,
        summary: 'Returns a piece the brand sold (the 14-day right of withdrawal: no reason needed); a prepaid label to the hub is then the buyer’s to print',
        description:
          'Until the end of the 14th day after the delivery (Lisbon). Refused: 422 `brand_return_not_brand` (another seller’s piece), 409 `brand_return_not_delivered`, `brand_return_window_closed`, `brand_return_requested` (once per piece), `brand_return_refunded`. The buyer is refunded the piece and its fee shares (and the delivery with the order’s last piece) once the hub has it.',
        params: OrderParams,
        body: BrandReturnRequest,
        response: { 200: OrderReturns, 409: ApiError, ...errors },
      },
    },
    async (request) => brand.requestReturn(request.customerId!, request.params.id, request.body.listing_id),
  );

  app.get(
    '/orders/:id/returns/:returnId/label',
    { schema: { tags, security, summary: 'The prepaid return label (A6 PDF), to the brand’s hub', params: ReturnParams, response: { 200: z.any().describe('The label, application/pdf'), ...errors } } },
    async (request, reply) => {
      const { pdf, name } = await brand.returnLabel(request.customerId!, request.params.id, request.params.returnId);
      return sendPdf(reply, pdf, name);
    },
  );

  app.get(
    '/orders/:id/brand-invoice',
    { schema: { tags, security, summary: 'The brand’s invoice of its pieces in the order (A4 PDF): the margin scheme’s mention, no VAT line, for a piece it bought from a consumer', params: OrderParams, response: { 200: z.any().describe('The invoice, application/pdf'), ...errors } } },
    async (request, reply) => {
      const { pdf, name } = await brand.invoice(request.customerId!, request.params.id);
      return sendPdf(reply, pdf, name);
    },
  );
};

export default brandReturnRoutes;
