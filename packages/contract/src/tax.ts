import { z } from 'zod';
import { requiredText } from './addresses';

// Sellers' tax data for DAC7 (Council Directive (EU) 2021/514, Annex V). With a Bearer token:
//   GET /api/seller/tax   → TaxStatus (this year's sales, whether the data is needed, the data given, masked)
//   PUT /api/seller/tax   TaxDataInput → TaxStatus (bad fields: 422 with their keys)
// The data is asked when a seller approaches the reporting threshold: at 25 sales or €1 800 of
// consideration in a calendar year a banner asks for it ('soon'); at 30 sales or €2 000 the seller's
// payouts (bank transfers, discount codes, Stripe transfers) pause until it is given ('required',
// refusals answer 409 `tax_data_needed`). Stored encrypted; never shown back in full (the TIN as ••••1234).
//
// The yearly report (GET /api/backoffice/reports/dac7?year=…, `pnpm run report dac7 --year …`) names
// every Reportable Seller: the directive's Excluded Seller is one with fewer than 30 sales AND
// consideration not above €2 000 in the year (Annex V, Section I, B(4)(d)), so a seller is reported
// at 30 sales or more, or above €2 000. Payouts pause a little earlier (at €2 000 exactly), so the
// data is in before the seller becomes reportable.

/** The thresholds, in sales and cents of consideration in a calendar year. */
export const TAX_THRESHOLDS = {
  soon: { sales: 25, cents: 180_000 },
  required: { sales: 30, cents: 200_000 },
} as const;

export const TAX_NEEDS = ['none', 'soon', 'required'] as const;
export type TaxNeed = (typeof TAX_NEEDS)[number];

/** Whether a seller with these figures in the year is asked for their tax data, and how firmly. */
export function taxDataNeed(sales: number, cents: number): TaxNeed {
  if (sales >= TAX_THRESHOLDS.required.sales || cents >= TAX_THRESHOLDS.required.cents) return 'required';
  if (sales >= TAX_THRESHOLDS.soon.sales || cents >= TAX_THRESHOLDS.soon.cents) return 'soon';
  return 'none';
}

/** DAC7's Reportable Seller: not an Excluded Seller (fewer than 30 sales and consideration not above €2 000). */
export function isReportableSeller(sales: number, cents: number): boolean {
  return !(sales < TAX_THRESHOLDS.required.sales && cents <= TAX_THRESHOLDS.required.cents);
}

/** The EU member states (ISO 3166-1 alpha-2): where a seller's tax number may come from and where they may live. */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

/** The Portuguese NIF (persons and companies): 9 digits, weights 9…2 on the first 8, 11 − sum mod 11 (10 and 11 → 0). */
export function validPortugueseNif(value: string): boolean {
  if (!/^[1-9]\d{8}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(value[index]) * (9 - index);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === Number(value[8]);
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/**
 * The Spanish NIF of a person: a DNI (8 digits and the letter of their number mod 23) or an NIE
 * (X, Y or Z for 0, 1 or 2, then 7 digits and the same letter); a company's NIF (a letter, 7 digits and
 * a control digit or letter, by the CIF's sum).
 */
export function validSpanishNif(value: string): boolean {
  const person = /^([XYZ]|\d)(\d{7})([A-Z])$/.exec(value);
  if (person) {
    const first = person[1]!;
    const number = Number(`${'XYZ'.includes(first) ? 'XYZ'.indexOf(first) : first}${person[2]}`);
    return DNI_LETTERS[number % 23] === person[3];
  }
  const company = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
  if (!company) return false;
  const digits = company[2]!;
  let sum = 0;
  for (let index = 0; index < 7; index += 1) {
    const digit = Number(digits[index]);
    if (index % 2 === 0) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else sum += digit;
  }
  const control = (10 - (sum % 10)) % 10;
  return company[3] === String(control) || company[3] === 'JABCDEFGHI'[control];
}

/** A tax number as typed ("123 456 789", "x-1234567-l") in its compact form. */
export const normaliseTin = (value: string) => value.toUpperCase().replace(/[\s.\-/]/g, '');

/** The TIN as the seller sees it again: the last 4 characters only. */
export const maskTin = (tin: string) => `••••${tin.slice(-4)}`;

const country = (emptyKey: string) =>
  z
    .string({ error: emptyKey })
    .trim()
    .min(1, { error: emptyKey })
    .transform((value) => value.toUpperCase())
    .refine((value) => (EU_COUNTRIES as readonly string[]).includes(value), { error: 'invalid_country' });

/** A date of birth: a real YYYY-MM-DD day, the seller at least 16 and born after 1900. */
export function validBirthDate(value: string, today = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.toISOString().slice(0, 10) !== value || date.getUTCFullYear() < 1900) return false;
  const sixteen = new Date(Date.UTC(today.getUTCFullYear() - 16, today.getUTCMonth(), today.getUTCDate()));
  return date.getTime() <= sixteen.getTime();
}

const Common = {
  address: requiredText('no_address'),
  zip_code: requiredText('no_zip'),
  city: requiredText('no_city'),
  country: country('no_country'),
  tin: requiredText('no_tin').transform(normaliseTin),
  tin_country: country('no_tin_country'),
};

const PrivateSeller = z.object({
  kind: z.literal('private'),
  first_name: requiredText('no_first_name'),
  last_name: requiredText('no_last_name'),
  birth_date: requiredText('no_birth_date').refine((value) => validBirthDate(value), { error: 'invalid_birth_date' }),
  ...Common,
});

const BusinessSeller = z.object({
  kind: z.literal('business'),
  business_name: requiredText('no_tax_business_name'),
  /** The trade register's number. */
  registration_number: requiredText('no_tax_registration_number'),
  vat_number: requiredText('no_tax_vat_number').transform(normaliseTin),
  ...Common,
});

/** What PUT /api/seller/tax sends: a private person's or a business's DAC7 data. */
export const TaxDataInput = z
  .discriminatedUnion('kind', [PrivateSeller, BusinessSeller], { error: 'no_tax_kind' })
  .superRefine((value, context) => {
    const tinKey = value.tin_country === 'PT' ? 'invalid_tin_pt' : value.tin_country === 'ES' ? 'invalid_tin_es' : 'invalid_tin';
    const valid = value.tin_country === 'PT' ? validPortugueseNif(value.tin) : value.tin_country === 'ES' ? validSpanishNif(value.tin) : /^[A-Z0-9]{4,20}$/.test(value.tin);
    if (!valid) context.addIssue({ code: 'custom', path: ['tin'], message: tinKey });
    if (value.kind === 'business' && !/^[A-Z]{2}[A-Z0-9]{2,13}$/.test(value.vat_number)) context.addIssue({ code: 'custom', path: ['vat_number'], message: 'invalid_vat_number' });
  });
export type TaxDataInput = z.input<typeof TaxDataInput>;
export type TaxData = z.output<typeof TaxDataInput>;

/** The data given, as shown back: never the full TIN, the date of birth nor the address. */
export const TaxDataSummary = z.object({
  kind: z.enum(['private', 'business']),
  name: z.string(),
  tin_masked: z.string(),
  tin_country: z.string(),
  country: z.string(),
  given_at: z.string(),
});
export type TaxDataSummary = z.infer<typeof TaxDataSummary>;

/** GET /api/seller/tax: the calendar year's figures (Europe/Lisbon), what is asked and the data given. */
export const TaxStatus = z.object({
  year: z.number().int(),
  /** Sales (packages of paid orders not cancelled nor refunded in full) this year. */
  sales: z.number().int(),
  /** What the seller was credited for them, in euros. */
  consideration: z.number(),
  /** 'soon': a banner asks for the data; 'required': payouts pause until it is given. */
  need: z.enum(TAX_NEEDS),
  payouts_paused: z.boolean(),
  data: TaxDataSummary.nullable(),
});
export type TaxStatus = z.infer<typeof TaxStatus>;

export const Dac7Query = z.object({ year: z.coerce.number().int().min(2023).max(2100) });
export type Dac7Query = z.infer<typeof Dac7Query>;
