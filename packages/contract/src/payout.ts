import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';

// How a seller is paid (spec §1, §5 IBAN message; DESIGN §5: designed by us). With a Bearer token:
//   GET /api/customers/payout   → PayoutPreference (`onboarded: false` and the defaults before onboarding)
//   PUT /api/customers/payout   PayoutPreferenceInput → PayoutPreference
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
  })
  .transform(({ method, iban }) => ({ method, iban: iban ?? null }))
  .superRefine((value, ctx) => {
    if (value.method === 'bank_transfer' && !value.iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'no_iban' });
  });
export type PayoutPreferenceInput = z.input<typeof PayoutPreferenceInput>;

export const PayoutPreference = z.object({
  method: PayoutMethod,
  iban: z.string().nullable(),
  /** True once the customer has chosen how to be paid (the Sell button then skips /user/onboarding). */
  onboarded: z.boolean(),
});
export type PayoutPreference = z.infer<typeof PayoutPreference>;

/** An IBAN in groups of four for reading ("PT50 0002 0123 …"). */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');
