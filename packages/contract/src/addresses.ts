import { z } from 'zod';
import { MAX_INPUT_LENGTH, SHIPPING_COUNTRIES } from './constants';

// The address book (spec §3 "Address"; DESIGN §5: designed by us). Calls, all with a Bearer token:
//   GET    /api/customers/addresses              → AddressList (the default first)
//   POST   /api/customers/addresses              AddressInput → Address (201)
//   PUT    /api/customers/addresses/:id          AddressInput → Address
//   DELETE /api/customers/addresses/:id          → AddressList
//   PUT    /api/customers/addresses/:id/default  → AddressList
// Another customer's address id answers 404, like an unknown one. Missing fields answer 422 with the
// spec's keys (no_first_name, no_last_name, no_phone, no_address, no_zip, no_city, no_country).

// Every control character (C0, DEL and C1: U+0080–U+009F broke the shipping label), the
// line separators and the bidirectional overrides that make a label read otherwise than it is stored.
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** A required text field of at most 50 characters (spec §5), trimmed, without control characters. */
export const requiredText = (emptyKey: string) =>
  z
    .string({ error: emptyKey })
    .trim()
    .min(1, { error: emptyKey })
    .max(MAX_INPUT_LENGTH, { error: 'too_long' })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'invalid_characters' });

const optionalText = z
  .string({ error: 'invalid' })
  .trim()
  .max(MAX_INPUT_LENGTH, { error: 'too_long' })
  .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'invalid_characters' })
  .default('');

/**
 * Each country's postcode, as its post office writes it (a parcel with the wrong one does not arrive):
 * Portugal's CP7 (1000-001), Spain's 5 digits (28001).
 */
const POSTCODES: Record<string, { pattern: RegExp; key: string }> = {
  PT: { pattern: /^\d{4}-\d{3}$/, key: 'invalid_zip_pt' },
  ES: { pattern: /^\d{5}$/, key: 'invalid_zip_es' },
};

/** The fields of an address as typed. `country` is an ISO 3166-1 alpha-2 code the store ships to (SHIPPING_COUNTRIES). */
export const AddressInput = z.object({
  /** What the customer calls this address ("Home", "Work"); optional. */
  name: optionalText,
  first_name: requiredText('no_first_name'),
  last_name: requiredText('no_last_name'),
  phone: requiredText('no_phone').refine((value) => !value || /^\+?[0-9 ()-]{6,20}$/.test(value), { error: 'invalid_phone' }),
  address: requiredText('no_address'),
  address2: optionalText,
  zip_code: requiredText('no_zip'),
  city: requiredText('no_city'),
  country: z
    .string({ error: 'no_country' })
    .trim()
    .min(1, { error: 'no_country' })
    .transform((value) => value.toUpperCase())
    .refine((value) => (SHIPPING_COUNTRIES as readonly string[]).includes(value), { error: 'invalid_country' }),
  /** Make this the default address (the first address always is). */
  default: z.boolean().default(false),
}).superRefine((address, context) => {
  const postcode = POSTCODES[address.country];
  if (postcode && !postcode.pattern.test(address.zip_code)) context.addIssue({ code: 'custom', path: ['zip_code'], message: postcode.key });
});
export type AddressInput = z.input<typeof AddressInput>;

export const Address = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  address: z.string(),
  address2: z.string(),
  zip_code: z.string(),
  city: z.string(),
  country: z.string(),
  default: z.boolean(),
});
export type Address = z.infer<typeof Address>;

export const AddressList = z.object({ addresses: z.array(Address) });
export type AddressList = z.infer<typeof AddressList>;

export const AddressParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2147483647) });
export type AddressParams = z.input<typeof AddressParams>;
