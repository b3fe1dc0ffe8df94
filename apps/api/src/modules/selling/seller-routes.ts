import {
  ApiError,
  LISTING_MAX_PHOTOS,
  LISTING_MAX_PRICE_CENTS,
  LISTING_MIN_PHOTOS,
  LISTING_MIN_PRICE_CENTS,
  ListingInput,
  ListingPriceInput,
  ListingPricingInput,
  ListingStatusInput,
  MAX_PHOTO_BYTES,
  SellerListing,
  SellerListingList,
  SellerListingParams,
  SellerListingsQuery,
  SellerProductChildParams,
  SellerProductChoice,
  SellerProductList,
  SellerProductsQuery,
  SellingTerms,
  sellingFeesOf,
} from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiError } from '../../core/errors';
import { answerLanguage } from '../../core/language';
import { euros } from '../../core/money';
import { feeRates } from '../checkout/pricing';
import type { ListingWrite } from './seller-listings-repository';

const tags = ['selling'];
const security = [{ bearer: [] }];
const errors = { 401: ApiError, 404: ApiError, 422: ApiError };
/** A refusal with its stable code (every new error answers one). */
const cents = (value: number) => Math.round(value * 100);
const toWrite = (body: z.output<typeof ListingInput>): ListingWrite => ({
  childId: body.product_child_id,
  conditionId: body.condition_id,
  comment: body.comment,
  photos: body.photos,
  priceCents: cents(body.price),
  minPriceCents: cents(body.min_price),
  smartPricing: body.smart_pricing,
});

/** The seller's side of listings (spec §2, §3, §4, §6). Another seller's listing is answered 404, as a missing one. */
const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const selling = app.selling;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/seller/terms',
    { schema: { tags, security, summary: 'Price bounds, photo count and the fees a buyer pays on top of a price', response: { 200: SellingTerms, 401: ApiError } } },
    async () => ({
      conditions: await selling.conditions(),
      min_price: euros(LISTING_MIN_PRICE_CENTS),
      max_price: euros(LISTING_MAX_PRICE_CENTS),
      min_photos: LISTING_MIN_PHOTOS,
      max_photos: LISTING_MAX_PHOTOS,
      max_photo_bytes: MAX_PHOTO_BYTES,
      fees: sellingFeesOf(feeRates(app.config)),
    }),
  );

  app.get(
    '/seller/products',
    { schema: { tags, security, summary: "The brand's products by name, with colours and sizes (the submit form's picker)", querystring: SellerProductsQuery, response: { 200: SellerProductList, ...errors } } },
    async (request, reply) => ({ products: await app.sellerListings.products(request.query.q, answerLanguage(request, reply)) }),
  );

  app.get(
    '/seller/products/child/:childId',
    {
      schema: {
        tags,
        security,
        summary: "One piece of the brand's catalogue by its reference (resell from the main shop): its product, colour, size and original price",
        description: 'The main shop names the piece by its product child id only; everything else comes from the catalogue. 404 `product_not_found` when the brand has no such piece.',
        params: SellerProductChildParams,
        response: { 200: SellerProductChoice, ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      const choice = await app.sellerListings.productOfChild(request.params.childId, answerLanguage(request, reply));
      if (!choice) throw apiError(404, 'product_not_found');
      await app.sellerListings.resellStarted(request.customerId!, request.params.childId);
      return choice;
    },
  );

  app.get(
    '/seller/listings',
    { schema: { tags, security, summary: "The seller's listings, newest first: all, active or archived", querystring: SellerListingsQuery, response: { 200: SellerListingList, ...errors } } },
    async (request, reply) => app.sellerListings.list(request.customerId!, request.query.status, request.query.page, request.query.limit, answerLanguage(request, reply)),
  );

  app.post(
    '/seller/listings',
    {
      schema: {
        tags,
        security,
        summary: 'Lists a piece for sale: active at once, in the catalogue and search',
        description: '422 with the field and its key: `no_size`, `no_condition`, `photos_count`, `photos_repeated` (the same photo twice), `photo_not_yours` (a photo this seller did not upload), `price_out_of_bounds`, `min_price_above_price`, ...',
        body: ListingInput,
        response: { 201: SellerListing, ...errors },
      },
    },
    async (request, reply) => {
      const created = await selling.create(request.customerId!, toWrite(request.body), answerLanguage(request, reply));
      reply.code(201);
      return created;
    },
  );

  app.get(
    '/seller/listings/:id',
    { schema: { tags, security, summary: 'One of the seller\'s listings with every field of spec §3', params: SellerListingParams, response: { 200: SellerListing, ...errors } } },
    async (request, reply) => selling.get(request.customerId!, request.params.id, answerLanguage(request, reply)),
  );

  app.put(
    '/seller/listings/:id',
    {
      schema: { tags, security, summary: 'Edits an unsold listing (its smart-pricing schedule starts again from the new price)', params: SellerListingParams, body: ListingInput, response: { 200: SellerListing, ...errors, 409: ApiError } },
    },
    async (request, reply) => selling.update(request.customerId!, request.params.id, toWrite(request.body), answerLanguage(request, reply)),
  );

  app.put(
    '/seller/listings/:id/pricing',
    {
      schema: {
        tags,
        security,
        summary: 'Changes the minimum price and turns smart pricing on or off (spec §6)',
        description: 'Off freezes the current price; on starts cutting 10 % every 7 days from now. A minimum above the current price: 422 `min_price_above_price`.',
        params: SellerListingParams,
        body: ListingPricingInput,
        response: { 200: SellerListing, ...errors, 409: ApiError },
      },
    },
    async (request, reply) => selling.setPricing(request.customerId!, request.params.id, cents(request.body.min_price), request.body.smart_pricing, answerLanguage(request, reply)),
  );

  app.put(
    '/seller/listings/:id/price',
    {
      schema: {
        tags,
        security,
        summary: 'Changes the price alone, from My listings',
        description:
          'Within the price bounds (422 `price_out_of_bounds`), not below the listing\'s minimum price (422 `min_price_above_price` on `price`); smart pricing starts again from the new price. A sold listing: 409 `listing_sold`.',
        params: SellerListingParams,
        body: ListingPriceInput,
        response: { 200: SellerListing, ...errors, 409: ApiError },
      },
    },
    async (request, reply) => selling.setPrice(request.customerId!, request.params.id, cents(request.body.price), answerLanguage(request, reply)),
  );

  app.put(
    '/seller/listings/:id/status',
    { schema: { tags, security, summary: 'Archives or reactivates a listing (spec §4)', params: SellerListingParams, body: ListingStatusInput, response: { 200: SellerListing, ...errors, 409: ApiError } } },
    async (request, reply) => selling.setStatus(request.customerId!, request.params.id, request.body.status, answerLanguage(request, reply)),
  );
};

export default sellerRoutes;
