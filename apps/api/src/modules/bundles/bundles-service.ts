import {
  BUNDLE_MAX_PERCENT,
  BUNDLE_MAX_PIECES,
  BUNDLE_MAX_TIERS,
  BUNDLE_MIN_PIECES,
  bundleTiersRefusal,
  type BundleSettings,
  type BundleTier,
} from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '../../core/errors';

declare module 'fastify' {
  interface FastifyInstance {
    bundles: BundlesService;
  }
}

const BOUNDS = { min_pieces: BUNDLE_MIN_PIECES, max_pieces: BUNDLE_MAX_PIECES, max_percent: BUNDLE_MAX_PERCENT, max_tiers: BUNDLE_MAX_TIERS };

/**
 * A seller's bundle discount: up to 3 tiers of "N pieces or more: P % off", N in
 * 2–10, P in 1–30, more pieces always more off. What the checkout takes off is worked out by
 * checkout/pricing.ts from these tiers; the seller pays it (their deposit is the package less it).
 */
export function bundlesService(app: FastifyInstance) {
  const repo = app.bundlesRepository;
  const settings = async (sellerId: number): Promise<BundleSettings> => ({ tiers: (await repo.tiersOf([sellerId])).get(sellerId) ?? [], bounds: BOUNDS });
  return {
    settings,
    /** Each seller's tiers (the product and seller pages show them). */
    tiersOf: (sellerIds: number[]) => repo.tiersOf(sellerIds),
    async save(sellerId: number, tiers: BundleTier[]): Promise<BundleSettings> {
      const refusal = bundleTiersRefusal(tiers);
      if (refusal) throw fieldError(refusal.field, refusal.key);
      const sorted = [...tiers].sort((a, b) => a.min_pieces - b.min_pieces);
      await app.db.transaction((tx) => repo.replace(sellerId, sorted, tx));
      return settings(sellerId);
    },
  };
}
export type BundlesService = ReturnType<typeof bundlesService>;

export default fp(
  async function bundlesServicePlugin(app: FastifyInstance) {
    app.decorate('bundles', bundlesService(app));
  },
  { name: 'bundles-service', dependencies: ['db', 'bundles-repository'] },
);
