import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { MAX_INPUT_LENGTH } from './constants';

// How a seller is paid (spec §1, §5 IBAN message; DESIGN §5: designed by us). With a Bearer token:
//   GET /api/customers/payout   → PayoutPreference (`onboarded: false` and the defaults before onboarding)
//   PUT /api/customers/payout   PayoutPreferenceInput → PayoutPreference
// After the first choice at onboarding, any change of method or IBAN needs a step-up proof
// on the session younger than 10 minutes (403 step_up_required: POST /api/customers/step-up, or the
// `password` sent along), an IBAN needs a verified e-mail (403 email_not_verified), every IBAN new to
// the account (the first one too) receives no bank transfer for 48 hours (`iban_hold_until`), and
// every change is mailed to the owner with a link that freezes payouts (`frozen`).
// `wallet`: sales are credited to the wallet (a bank transfer from it still needs an IBAN);
// `bank_transfer`: the IBAN is required. An IBAN is checked by its ISO 13616 checksum (ibantools) and
// kept in electronic format (no spaces, upper case). Missing: 422 `no_iban`; wrong: 422 `invalid_iban`.

// `stripe_connect`: sales are paid to the seller's Stripe Express account as each is released;
// it is chosen by POST /api/customers/payout/stripe (Stripe's onboarding), never by PUT.
export const PAYOUT_METHODS = ['wallet', 'bank_transfer', 'stripe_connect'] as const;
export const PayoutMethod = z.enum(PAYOUT_METHODS, { error: 'invalid' });
export type PayoutMethod = z.infer<typeof PayoutMethod>;
/** What PUT /api/customers/payout chooses. */
export const PAYOUT_INPUT_METHODS = ['wallet', 'bank_transfer'] as const;

/** An IBAN as typed ("pt50 0002 0123 1234 5678 9015 4") → its electronic format, checked. */
export const Iban = z
  .string({ error: 'no_iban' })
  .transform((value) => electronicFormatIBAN(value) ?? '')
  .refine((value) => value.length > 0, { error: 'no_iban' })
  .refine((value) => isValidIBAN(value), { error: 'invalid_iban' });

export const PayoutPreferenceInput = z
  .object({
    method: z.enum(PAYOUT_INPUT_METHODS, { error: 'invalid' }),
    /** Optional with `wallet`, required with `bank_transfer`; '' or null means none. */
    iban: z.preprocess((value) => (value === '' ? null : value), Iban.nullable()).optional(),
    /** The current password, when sent: the step-up proof given along with the change. */
    password: z.string().max(MAX_INPUT_LENGTH, { error: 'too_long' }).optional(),
  })
  .transform(({ method, iban, password }) => ({ method, iban: iban ?? null, password: password || undefined }))
  .superRefine((value, ctx) => {
    if (value.method === 'bank_transfer' && !value.iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'no_iban' });
  });
export type PayoutPreferenceInput = z.input<typeof PayoutPreferenceInput>;

export const PayoutPreference = z.object({
  method: PayoutMethod,
  iban: z.string().nullable(),
  /** True once the customer has chosen how to be paid (the Sell button then skips /user/onboarding). */
  onboarded: z.boolean(),
  /** A changed IBAN receives no bank transfer before this time (ISO); null when none is held. */
  iban_hold_until: z.string().nullable(),
  /** The owner reported a change as not theirs: no payout until the password is reset by mail. */
  frozen: z.boolean(),
});

/** GET /api/customers/payout/freeze?token=… ("this wasn't me" in a payout change's mail). */
export const PayoutFreezeQuery = z.object({ token: z.string().min(1).max(200) });
export type PayoutPreference = z.infer<typeof PayoutPreference>;

/** An IBAN in groups of four for reading ("PT50 0002 0123 …"). */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A saved IBAN as the account shows it: country and check digits and the last four, the
 * rest hidden ("PT50 •••• •••• 1234"), so a glance over the shoulder or a screenshot gives nothing away.
 */
export const maskIban = (iban: string): string => {
  const plain = iban.replace(/\s+/g, '');
  return plain.length <= 8 ? '••••' : `${plain.slice(0, 4)} •••• •••• ${plain.slice(-4)}`;
};

// Stripe Connect (PAYOUT_PROVIDER=stripe_connect). With a Bearer token:
//   GET  /api/customers/payout/stripe   → StripeConnectStatus (asked of Stripe when an account exists)
//   POST /api/customers/payout/stripe   StripeConnectStart → StripeConnectLink: the seller's Express
//        account (created once) and a link to Stripe's hosted onboarding, which returns to
//        /user/onboarding?stripe=return (or ?stripe=refresh when the link expired). A step-up proof as
//        any payout change (403 step_up_required, email_not_verified, payouts_frozen).
export const STRIPE_CONNECT_COUNTRIES = ['PT', 'ES'] as const;

export const StripeConnectStatus = z.object({
  /** Whether this store pays sellers through Stripe (false: the other fields are false). */
  offered: z.boolean(),
  /** The seller has a Stripe account with the store. */
  account: z.boolean(),
  /** Stripe lets the account receive transfers: released sales are paid to it. */
  transfers_active: z.boolean(),
  /** The seller gave Stripe everything its onboarding asked. */
  details_submitted: z.boolean(),
});
export type StripeConnectStatus = z.infer<typeof StripeConnectStatus>;

export const StripeConnectStart = z.object({
  country: z.enum(STRIPE_CONNECT_COUNTRIES, { error: 'invalid' }).default('PT'),
  /** The current password, when sent: the step-up proof given along. */
  password: z.string().max(MAX_INPUT_LENGTH, { error: 'too_long' }).optional(),
});
export type StripeConnectStart = z.input<typeof StripeConnectStart>;

export const StripeConnectLink = z.object({
  /** Stripe's hosted onboarding page (a few minutes valid, once). */
  url: z.string(),
  status: StripeConnectStatus,
});
export type StripeConnectLink = z.infer<typeof StripeConnectLink>;

// SEPA (PAYOUT_PROVIDER=sepa), the operator's (header X-Operator-Key):
//   POST /api/operator/payouts/sepa-batches            → SepaBatch (every due bank transfer, once; 409 no_due_transfers)
//   GET  /api/operator/payouts/sepa-batches/{id}       → SepaBatch (the same file again)
//   POST /api/operator/payouts/sepa-batches/{id}/confirm → SepaBatch (the bank took it: its transfers are paid)
//   POST /api/operator/payouts/sepa-batches/{id}/cancel  → SepaBatch (before confirm: its transfers are due again)
export const SEPA_BATCH_STATUSES = ['open', 'confirmed', 'cancelled'] as const;

export const SepaBatchParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const SepaBatch = z.object({
  id: z.number().int(),
  /** The file's GrpHdr/MsgId. */
  message_id: z.string(),
  status: z.enum(SEPA_BATCH_STATUSES),
  /** NbOfTxs and CtrlSum (euros). */
  transfers: z.number().int(),
  total: z.number(),
  /** The bank transfers' references (BT-…), each its EndToEndId. */
  references: z.array(z.string()),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The pain.001.001.09 file to upload to the bank. */
  xml: z.string(),
});
export type SepaBatch = z.infer<typeof SepaBatch>;
