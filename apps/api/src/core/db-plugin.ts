import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens the database (PGlite under DATA_DIR, or DATABASE_URL), migrates, seeds, closes on shutdown. */
async function database(app: FastifyInstance, options: { db?: Db }) {
  const { config } = app;
  const db =
    options.db ??
    (await openDb({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite') }));
  const applied = await migrate(db);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (config.SEED) await seed(db, config);
  // Every query timed for /metrics; the repositories see the same interface.
  app.decorate('db', app.metrics.instrumentDb(db));
  if (!options.db) app.addHook('onClose', () => db.close());
}

export default fp(database, { name: 'db', dependencies: ['config', 'metrics'] });
