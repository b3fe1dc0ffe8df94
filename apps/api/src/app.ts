import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/db';
import clockPlugin, { type Clock } from './plugins/external/clock';
import configPlugin from './plugins/external/config';
import database from './plugins/external/db';
import errorHandler, { isMalformedUrl, MALFORMED_URL_PATH } from './plugins/external/error-handler';
import metrics from './plugins/external/metrics';
import security from './plugins/external/security';
import storefront from './plugins/external/storefront';
import openapi from './plugins/external/swagger';
import auth from './plugins/app/auth';
import bagRepository from './plugins/app/bag/bag-repository';
import bagService from './plugins/app/bag/bag-service';
import addressBook from './plugins/app/addresses/address-book';
import brandsRepository from './plugins/app/brands/brands-repository';
import coloursRepository from './plugins/app/catalog/colours-repository';
import catalogueCache from './plugins/app/catalog/catalogue-cache';
import listingsRepository from './plugins/app/catalog/listings-repository';
import sitemapRepository from './plugins/app/catalog/sitemap-repository';
import variantSummaries from './plugins/app/catalog/variant-summaries-repository';
import accounts from './plugins/app/customers/accounts';
import customersRepository from './plugins/app/customers/customers-repository';
import passwordRecovery from './plugins/app/customers/password-recovery';
import emailProofs from './plugins/app/customers/email-proofs';
import stepUp from './plugins/app/customers/step-up';
import googleSignIn from './plugins/app/google/google-sign-in';
import health from './plugins/app/health/health';
import jobs from './plugins/app/jobs/jobs';
import mailer from './plugins/app/mailer/mailer';
import mailOutbox from './plugins/app/mailer/mail-outbox';
import addressesRepository from './plugins/app/addresses/addresses-repository';
import payoutPreferences from './plugins/app/payouts/payout-preferences-repository';
import notificationFeed from './plugins/app/notification-feed/notification-feed-repository';
import wallet from './plugins/app/wallet/wallet';
import carriers from './plugins/app/carriers/carriers';
import carrierLabels from './plugins/app/carriers/carrier-labels';
import orderProtection from './plugins/app/orders/order-protection';
import orderCancellation from './plugins/app/orders/order-cancellation';
import cancellationRoutes from './routes/orders/cancellation';
import checkoutRepository from './plugins/app/checkout/checkout-repository';
import checkoutService from './plugins/app/checkout/checkout-service';
import providerEvents from './plugins/app/payments/provider-events';
import orderMails from './plugins/app/orders/order-mails';
import ordersRepository from './plugins/app/orders/orders-repository';
import reviewsRepository from './plugins/app/reviews/reviews-repository';
import paymentAttemptsRepository from './plugins/app/payments/payment-attempts-repository';
import payments from './plugins/app/payments/payments';
import type { PaymentProvider } from './plugins/app/payments/payment-provider';
import newsletter from './plugins/app/newsletter/newsletter';
import notifications from './plugins/app/notifications/notifications';
import offersRepository from './plugins/app/offers/offers-repository';
import offersService from './plugins/app/offers/offers-service';
import buyerOrdersService from './plugins/app/orders/buyer-orders-service';
import salesService from './plugins/app/orders/sales-service';
import newsletterRepository from './plugins/app/newsletter/newsletter-repository';
import sessions from './plugins/app/sessions/sessions';
import throttle from './plugins/app/throttle/throttle';
import wishlistRepository from './plugins/app/wishlist/wishlist-repository';
import assetRoutes from './routes/assets/assets';
import cartRoutes from './routes/bag/cart';
import checkoutRoutes from './routes/bag/checkout';
import wishlistRoutes from './routes/bag/wishlist';
import savedSearchRoutes from './routes/alerts/saved-searches';
import similarRoutes from './routes/catalog/similar';
import alertsRepository from './plugins/app/alerts/alerts-repository';
import alertsService from './plugins/app/alerts/alerts-service';
import catalogRoutes from './routes/catalog/catalog';
import reviewRoutes from './routes/reviews/reviews';
import verificationRoutes from './routes/customers/verification';
import profileRoutes from './routes/customers/profile';
import recoveryRoutes from './routes/customers/recovery';
import registrationRoutes from './routes/customers/registration';
import signInRoutes from './routes/customers/sign-in';
import platformRoutes from './routes/platform/platform';
import seoRoutes from './routes/platform/seo';
import addressRoutes from './routes/addresses/addresses';
import payoutRoutes from './routes/payouts/payout';
import sepaBatchRoutes from './routes/payouts/sepa-batches';
import stripeConnectWebhookRoutes from './routes/webhooks/stripe-connect';
import notificationFeedRoutes from './routes/notification-feed/notification-feed';
import mainStoreRoutes from './routes/wallet/main-store';
import mainShopStandIn from './routes/wallet/main-shop-stand-in';
import walletRoutes from './routes/wallet/wallet';
import payoutChanges from './plugins/app/payouts/payout-changes';
import payoutRuns from './plugins/app/payouts/payout-runs';
import sepaBatches from './plugins/app/payouts/sepa-batches';
import stripeConnect from './plugins/app/payouts/stripe-connect';
import photoStorage from './plugins/app/selling/photo-storage';
import photoUploads from './plugins/app/selling/photo-uploads';
import sellerListings from './plugins/app/selling/seller-listings-repository';
import sellingService from './plugins/app/selling/selling-service';
import smartPricing from './plugins/app/selling/smart-pricing';
import photoRoutes from './routes/selling/photos';
import sellerRoutes from './routes/selling/seller';
import paymentRoutes from './routes/checkout/payment';
import pickupPointRoutes from './routes/checkout/pickup-points';
import quoteRoutes from './routes/checkout/quote';
import orderRoutes from './routes/orders/orders';
import salesRoutes from './routes/orders/sales';
import operatorRoutes from './routes/orders/operator';
import stripeWebhookRoutes from './routes/webhooks/stripe';
import sendcloudWebhookRoutes from './routes/webhooks/sendcloud';
import notificationRoutes from './routes/notifications/notifications';
import offerRoutes from './routes/offers/offers';
import bundlesRepository from './plugins/app/bundles/bundles-repository';
import bundlesService from './plugins/app/bundles/bundles-service';
import bundleRoutes from './routes/bundles/bundles';

// A request id the proxy sent (X-Request-Id) is kept when it is a plain token, else one is made.
const REQUEST_ID = /^[\w.:@-]{1,128}$/;

/** Trusts the nearest `hops` proxies, as proxy-addr does for a number (Fastify's types take only a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The API as a Fastify instance, ready to listen or to `inject` in tests. Plugin order follows
 * fastify/demo: external (config, errors, security, docs, database) → app services, each registered
 * once and decorated on the instance (their declared dependencies are checked at start) → routes
 * under /api → the storefront. Plugins are listed here rather than autoloaded, so the typecheck sees
 * every one of them.
 */
export async function buildApp(config: Config, options: { db?: Db; paymentProvider?: PaymentProvider; clock?: Clock } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    // The first start migrates and seeds the demo catalogue inside the database plugin: on a busy
    // machine that takes longer than Fastify's 10 s default for a plugin.
    pluginTimeout: 120_000,
    // Off unless configured: a forwarded address chosen by the client must not pick its throttle key.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    routerOptions: { maxParamLength: 200 },
    // Every log line of a request carries its id (issue 27): the proxy's, or a new one.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Graceful stop (issue 27): see the closing hooks below; a request on a connection the instance
    // already had is answered, not refused with a 503 the proxy would not retry for a POST.
    return503OnClosing: false,
    // A path with a broken percent-encoding goes through the whole lifecycle (headers, error handler).
    rewriteUrl: (request) => (request.url && isMalformedUrl(request.url) ? MALFORMED_URL_PATH : (request.url ?? '/')),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(metrics);
  // The answer names its request, so a shopper's report or a proxy's log leads to the API's lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // An instance told to stop (server.ts) no longer listens, and answers what reaches it on a
  // connection it already had (the proxy's keep-alive) with `Connection: close`: the proxy's next
  // request opens a new connection, is refused, and goes to another instance — a POST too, as it was
  // never sent. The requests it has, it finishes.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  await app.register(clockPlugin, { clock: options.clock });
  await app.register(errorHandler);
  await app.register(security, { config });
  await app.register(openapi);
  await app.register(database, { db: options.db });

  for (const service of [
    health,
    jobs,
    notifications,
    coloursRepository,
    brandsRepository,
    newsletterRepository,
    variantSummaries,
    listingsRepository,
    catalogueCache,
    sitemapRepository,
    customersRepository,
    offersRepository,
    bundlesRepository,
    bundlesService,
    bagRepository,
    wishlistRepository,
    sessions,
    auth,
    throttle,
    mailer,
    mailOutbox,
    emailProofs,
    googleSignIn,
    accounts,
    stepUp,
    addressesRepository,
    addressBook,
    payoutPreferences,
    passwordRecovery,
    payoutChanges,
    payoutRuns,
    notificationFeed,
    carriers,
    wallet,
    smartPricing,
    sellerListings,
    photoStorage,
    photoUploads,
    sellingService,
    checkoutRepository,
    ordersRepository,
    reviewsRepository,
    paymentAttemptsRepository,
    newsletter,
    stripeConnect,
    sepaBatches,
  ]) {
    await app.register(service);
  }
  // The payment provider is the one service a test may replace (to read its ledger).
  await app.register(payments, { provider: options.paymentProvider });
  await app.register(orderMails);
  await app.register(carrierLabels);
  await app.register(orderProtection);
  await app.register(orderCancellation);
  await app.register(offersService);
  await app.register(bagService);
  await app.register(buyerOrdersService);
  await app.register(salesService);
  await app.register(alertsRepository);
  await app.register(alertsService);
  await app.register(checkoutService);
  await app.register(providerEvents);

  await app.register(
    async (api) => {
      for (const routes of [
        platformRoutes,
        assetRoutes,
        catalogRoutes,
        reviewRoutes,
        signInRoutes,
        registrationRoutes,
        recoveryRoutes,
        profileRoutes,
        verificationRoutes,
        cartRoutes,
        checkoutRoutes,
        wishlistRoutes,
        savedSearchRoutes,
        similarRoutes,
        addressRoutes,
        payoutRoutes,
        pickupPointRoutes,
        quoteRoutes,
        paymentRoutes,
        orderRoutes,
        salesRoutes,
        operatorRoutes,
        stripeWebhookRoutes,
        sendcloudWebhookRoutes,
        cancellationRoutes,
        walletRoutes,
        mainStoreRoutes,
        notificationFeedRoutes,
        offerRoutes,
        notificationRoutes,
        sellerRoutes,
        bundleRoutes,
        photoRoutes,
        stripeConnectWebhookRoutes,
        sepaBatchRoutes,
      ]) {
        await api.register(routes);
      }
    },
    { prefix: '/api' },
  );
  // The demo's main shop has a server part too (issue 42): it holds the shop key, never the page.
  if (config.DEMO) await app.register(mainShopStandIn);
  // sitemap.xml and robots.txt sit at the store's root, beside its pages.
  await app.register(seoRoutes);
  await app.register(storefront, { config });
  return app;
}
