import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    photoUploads: ReturnType<typeof photoUploads>;
  }
}

const NAME = /^\/api\/photos\/([a-f0-9]{32})\.webp$/;
/** Uploads removed per run of the `photo-orphans` job (every 10 minutes: the rest wait for the next). */
const SWEEP_BATCH = 500;

/**
 * Who uploaded which photo (migration 020): a listing may show only its seller's own uploads, and an
 * upload no listing uses is removed after PHOTO_ORPHAN_HOURS, with its files once nobody else
 * uploaded the same bytes.
 */
export function photoUploads(app: FastifyInstance) {
  const db = app.db;

  const service = {
    async record(customerId: number, name: string, tx: Queryable = db): Promise<void> {
      // Uploading the same photo again starts its day again.
      await tx.query(
        `INSERT INTO photo_uploads (customer_id, name) VALUES ($1, $2) ON CONFLICT (customer_id, name) DO UPDATE SET created_at = now()`,
        [customerId, name],
      );
    },

    /** The indexes of `urls` that are not photos this customer uploaded. */
    async notOwned(customerId: number, urls: string[], tx: Queryable = db): Promise<number[]> {
      const names = urls.map((url) => NAME.exec(url)?.[1] ?? null);
      const { rows } = await tx.query<{ name: string }>('SELECT name FROM photo_uploads WHERE customer_id = $1 AND name = ANY($2::text[])', [
        customerId,
        names.filter((name): name is string => name !== null),
      ]);
      const owned = new Set(rows.map((row) => row.name));
      return names.flatMap((name, index) => (name !== null && owned.has(name) ? [] : [index]));
    },

    /** Removes uploads older than PHOTO_ORPHAN_HOURS that no listing shows; answers the photos whose files went. */
    async sweep(): Promise<string[]> {
      const { rows } = await db.query<{ name: string }>(
        `DELETE FROM photo_uploads u WHERE (u.customer_id, u.name) IN (
           SELECT o.customer_id, o.name FROM photo_uploads o
           WHERE o.created_at < now() - make_interval(secs => $1)
             AND NOT EXISTS (SELECT 1 FROM listings l WHERE '/api/photos/' || o.name || '.webp' = ANY (l.photos))
           LIMIT $2)
         RETURNING u.name`,
        [Math.round(app.config.PHOTO_ORPHAN_HOURS * 3600), SWEEP_BATCH],
      );
      if (rows.length === 0) return [];
      // A name another seller still holds (the same bytes) keeps its files.
      const { rows: gone } = await db.query<{ name: string }>(
        `SELECT DISTINCT n AS name FROM unnest($1::text[]) AS n
         WHERE NOT EXISTS (SELECT 1 FROM photo_uploads u WHERE u.name = n)
           AND NOT EXISTS (SELECT 1 FROM listings l WHERE '/api/photos/' || n || '.webp' = ANY (l.photos))`,
        [rows.map((row) => row.name)],
      );
      for (const { name } of gone) {
        await app.photoStorage.remove(`${name}.webp`);
        await app.photoStorage.remove(`${name}-card.webp`);
      }
      return gone.map((row) => row.name);
    },
  };
  return service;
}

export default fp(
  async function photoUploadsPlugin(app: FastifyInstance) {
    app.decorate('photoUploads', photoUploads(app));
    // Uploads nobody used, looked for every 10 minutes, once across instances (pg-boss), not by uploads.
    app.jobs.define('photo-orphans', async () => {
      const removed = await app.photoUploads.sweep();
      if (removed.length) app.log.info({ removed: removed.length }, 'unused photos removed');
    });
    app.jobs.every('photo-orphans', '*/10 * * * *');
  },
  { name: 'photo-uploads', dependencies: ['config', 'db', 'jobs', 'photo-storage'] },
);
