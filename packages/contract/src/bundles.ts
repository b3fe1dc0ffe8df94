import { z } from 'zod';
import { bundlePercent, bundleDiscounts, type PricedBundle } from './bundle-rules';

export { bundlePercent, bundleDiscounts, type PricedBundle };

// Bundles. Pieces of one seller bought together travel in one package with one
// shipping fee; a seller may give a discount on such a package by how many pieces it holds. Designed
// by us; Bearer token for the seller's own settings:
//   GET /api/seller/bundle   → BundleSettings (the seller's tiers and the bounds they are chosen in)
//   PUT /api/seller/bundle   BundleSettingsInput → BundleSettings (an empty list: no bundle discount)
// Refusals are 422 with a message, the field and a stable `code` (bundle_*). The product page
// (ListingOffer.bundle_tiers) and the seller's page (VendorResponse.bundle_tiers) show the tiers;
// the checkout takes the best tier a package reaches off its pieces, one line per package.

/** A package's fewest pieces for a tier, the most a tier may ask, the largest discount and the most tiers. */
export const BUNDLE_MIN_PIECES = 2;
export const BUNDLE_MAX_PIECES = 10;
export const BUNDLE_MAX_PERCENT = 30;
export const BUNDLE_MAX_TIERS = 3;

export const BundleTier = z.object({
  /** The package holds at least this many of the seller's pieces. */
  min_pieces: z.number().int(),
  /** Whole percent taken off the package's pieces. */
  percent_off: z.number().int(),
});
export type BundleTier = z.infer<typeof BundleTier>;

const whole = (error: string) => z.number({ error }).int({ error }).min(-1000, { error }).max(1000, { error });

export const BundleSettingsInput = z.object({
  tiers: z
    .array(z.object({ min_pieces: whole('bundle_pieces_out_of_bounds'), percent_off: whole('bundle_percent_out_of_bounds') }), { error: 'bundle_tiers_invalid' })
    .max(20, { error: 'bundle_too_many_tiers' }),
});
export type BundleSettingsInput = z.input<typeof BundleSettingsInput>;

export const BundleSettings = z.object({
  tiers: z.array(BundleTier),
  bounds: z.object({ min_pieces: z.number().int(), max_pieces: z.number().int(), max_percent: z.number().int(), max_tiers: z.number().int() }),
});
export type BundleSettings = z.infer<typeof BundleSettings>;

/** Why a list of tiers is refused (the message key and `code`), or null when the seller may keep it. */
export function bundleTiersRefusal(tiers: readonly BundleTier[]): { field: string; key: string } | null {
  if (tiers.length > BUNDLE_MAX_TIERS) return { field: 'tiers', key: 'bundle_too_many_tiers' };
  const sorted = [...tiers].sort((a, b) => a.min_pieces - b.min_pieces);
  for (const [index, tier] of tiers.entries()) {
    if (tier.min_pieces < BUNDLE_MIN_PIECES || tier.min_pieces > BUNDLE_MAX_PIECES) return { field: `tiers.${index}.min_pieces`, key: 'bundle_pieces_out_of_bounds' };
    if (tier.percent_off < 1 || tier.percent_off > BUNDLE_MAX_PERCENT) return { field: `tiers.${index}.percent_off`, key: 'bundle_percent_out_of_bounds' };
  }
  for (let index = 1; index < sorted.length; index += 1) {
    // More pieces, more off: each tier asks more pieces than the one before and gives more.
    if (sorted[index]!.min_pieces === sorted[index - 1]!.min_pieces || sorted[index]!.percent_off <= sorted[index - 1]!.percent_off) {
      return { field: 'tiers', key: 'bundle_tiers_not_increasing' };
    }
  }
  return null;
}
