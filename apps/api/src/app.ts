import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/db';
import database from './plugins/external/db';
import errorHandler from './plugins/external/error-handler';
import security from './plugins/external/security';
import storefront from './plugins/external/storefront';
import openapi from './plugins/external/swagger';
import auth from './plugins/app/auth';
import addressesRepository from './plugins/app/addresses/addresses-repository';
import checkoutRepository from './plugins/app/checkout/checkout-repository';
import checkoutService from './plugins/app/checkout/checkout-service';
import orderMails from './plugins/app/orders/order-mails';
import ordersRepository from './plugins/app/orders/orders-repository';
import paymentAttemptsRepository from './plugins/app/payments/payment-attempts-repository';
import payments from './plugins/app/payments/payments';
import type { PaymentProvider } from './plugins/app/payments/payment-provider';
import addressRoutes from './routes/addresses/addresses';
import paymentRoutes from './routes/checkout/payment';
import pickupPointRoutes from './routes/checkout/pickup-points';
import quoteRoutes from './routes/checkout/quote';
import orderRoutes from './routes/orders/orders';
import salesRoutes from './routes/orders/sales';
import assetRoutes from './routes/assets';
import catalogRoutes from './routes/catalog';
import customerRoutes from './routes/customers';
import platformRoutes from './routes/platform';

/**
 * The API as a Fastify instance, ready to listen or to `inject` in tests. Plugin order follows
 * fastify/demo: external (errors, security, docs, database) → routes under /api → the storefront.
 */
export async function buildApp(config: Config, options: { db?: Db; paymentProvider?: PaymentProvider } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    // The first start migrates and seeds the demo catalogue inside the database plugin: on a busy
    // machine that takes longer than Fastify's 10 s default for a plugin.
    pluginTimeout: 120_000,
    trustProxy: true,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(security, { config });
  await app.register(openapi);
  await app.register(database, { config, db: options.db });
  await app.register(auth);
  await app.register(addressesRepository);
  await app.register(checkoutRepository);
  await app.register(ordersRepository);
  await app.register(paymentAttemptsRepository);
  await app.register(payments, { provider: options.paymentProvider });
  await app.register(orderMails, { config });
  await app.register(checkoutService, { config });
  await app.register(
    async (api) => {
      await api.register(platformRoutes);
      await api.register(assetRoutes);
      await api.register(catalogRoutes);
      await api.register(customerRoutes, { config });
      await api.register(addressRoutes);
      await api.register(pickupPointRoutes, { config });
      await api.register(quoteRoutes);
      await api.register(paymentRoutes);
      await api.register(orderRoutes, { config });
      await api.register(salesRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(storefront, { config });
  return app;
}
