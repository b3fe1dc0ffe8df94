import { z } from 'zod';
import { BrandId } from './common';

export const SocialLink = z.object({ name: z.string(), link: z.string(), icon: z.string() });
export type SocialLink = z.infer<typeof SocialLink>;

export const Collection = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  /** Where the collection leads in the store, e.g. /women or /accessories. */
  link: z.string(),
});
export type Collection = z.infer<typeof Collection>;

/** Whether sold pieces are checked at the brand's hub before they go on to the buyer (issue 48). */
export const VerificationMode = z.enum(['hub', 'none']);
export type VerificationMode = z.infer<typeof VerificationMode>;

export const BrandDetailsQuery = z.object({ id_brand: BrandId });

/** GET /api/brands/details?id_brand=1 — every field of spec §3, wire names exactly as the spec. */
export const BrandDetails = z.object({
  id_brand: z.number().int(),
  name: z.string(),
  '2hand_logo': z.string(),
  mini_logo: z.string(),
  image_sidebar: z.string(),
  main_domain: z.string(),
  return_center_link: z.string(),
  '2hand_size_guide': z.string(),
  main_logo: z.string(),
  '2hand_sidebar_image_vertical': z.string(),
  link_socials: z.array(SocialLink),
  collections: z.object({ collections: z.array(Collection), collections_sample: z.array(Collection) }),
  /** The sample customer: their listings carry a verified badge. */
  customerID: z.number().int().optional(),
  /**
   * Whether the store checks sold pieces at the brand's hub (`hub`) or not (`none`): VERIFICATION_MODE
   * (issue 48). Pages say a piece is checked only in `hub` mode (the `_checked` variant of a text, `verificationContext`).
   */
  verification: VerificationMode,
});
export type BrandDetails = z.infer<typeof BrandDetails>;
