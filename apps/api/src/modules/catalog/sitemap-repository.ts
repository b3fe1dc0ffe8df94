import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    sitemapRepository: ReturnType<typeof createSitemapRepository>;
  }
}

/** The public pages worth indexing that the catalogue has right now (sitemap.xml). */
export function createSitemapRepository(app: FastifyInstance) {
  return {
    /** Every product variant with a piece for sale, newest piece first; at most `limit`. */
    async variants(brandId: number, limit: number, tx: Queryable = app.db): Promise<{ product_id: number; variant_id: number; updated: string }[]> {
      const { rows } = await tx.query<{ product_id: number; variant_id: number; updated: string }>(
        `SELECT product_id, variant_id, max(created_at)::text AS updated
           FROM listings WHERE brand_id = $1 AND status = 'active'
          GROUP BY product_id, variant_id ORDER BY max(created_at) DESC, variant_id LIMIT $2`,
        [brandId, limit],
      );
      return rows;
    },
    /** Every seller with a piece for sale. */
    async sellers(brandId: number, limit: number, tx: Queryable = app.db): Promise<number[]> {
      const { rows } = await tx.query<{ seller_id: number }>(
        `SELECT seller_id FROM listings WHERE brand_id = $1 AND status = 'active' GROUP BY seller_id ORDER BY seller_id LIMIT $2`,
        [brandId, limit],
      );
      return rows.map((row) => row.seller_id);
    },
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('sitemapRepository', createSitemapRepository(app));
  },
  { name: 'sitemap-repository', dependencies: ['db'] },
);
