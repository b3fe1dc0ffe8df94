import { z } from 'zod';

// GDPR rights of the signed-in person (issue 46): a copy of their data (Art. 15 and 20) and the
// deletion of their account (Art. 17). What the law makes the store keep is listed in the README's
// "Your data" and in the API's privacy module (apps/api/src/modules/privacy/privacy-rules.ts).

/**
 * GET /api/customers/privacy/export (Bearer) — a JSON file (Content-Disposition: attachment): every
 * row the store holds about the person, grouped by subject (a table's name); photos as links.
 */
export const PrivacyExport = z.object({
  exported_at: z.string(),
  customer_id: z.number(),
  /** Each subject's rows, as stored, without secrets (password and token hashes, sealed tax data). */
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  /** Links to the photos the person uploaded (their listings' and uploads not used yet). */
  photos: z.array(z.string()),
});
export type PrivacyExport = z.infer<typeof PrivacyExport>;

/**
 * POST /api/customers/privacy/delete (Bearer) — deletes the account. It needs a step-up proof on the
 * session (403 `step_up_required`; `password` sent along gives it: 422 `current_password_wrong`), and is
 * refused with 409 while something is open: `account_open_orders`, `account_open_sales`,
 * `account_open_dispute`, `account_pending_payout`, `account_has_credit`, `account_open_trade_in`.
 */
export const AccountDeletionRequest = z.object({ password: z.string().max(200).optional() });
export type AccountDeletionRequest = z.input<typeof AccountDeletionRequest>;

export const AccountDeletionResult = z.object({ deleted: z.literal(true), deleted_at: z.string() });
export type AccountDeletionResult = z.infer<typeof AccountDeletionResult>;

/** The 409 codes of a refused deletion, in the order they are checked. */
export const ACCOUNT_DELETION_BLOCKERS = ['account_open_orders', 'account_open_sales', 'account_open_dispute', 'account_pending_payout', 'account_has_credit', 'account_open_trade_in'] as const;
export type AccountDeletionBlocker = (typeof ACCOUNT_DELETION_BLOCKERS)[number];
