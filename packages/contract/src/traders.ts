import { z } from 'zod';
import { requiredText } from './addresses';
import { SHIPPING_COUNTRIES } from './constants';
import { EMAIL_PATTERN } from './validation';

// The trader declaration (Digital Services Act Art. 30 and 31; Consumer Rights Directive Art. 6a).
// With a Bearer token:
//   GET /api/seller/trader   → TraderDeclaration (`kind: null` until the seller has answered)
//   PUT /api/seller/trader   TraderDeclarationInput → TraderDeclaration
// A seller sells either as a private person or as a business. A business gives its name, address,
// e-mail, phone, trade-register number, VAT number and certifies that it only offers products that
// comply with EU law, before it sells. Bad fields answer 422 with their keys.
//
// Decision: a seller who has not answered is treated as a private person (every seller before this
// declaration existed was one, and the store's sellers are people reselling their own clothes);
// onboarding asks the question, with "a private person" chosen, before the first listing.
//
// What the buyer sees (Art. 31): a business's name, address, e-mail, registration and VAT numbers, on
// its listings, its seller page and at checkout (`TraderDetails`). The phone number and the
// self-certification are kept for the store and never published.

export const TRADER_KINDS = ['private', 'business'] as const;
export const TraderKind = z.enum(TRADER_KINDS, { error: 'no_trader_kind' });
export type TraderKind = z.infer<typeof TraderKind>;

/** The countries a business seller may be established in: the store's (Portugal, Spain). */
export const TRADER_COUNTRIES = SHIPPING_COUNTRIES;

/**
 * VAT numbers by country prefix, as the VIES service writes them (no spaces): Portugal's NIPC is 9
 * digits with a mod-11 check digit; Spain's NIF is a letter or digit, 7 digits and a letter or digit.
 */
const VAT_FORMATS: Record<string, { pattern: RegExp; key: string; check?: (digits: string) => boolean }> = {
  PT: { pattern: /^PT\d{9}$/, key: 'invalid_vat_number_pt', check: (vat) => portugueseCheckDigit(vat.slice(2)) },
  ES: { pattern: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/, key: 'invalid_vat_number_es' },
};

/** The Portuguese NIF/NIPC check digit: weights 9…2 on the first 8 digits, 11 − sum mod 11 (10 and 11 → 0). */
export function portugueseCheckDigit(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(digits[index]) * (9 - index);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === Number(digits[8]);
}

/** A VAT number as typed ("pt 501 964 843", "501964843") in its country's prefixed form ("PT501964843"). */
export function normaliseVatNumber(value: string, country: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '');
  // Typed without its prefix ("501964843", "B12345678"): the country's is added; another prefix is kept (and refused).
  return /^[A-Z]{2}/.test(compact) ? compact : `${country}${compact}`;
}

const BusinessFields = z.object({
  kind: z.literal('business'),
  /** The business's legal name, as registered. */
  name: requiredText('no_business_name'),
  address: requiredText('no_address'),
  address2: z.string().trim().max(50, { error: 'too_long' }).default(''),
  zip_code: requiredText('no_zip'),
  city: requiredText('no_city'),
  country: z
    .string({ error: 'no_country' })
    .trim()
    .min(1, { error: 'no_country' })
    .transform((value) => value.toUpperCase())
    .refine((value) => (TRADER_COUNTRIES as readonly string[]).includes(value), { error: 'invalid_country' }),
  email: requiredText('no_email').refine((value) => EMAIL_PATTERN.test(value), { error: 'invalid_email' }),
  phone: requiredText('no_phone').refine((value) => /^\+?[0-9 ()-]{6,20}$/.test(value), { error: 'invalid_phone' }),
  /** The trade register's number (Portugal: the commercial registry's; Spain: the Registro Mercantil's). */
  registration_number: requiredText('no_registration_number'),
  vat_number: requiredText('no_vat_number'),
  /** "I only offer products and services that comply with EU law" (Art. 30(1)(e)): must be true. */
  self_certified: z.literal(true, { error: 'trader_self_certification' }),
});

/** What PUT /api/seller/trader sends: a private person, or a business with every Art. 30 field. */
export const TraderDeclarationInput = z
  .discriminatedUnion('kind', [z.object({ kind: z.literal('private') }), BusinessFields], { error: 'no_trader_kind' })
  .transform((value) => (value.kind === 'business' ? { ...value, vat_number: normaliseVatNumber(value.vat_number, value.country) } : value))
  .superRefine((value, context) => {
    if (value.kind !== 'business') return;
    const format = VAT_FORMATS[value.country];
    if (!format) return;
    if (!format.pattern.test(value.vat_number) || (format.check && !format.check(value.vat_number)))
      context.addIssue({ code: 'custom', path: ['vat_number'], message: format.key });
    const zip = value.country === 'PT' ? /^\d{4}-\d{3}$/ : /^\d{5}$/;
    if (!zip.test(value.zip_code)) context.addIssue({ code: 'custom', path: ['zip_code'], message: value.country === 'PT' ? 'invalid_zip_pt' : 'invalid_zip_es' });
  });
export type TraderDeclarationInput = z.input<typeof TraderDeclarationInput>;

/** A business seller's public details (Art. 31), shown with its listings, on its page and at checkout. */
export const TraderDetails = z.object({
  name: z.string(),
  address: z.string(),
  address2: z.string(),
  zip_code: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string(),
  registration_number: z.string(),
  vat_number: z.string(),
  /** Set (true) when the seller is the brand itself (Brand Direct, issue 48): its own pieces, the legal guarantee and the 14-day withdrawal right. */
  brand: z.boolean().optional(),
});
export type TraderDetails = z.infer<typeof TraderDetails>;

/** GET /api/seller/trader: the seller's own declaration, the phone and the certification's date included. */
export const TraderDeclaration = z.object({
  /** null: not answered yet (treated as a private person). */
  kind: TraderKind.nullable(),
  business: TraderDetails.extend({ phone: z.string(), self_certified_at: z.string() }).nullable(),
  declared_at: z.string().nullable(),
});
export type TraderDeclaration = z.infer<typeof TraderDeclaration>;

/** One package of a checkout (one per seller) and who sells it: `trader` null for a private person. */
export const PackageSeller = z.object({
  seller_id: z.number().int(),
  FirstName: z.string(),
  trader: TraderDetails.nullable(),
});
export type PackageSeller = z.infer<typeof PackageSeller>;
