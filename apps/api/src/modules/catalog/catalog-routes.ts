import { ApiError, BRAND_ID, buyerProtectionCents, SELLER_SHIPS_WITHIN_BUSINESS_DAYS, ListingsQuery, ListingsResponse, ProductParams, ProductQuery, ProductResponse, VendorParams, VendorQuery, VendorResponse } from '@preloved/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../core/errors';
import { answerLanguage } from '../../core/language';
import { PUBLIC_CATALOGUE_CACHE_CONTROL } from './catalogue-cache';
import { feeRates } from '../checkout/pricing';
import { euros } from '../../core/money';

/** The catalogue: listing cards, a product with its listings, a seller's page. */
const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { listingsRepository: listings, brandsRepository: brands, catalogueCache: cache } = app;
  // Public answers, the same for everyone: kept a few seconds here and at a CDN.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' && reply.statusCode === 200) reply.header('Cache-Control', PUBLIC_CATALOGUE_CACHE_CONTROL);
  });
  const errors = { 404: ApiError, 422: ApiError };
  const { config } = app;
  const rates = feeRates(config);
  // The product page says what receiving a piece costs, from the same fee config the checkout prices with.
  const delivery = {
    shipping_per_package: config.FEE_SHIPPING_CENTS_PER_PACKAGE / 100,
    home_delivery: config.FEE_DELIVERY_HOME_CENTS / 100,
    pickup_point: config.FEE_DELIVERY_PICKUP_CENTS / 100,
    ships_within_business_days: SELLER_SHIPS_WITHIN_BUSINESS_DAYS,
    delivery_business_days: config.DELIVERY_BUSINESS_DAYS,
  };

  /**
   * A public answer as JSON bytes, kept under `key`: the route's own response serializer (the same
   * zod schema, so the same JSON) runs once when the answer is read from the database, and every
   * request the cache answers sends those bytes as they are. Null (nothing there) is kept too.
   */
  const send = async (reply: FastifyReply, key: string, load: () => Promise<object | null>): Promise<boolean> => {
    const body = await cache.get(key, async () => {
      const answer = await load();
      return answer === null ? null : Buffer.from(reply.serialize(answer) as string);
    });
    if (body === null) return false;
    reply.type('application/json; charset=utf-8').send(body);
    return true;
  };

  // Titles and descriptions come in the language the client asks for; caches keep one copy per language.
  app.get(
    '/products/listings/all',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Listing cards grouped by product variant, sorted by min_price (spec §7)',
        description: '`limit=0` means the default page size (24); `limit` is at most 60: the list is never unbounded.',
        querystring: ListingsQuery,
        response: { 200: ListingsResponse, 422: ApiError },
      },
    },
    async (request, reply) => {
      const lang = answerLanguage(request, reply);
      await send(reply, `browse:${lang}:${JSON.stringify(request.query)}`, () => listings.browse({ ...request.query, lang }));
      return reply;
    },
  );

  app.get(
    '/products/:product_id',
    { schema: { tags: ['catalog'], summary: 'A product, its variants and the selected variant’s listings', params: ProductParams, querystring: ProductQuery, response: { 200: ProductResponse, ...errors } } },
    async (request, reply) => {
      const lang = answerLanguage(request, reply);
      const { product_id: productId } = request.params;
      const { variant, listing } = request.query;
      const found = await send(reply, `product:${lang}:${productId}:${variant}:${listing}`, async () => {
        const product = await listings.product(productId, variant, await brands.sampleCustomerId(BRAND_ID), listing, lang);
        if (!product) return null;
        // Every piece's price with its buyer fees, by the fee lines the checkout prices with;
        // Its seller's bundle discounts.
        const sellers = product.listings.map((offer) => offer.CustomerID);
        const tiers = await app.bundles.tiersOf(sellers);
        // Kept with the answer for the catalogue cache's few seconds, like the seller's rating: an
        // answer time moves by minutes, and reading it costs a few indexed rows a seller.
        const answers = await app.conversations.answerTimes(sellers);
        const priced = product.listings.map((offer) => {
          const cents = Math.round(offer.price * 100);
          const protection = buyerProtectionCents(cents, rates);
          return {
            ...offer,
            buyer_protection: euros(protection),
            buyer_price: euros(cents + protection),
            bundle_tiers: tiers.get(offer.CustomerID) ?? [],
            answer_minutes: answers.get(offer.CustomerID)?.minutes ?? null,
          };
        });
        return { ...product, listings: priced, delivery };
      });
      if (!found) throw notFound('Product');
      return reply;
    },
  );

  app.get(
    '/vendors/:id',
    { schema: { tags: ['catalog'], summary: 'A seller: first name, member since, active listings', params: VendorParams, querystring: VendorQuery, response: { 200: VendorResponse, ...errors } } },
    async (request, reply) => {
      const lang = answerLanguage(request, reply);
      const found = await send(reply, `vendor:${lang}:${request.params.id}`, async () => {
        const vendor = await listings.vendor(request.params.id, await brands.sampleCustomerId(BRAND_ID), lang);
        if (!vendor) return null;
        const answers = await app.conversations.answerTimes([vendor.CustomerID]);
        return { ...vendor, bundle_tiers: (await app.bundles.tiersOf([vendor.CustomerID])).get(vendor.CustomerID) ?? [], answer_minutes: answers.get(vendor.CustomerID)!.minutes };
      });
      if (!found) throw notFound('Seller');
      return reply;
    },
  );
};

export default catalogRoutes;
