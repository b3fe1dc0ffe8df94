import { z } from 'zod';
import { TotpCode } from './backoffice';

// Verification at the brand's hub (issue 48, the API's VERIFICATION_MODE=hub). A package sold in hub
// mode goes from its seller to the hub, where staff check each piece against its listing (its photos,
// the product's label and code, its condition: the checklist of its top category below), then pass it
// (the hub's label sends it on to the buyer) or fail it with a written report (the buyer is refunded
// for that piece, fees included, by the line-refund rule; the piece goes back to its seller, whose
// credit for it is taken back). A package that never reaches the hub is lost: the buyer is refunded.

/** What the buyer's order page and the seller's sales page show of a package sent through the hub. */
export const VERIFICATION_STATES = ['to_hub', 'at_hub', 'passed', 'failed', 'lost'] as const;
export const VerificationState = z.enum(VERIFICATION_STATES);
export type VerificationState = z.infer<typeof VerificationState>;

export const VERDICTS = ['pass', 'fail'] as const;
export const Verdict = z.enum(VERDICTS);
export type Verdict = z.infer<typeof Verdict>;

/**
 * The checks of a piece, by its top category (catalogue ids: clothing 6, bags 7, accessories 11), each
 * a key the back office translates. A small fixed table: a category not listed gets `DEFAULT_CHECKLIST`.
 */
export const VERIFICATION_CHECKLISTS: Readonly<Record<number, readonly string[]>> = {
  6: ['photos_match', 'brand_label', 'product_code', 'size_label', 'condition_as_listed', 'no_undisclosed_damage', 'clean'],
  7: ['photos_match', 'brand_label', 'product_code', 'hardware_zips', 'lining_inside', 'condition_as_listed', 'no_undisclosed_damage'],
  11: ['photos_match', 'brand_label', 'product_code', 'condition_as_listed', 'no_undisclosed_damage'],
};
export const DEFAULT_CHECKLIST: readonly string[] = ['photos_match', 'brand_label', 'product_code', 'condition_as_listed', 'no_undisclosed_damage'];
export const checklistOf = (categoryId: number): readonly string[] => VERIFICATION_CHECKLISTS[categoryId] ?? DEFAULT_CHECKLIST;

/** One piece's verdict as the parties see it: null until checked; a failure's report is shown to both. */
export const PieceVerification = z.object({ listing_id: z.number().int(), verdict: Verdict.nullable(), report: z.string().nullable() });
export type PieceVerification = z.infer<typeof PieceVerification>;

/** A package sent through the hub, on the buyer's order page and the seller's sales page; absent (null) for a package sent directly. */
export const PackageVerification = z.object({
  state: VerificationState,
  /** When the hub received it, when it was checked, when it was declared lost. */
  received_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  lost_at: z.string().nullable(),
  /** The hub's parcel to the buyer (the pieces that passed) and back to the seller (those that failed). */
  outbound_tracking: z.string().nullable(),
  return_tracking: z.string().nullable(),
  pieces: z.array(PieceVerification),
});
export type PackageVerification = z.infer<typeof PackageVerification>;

// The back office's Verification section (support and admins).

export const VerificationQueueQuery = z.object({ status: z.enum(['to_hub', 'at_hub', 'checked', 'lost']).default('at_hub') });
export type VerificationQueueQuery = z.input<typeof VerificationQueueQuery>;

export const VerificationQueueEntry = z.object({
  package_id: z.number().int(),
  order_number: z.string(),
  seller: z.string(),
  status: z.enum(['to_hub', 'at_hub', 'checked', 'lost']),
  pieces: z.number().int(),
  shipped_at: z.string().nullable(),
  tracking_number: z.string().nullable(),
  received_at: z.string().nullable(),
});
export type VerificationQueueEntry = z.infer<typeof VerificationQueueEntry>;
export const VerificationQueue = z.object({ packages: z.array(VerificationQueueEntry) });
export type VerificationQueue = z.infer<typeof VerificationQueue>;

/** A piece to check: its listing as the buyer bought it, and its category's checklist. */
export const VerificationPiece = z.object({
  listing_id: z.number().int(),
  listing_number: z.string(),
  title: z.string(),
  photos: z.array(z.string()),
  /** The product's code in the brand's catalogue (product, colour and size: what its label says). */
  product_code: z.string(),
  colour: z.string(),
  size: z.string(),
  condition: z.string(),
  comment: z.string(),
  category_id: z.number().int(),
  checklist: z.array(z.string()),
  price: z.number(),
  verdict: Verdict.nullable(),
  report: z.string().nullable(),
  /** A failed piece's refund to the buyer (euros) once made. */
  refunded: z.number().nullable(),
});
export type VerificationPiece = z.infer<typeof VerificationPiece>;

export const VerificationDetail = VerificationQueueEntry.extend({
  pieces_detail: z.array(VerificationPiece),
  outbound_tracking: z.string().nullable(),
  return_tracking: z.string().nullable(),
  /**
   * Whether failing every piece not decided yet would refund more than `step_up_above` (euros): then a
   * decision whose failures refund above it needs the member's authenticator code (`code`).
   */
  refund_needs_code: z.boolean(),
  step_up_above: z.number(),
});
export type VerificationDetail = z.infer<typeof VerificationDetail>;

export const VerificationParams = z.object({ packageId: z.coerce.number().int().positive().max(2147483647) });

/**
 * POST /api/backoffice/verification/{packageId}/decision: a verdict for every piece of the package at
 * once. A pass has every check of its checklist ticked; a failure has a written report (both parties
 * read it). Failures that refund above the step-up threshold need the member's code again.
 */
export const VerificationDecision = z.object({
  pieces: z
    .array(
      z.object({
        listing_id: z.number().int().positive().max(2147483647),
        verdict: Verdict,
        checklist: z.record(z.string().max(40), z.boolean()),
        report: z.string().trim().max(2000, { error: 'too_long' }).default(''),
      }),
    )
    .min(1, { error: 'hub_pieces_needed' })
    .max(50),
  /** The authenticator's code of the moment: needed when the failed pieces refund above the step-up threshold (`step_up_above`). */
  code: TotpCode.optional(),
});
export type VerificationDecision = z.input<typeof VerificationDecision>;
