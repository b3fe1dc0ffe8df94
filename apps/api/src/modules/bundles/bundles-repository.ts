import type { BundleTier } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    bundlesRepository: BundlesRepository;
  }
}

/** Sellers' bundle discount tiers (migration 038). */
export function bundlesRepository(db: Queryable) {
  return {
    /** Each seller's tiers, fewest pieces first; sellers without tiers are absent. */
    async tiersOf(sellerIds: number[], tx: Queryable = db): Promise<Map<number, BundleTier[]>> {
      const tiers = new Map<number, BundleTier[]>();
      if (sellerIds.length === 0) return tiers;
      const { rows } = await tx.query<BundleTier & { seller_id: number }>(
        'SELECT seller_id, min_pieces, percent_off FROM seller_bundle_tiers WHERE seller_id = ANY($1::int[]) ORDER BY seller_id, min_pieces',
        [[...new Set(sellerIds)]],
      );
      for (const { seller_id: sellerId, ...tier } of rows) tiers.set(sellerId, [...(tiers.get(sellerId) ?? []), tier]);
      return tiers;
    },

    /** Replaces the seller's tiers with these (none: no bundle discount), in one transaction. */
    async replace(sellerId: number, tiers: BundleTier[], tx: Queryable): Promise<void> {
      await tx.query('DELETE FROM seller_bundle_tiers WHERE seller_id = $1', [sellerId]);
      if (tiers.length === 0) return;
      await tx.query(
        'INSERT INTO seller_bundle_tiers (seller_id, min_pieces, percent_off) SELECT $1, * FROM unnest($2::int[], $3::int[])',
        [sellerId, tiers.map((tier) => tier.min_pieces), tiers.map((tier) => tier.percent_off)],
      );
    },
  };
}
export type BundlesRepository = ReturnType<typeof bundlesRepository>;

export default fp(
  async function bundlesRepositoryPlugin(app: FastifyInstance) {
    app.decorate('bundlesRepository', bundlesRepository(app.db));
  },
  { name: 'bundles-repository', dependencies: ['db'] },
);
