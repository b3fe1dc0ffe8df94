import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { MAX_INPUT_LENGTH } from './constants';

// How a seller is paid (spec §1, §5 IBAN message; DESIGN §5: designed by us). With a Bearer token:
//   GET /api/customers/payout   → PayoutPreference (`onboarded: false` and the defaults before onboarding)
//   PUT /api/customers/payout   PayoutPreferenceInput → PayoutPreference
// Issue 41: after the first choice at onboarding, any change of method or IBAN needs a step-up proof
// on the session younger than 10 minutes (403 step_up_required: POST /api/customers/step-up, or the
// `password` sent along), an IBAN needs a verified e-mail (403 email_not_verified), every IBAN new to
// the account (the first one too) receives no bank transfer for 48 hours (`iban_hold_until`), and
// every change is mailed to the owner with a link that freezes payouts (`frozen`).
// `wallet`: sales are credited to the wallet (a bank transfer from it still needs an IBAN);
// `bank_transfer`: the IBAN is required. An IBAN is checked by its ISO 13616 checksum (ibantools) and
// kept in electronic format (no spaces, upper case). Missing: 422 `no_iban`; wrong: 422 `invalid_iban`.

export const PAYOUT_METHODS = ['wallet', 'bank_transfer'] as const;
export const PayoutMethod = z.enum(PAYOUT_METHODS, { error: 'invalid' });
export type PayoutMethod = z.infer<typeof PayoutMethod>;

/** An IBAN as typed ("pt50 0002 0123 1234 5678 9015 4") → its electronic format, checked. */
export const Iban = z
  .string({ error: 'no_iban' })
  .transform((value) => electronicFormatIBAN(value) ?? '')
  .refine((value) => value.length > 0, { error: 'no_iban' })
  .refine((value) => isValidIBAN(value), { error: 'invalid_iban' });

export const PayoutPreferenceInput = z
  .object({
    method: PayoutMethod,
    /** Optional with `wallet`, required with `bank_transfer`; '' or null means none. */
    iban: z.preprocess((value) => (value === '' ? null : value), Iban.nullable()).optional(),
    /** The current password, when sent: the step-up proof given along with the change (issue 41). */
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
 * A saved IBAN as the account shows it (issue 26): country and check digits and the last four, the
 * rest hidden ("PT50 •••• •••• 1234"), so a glance over the shoulder or a screenshot gives nothing away.
 */
export const maskIban = (iban: string): string => {
  const plain = iban.replace(/\s+/g, '');
  return plain.length <= 8 ? '••••' : `${plain.slice(0, 4)} •••• •••• ${plain.slice(-4)}`;
};
