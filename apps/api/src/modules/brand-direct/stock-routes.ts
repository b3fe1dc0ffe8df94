import {
  ApiError,
  BRAND_DIRECT_ROLES,
  BrandCatalogue,
  BrandCatalogueQuery,
  BrandIdParams,
  BrandOrders,
  BrandReturnReceive,
  BrandSales,
  BrandSalesQuery,
  BrandStockAdded,
  BrandStockInput,
  BrandStockList,
  MAX_PHOTO_BYTES,
  UploadedPhoto,
} from '@preloved/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../core/errors';
import { photoBodyErrors, storeUploadedPhoto } from '../selling/photo-upload-step';

const tags = ['backoffice'];
const security = [{ staffCookie: [] }];
const refusals = { 401: ApiError, 403: ApiError, 422: ApiError, 429: ApiError };

/**
 * Brand Direct in the back office (issue 48): moderators list the brand's pieces in bulk from the
 * catalogue, the hub's team sends its parcels and receives returns, finance reads the margin scheme.
 * Registered inside the back office's routes, so their staff session and role checks apply.
 */
const brandStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessionOf = (request: FastifyRequest) => request.staffSession!;
  const brand = app.brandDirect;
  // The photo's bytes are the body, as the sellers' upload takes them (its declared type is not trusted).
  app.addContentTypeParser(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) => done(null, body));

  app.get(
    '/backoffice/brand-stock/catalogue',
    {
      config: { staff: BRAND_DIRECT_ROLES.list },
      schema: { tags, security, summary: 'Product children (a colour in a size) of the catalogue by product code (`12` or `12-345`) or name, to list the brand’s pieces of', querystring: BrandCatalogueQuery, response: { 200: BrandCatalogue, ...refusals } },
    },
    async (request) => brand.catalogue(request.query.q),
  );

  app.post(
    '/backoffice/brand-stock/photos',
    {
      config: { staff: BRAND_DIRECT_ROLES.list },
      errorHandler: photoBodyErrors(app),
      schema: {
        tags,
        security,
        summary: 'Uploads one photo of a brand piece (the sellers’ checks: JPEG, PNG, WebP or HEIC, at most 10 MB, re-encoded as WebP without metadata)',
        response: { 201: UploadedPhoto, 413: ApiError, 415: ApiError, ...refusals },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw fieldError('photo', 'photo_not_image');
      const staffId = sessionOf(request).staff_id;
      await app.throttle.attempt([{ key: `photos:staff:${staffId}`, max: app.config.PHOTOS_MAX_PER_DAY, windowSeconds: 3600 }]);
      const stored = await storeUploadedPhoto(app, request.body, `photos:busy:staff:${staffId}`, (photoId) => brand.recordPhoto(photoId));
      reply.code(201);
      return stored;
    },
  );

  app.post(
    '/backoffice/brand-stock',
    {
      config: { staff: BRAND_DIRECT_ROLES.list },
      schema: {
        tags,
        security,
        summary: 'Lists the brand’s pieces, 1 to 50 at once, all or none; each in the audit log',
        description:
          'Each row: a product child, condition, price (euros, 5 to 5000), source (`trade_in`, `return`, `second`, `sample`), `acquired` (what the brand paid the customer: a trade-in’s, up to the price; null for the others), 2 to 4 photos uploaded through `/backoffice/brand-stock/photos`, a comment. A bad row is 422 whose `fields` name each problem as `pieces.N.field` (N from 0) with its key (`brand_stock_child_unknown`, `brand_stock_condition_unknown`, `brand_stock_price`, `brand_stock_acquired_needed`, `brand_stock_acquired_not_trade_in`, `brand_stock_photos`); none is listed then.',
        body: BrandStockInput,
        response: { 200: BrandStockAdded, ...refusals },
      },
    },
    async (request) => brand.addPieces(sessionOf(request), request.body.pieces),
  );

  app.get(
    '/backoffice/brand-stock',
    { config: { staff: BRAND_DIRECT_ROLES.list }, schema: { tags, security, summary: 'The brand’s pieces, newest first (on sale, sold, listed again after a return)', response: { 200: BrandStockList, ...refusals } } },
    async () => brand.pieces(),
  );

  app.get(
    '/backoffice/brand-stock/orders',
    { config: { staff: BRAND_DIRECT_ROLES.orders }, schema: { tags, security, summary: 'The brand’s packages to send (and sent this week) and the buyers’ returns', response: { 200: BrandOrders, ...refusals } } },
    async () => brand.orders(),
  );

  app.post(
    '/backoffice/brand-stock/packages/:id/sent',
    {
      config: { staff: BRAND_DIRECT_ROLES.orders },
      schema: {
        tags,
        security,
        summary: 'The hub sent a brand package to its buyer (a tracking number of the hub’s); in the audit log',
        description: 'Sent already: 409 `brand_package_sent_already`; not a brand package, or cancelled: 404.',
        params: BrandIdParams,
        response: { 200: BrandOrders, 404: ApiError, 409: ApiError, ...refusals },
      },
    },
    async (request) => brand.markSent(sessionOf(request), request.params.id),
  );

  app.post(
    '/backoffice/brand-stock/returns/:id/received',
    {
      config: { staff: BRAND_DIRECT_ROLES.orders },
      schema: {
        tags,
        security,
        summary: 'A returned brand piece reached the hub: the buyer is refunded once and mailed; the piece goes back on sale when `relist`',
        description: 'Received already: 409 `brand_return_received_already`; unknown: 404 `brand_return_not_found`. In the audit log.',
        params: BrandIdParams,
        body: BrandReturnReceive,
        response: { 200: BrandOrders, 404: ApiError, 409: ApiError, ...refusals },
      },
    },
    async (request) => brand.receiveReturn(sessionOf(request), request.params.id, request.body.relist),
  );

  app.get(
    '/backoffice/brand-stock/sales',
    {
      config: { staff: BRAND_DIRECT_ROLES.sales },
      schema: {
        tags,
        security,
        summary: 'The brand’s sales in a range of Lisbon days with the margin scheme’s figures (purchase, sale, margin, VAT in the margin), as JSON or CSV',
        querystring: BrandSalesQuery,
        response: { 200: z.union([BrandSales, z.string()]), ...refusals },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      if (format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="brand-direct-sales-${from}-${to}.csv"`)
          .header('cache-control', 'no-store')
          .send(await brand.salesCsv(from, to));
      }
      return brand.sales(from, to);
    },
  );
};

export default brandStockRoutes;
