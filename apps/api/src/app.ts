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
import bagRepository from './plugins/app/bag/bag-repository';
import wishlistRepository from './plugins/app/wishlist/wishlist-repository';
import assetRoutes from './routes/assets';
import cartRoutes from './routes/bag/cart';
import checkoutRoutes from './routes/bag/checkout';
import wishlistRoutes from './routes/bag/wishlist';
import catalogRoutes from './routes/catalog';
import customerRoutes from './routes/customers';
import platformRoutes from './routes/platform';

/**
 * The API as a Fastify instance, ready to listen or to `inject` in tests. Plugin order follows
 * fastify/demo: external (errors, security, docs, database) → routes under /api → the storefront.
 */
export async function buildApp(config: Config, options: { db?: Db } = {}): Promise<FastifyInstance> {
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
  await app.register(bagRepository);
  await app.register(wishlistRepository);
  await app.register(
    async (api) => {
      await api.register(platformRoutes);
      await api.register(assetRoutes);
      await api.register(catalogRoutes);
      await api.register(customerRoutes, { config });
      await api.register(cartRoutes);
      await api.register(checkoutRoutes);
      await api.register(wishlistRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(storefront, { config });
  return app;
}
