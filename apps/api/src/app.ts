import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/db';
import clockPlugin, { type Clock } from './core/clock';
import configPlugin from './core/config-plugin';
import database from './core/db-plugin';
import errorHandler, { isMalformedUrl, MALFORMED_URL_PATH } from './core/error-handler';
import metrics from './core/metrics';
import security from './core/security';
import openapi from './core/openapi';
import jobs from './core/jobs';
import mailOutbox from './core/mail/mail-outbox';
import mailer from './core/mail/mailer';
import throttle from './core/throttle';
import { modules } from './modules';
import { registerModules } from './modules/module';
import type { PaymentProvider } from './modules/payments/payment-provider';

// A request id the proxy sent (X-Request-Id) is kept when it is a plain token, else one is made.
const REQUEST_ID = /^[\w.:@-]{1,128}$/;

/** Trusts the nearest `hops` proxies, as proxy-addr does for a number (Fastify's types take only a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The API as a Fastify instance, ready to listen or to `inject` in tests. The house's core (config,
 * metrics, clock, errors, security, docs, database, jobs, mail, limits: apps/api/src/core) → the
 * modules, one per capability (apps/api/src/modules/index.ts): their services in the order their
 * declared dependencies ask, their routes under /api, the storefront's pages last. Modules are
 * listed rather than autoloaded, so the typecheck sees every one of them.
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
    // Every log line of a request carries its id: the proxy's, or a new one.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Graceful stop: see the closing hooks below; a request on a connection the instance
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

  // What every module may use: the job queue, mail (outbox and sender), the attempt limits.
  for (const service of [jobs, mailer, mailOutbox, throttle]) await app.register(service);
  // The payment provider is the one service a test may replace (to read its ledger).
  await registerModules(app, modules, { payments: { provider: options.paymentProvider } });
  return app;
}
