import { z } from 'zod';
import { AddressInput } from './addresses';
import { CartIds } from './bag';
import { EmailCode } from './customers';
import { EMAIL_PATTERN } from './validation';
import { MAX_INPUT_LENGTH } from './constants';
import { PackageSeller } from './traders';

// Checkout (spec §2 /checkout, /review, /payment; §5 delivery and promo messages; §9 fee lines).
// Designed by us (DESIGN §5). A signed-in customer checks out their server bag; a guest (no token)
// sends the local bag's listing ids in `cart` and an `email`. Amounts are euros with 2 decimals.
//   GET  /api/checkout/pickuppoints?lat=&lng=&city=&limit=  → PickupPointList (nearest first)
//   POST /api/checkout/discountcode   DiscountCodeRequest → DiscountCodeResult
//   POST /api/checkout/quote          QuoteRequest → Quote (lines, fee lines, total)
//   POST /api/checkout/summary        SummaryRequest → CheckoutSummary (fee lines from the first step)
//   POST /api/checkout/payment        PaymentRequest + header Idempotency-Key → PaymentResult
//   POST /api/checkout/payment/:attempt_id/confirm  → PaymentResult (after the card's extra step)
// Refusals: 422 { message, fields } for input (no_delivery_option, no_delivery_address,
// no_discount_code, invalid_discount_code, no_email, ...); 404 for a foreign or unknown address or
// pickup point id; 409 { message, lost: [{ listing_id, title }] } when a piece is no longer available
// (nothing is charged); 402 when the card is declined; 422 when an Idempotency-Key is reused with
// another request.

export const DELIVERY_OPTIONS = ['home', 'pickup'] as const;
export const DeliveryOption = z.enum(DELIVERY_OPTIONS, { error: 'no_delivery_option' });
export type DeliveryOption = z.infer<typeof DeliveryOption>;

const id = z.number({ error: 'must be an id' }).int().positive().max(2147483647);

export const PickupPointsQuery = z.object({
  /** Sorts by distance from this point (Lisbon's centre when absent: spec §3 map defaults). */
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  /**
   * Without lat/lng: sorts by distance from this postcode's area (the delivery address's),
   * with `country` (PT or ES); an unknown area sorts from the country's capital.
   * `country` also keeps only that country's points: a Spanish address sees Spanish points.
   */
  zip_code: z.string().trim().max(20, { error: 'too_long' }).optional(),
  country: z.string().trim().max(2, { error: 'too_long' }).optional(),
  /** Only the points of this city (case and accents ignored). */
  city: z.string().trim().max(MAX_INPUT_LENGTH, { error: 'too_long' }).optional(),
  /** Only the points whose name, address, postcode or city holds these words (case and accents ignored). */
  q: z.string().trim().max(MAX_INPUT_LENGTH, { error: 'too_long' }).optional(),
  /** At most this many points; the default and the ceiling are the API's configuration. */
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type PickupPointsQuery = z.input<typeof PickupPointsQuery>;

export const PickupPoint = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  zip_code: z.string(),
  city: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  opening_hours: z.string(),
  /** Whose network the point is in (`ctt` in Portugal, `correos` in Spain): the carrier a package for it ships with. */
  carrier: z.string().optional(),
  /** Kilometres from the asked point (or Lisbon's centre), one decimal. */
  distance_km: z.number(),
});
export type PickupPoint = z.infer<typeof PickupPoint>;
export const PickupPointList = z.object({ pickup_points: z.array(PickupPoint) });
export type PickupPointList = z.infer<typeof PickupPointList>;

/** A discount code as typed: empty → no_discount_code; longer than 50 → invalid_discount_code. */
export const DiscountCodeInput = z
  .string({ error: 'no_discount_code' })
  .trim()
  .min(1, { error: 'no_discount_code' })
  .max(MAX_INPUT_LENGTH, { error: 'invalid_discount_code' })
  .transform((value) => value.toUpperCase());

export const DiscountCodeRequest = z.object({
  code: DiscountCodeInput,
  /** Guests: the local bag's listing ids (the discount is worked out on them). */
  cart: CartIds.optional(),
});
export type DiscountCodeRequest = z.input<typeof DiscountCodeRequest>;

export const DiscountCodeResult = z.object({
  code: z.string(),
  /** "10% off" or "€5.00 off" as a number pair: one of the two is set. */
  percent_off: z.number().nullable(),
  amount_off: z.number().nullable(),
  /** The discount on the current bag, euros. */
  discount: z.number(),
  /**
   * A first-order code: a guest must type the 6-digit code mailed to the checkout e-mail
   * (POST /checkout/email-code) and send it with the payment as `email_code`.
   */
  first_order_only: z.boolean().optional(),
});
export type DiscountCodeResult = z.infer<typeof DiscountCodeResult>;

const guestEmail = z
  .string({ error: 'no_email' })
  .trim()
  .min(1, { error: 'no_email' })
  .max(MAX_INPUT_LENGTH, { error: 'too_long' })
  .refine((value) => EMAIL_PATTERN.test(value), { error: 'invalid_email' })
  .transform((value) => value.toLowerCase());

/**
 * POST /api/checkout/email-code: mails a 6-digit code to a guest's checkout e-mail; a
 * first-order code needs it typed with the payment (`email_code`), proving the guest reads that inbox.
 */
export const EmailCodeRequest = z.object({
  email: guestEmail,
  /** The name the mail greets (the delivery form's first name); the address's local part when absent. */
  first_name: z.string().trim().max(MAX_INPUT_LENGTH, { error: 'too_long' }).optional(),
});
export type EmailCodeRequest = z.input<typeof EmailCodeRequest>;

/** What the review tab prices: the delivery option and, optionally, a discount code. */
export const QuoteRequest = z.object({
  delivery_option: DeliveryOption,
  /** Required with delivery_option 'pickup'. */
  pickup_point_id: id.optional(),
  discount_code: DiscountCodeInput.optional(),
  /** Guests only: the local bag's listing ids. Signed-in customers check out their server bag. */
  cart: CartIds.optional(),
});
export type QuoteRequest = z.input<typeof QuoteRequest>;

/** Euros with 2 decimals as the client may send them back (a total it showed). */
const euros = z
  .number({ error: 'must be an amount in euros' })
  .min(0, { error: 'must not be negative' })
  .max(1_000_000, { error: 'is too large' })
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), { error: 'has more than 2 decimals' });

export const QuoteLine = z.object({
  listing_id: z.number().int(),
  title: z.string(),
  photo: z.string(),
  /** The seller's first name (spec §3 checkout data). */
  FirstName: z.string(),
  options: z.object({ O1Child: z.string(), O2Child: z.string() }),
  condition_description: z.string(),
  price: z.number(),
  currency_symb_code: z.string(),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

/** The fee lines of spec §9, euros. `discount` is a positive number taken off the total. */
export const FeeLines = z.object({
  processing: z.number(),
  /** The hub's check of each piece (VERIFICATION_MODE=hub); absent when the store checks nothing (`none`): no line, no fee. */
  verification: z.number().optional(),
  shipping: z.number(),
  delivery: z.number(),
  discount: z.number(),
  /** The sellers' bundle discounts, the sum of `bundles`' lines: a positive number taken off the total. */
  bundle_discount: z.number(),
});
export type FeeLines = z.infer<typeof FeeLines>;

/** One package's bundle discount: its seller, how many pieces, the tier's percent and the euros it takes off. */
export const BundleLine = z.object({
  seller_id: z.number().int(),
  FirstName: z.string(),
  pieces: z.number().int(),
  percent_off: z.number().int(),
  discount: z.number(),
});
export type BundleLine = z.infer<typeof BundleLine>;

export const Quote = z.object({
  lines: z.array(QuoteLine),
  subtotal: z.number(),
  fees: FeeLines,
  total: z.number(),
  currency_symb_code: z.string(),
  delivery_option: DeliveryOption,
  pickup_point_id: z.number().int().nullable(),
  discount_code: z.string().nullable(),
  /** Number of packages (one per seller: each seller ships their own pieces). */
  packages: z.number().int(),
  /** The packages that earn their seller's bundle discount, one line each. */
  bundles: z.array(BundleLine),
  /** Each package's seller, private person (`trader` null) or business: the consumer notice at checkout (CRD Art. 6a). */
  sellers: z.array(PackageSeller).optional(),
});
export type Quote = z.infer<typeof Quote>;

/**
 * POST /api/checkout/summary: the order summary's amounts from the first checkout step,
 * before a delivery option is chosen. Like the quote, but the option is optional (no pickup point
 * needed: its price does not depend on the point) and pieces that can no longer be bought are left
 * out (the checkout shows them apart) instead of refusing the bag.
 */
export const SummaryRequest = z.object({
  delivery_option: DeliveryOption.optional(),
  discount_code: DiscountCodeInput.optional(),
  cart: CartIds.optional(),
});
export type SummaryRequest = z.input<typeof SummaryRequest>;

export const CheckoutSummary = z.object({
  subtotal: z.number(),
  /** `delivery` is 0 until an option is chosen; `shipping` is the sellers' postage, one per package. */
  fees: FeeLines,
  /** Subtotal + processing + verification − discount − bundle discount: what the pieces cost before shipping and delivery. */
  before_delivery: z.number(),
  /** Each option's price for this bag: the shipping of its packages plus the option's delivery. */
  delivery_prices: z.object({ home: z.number(), pickup: z.number() }),
  delivery_option: DeliveryOption.nullable(),
  /** The amount to pay (the Pay button's); null until a delivery option is chosen. */
  total: z.number().nullable(),
  packages: z.number().int(),
  /** The packages that earn their seller's bundle discount, one line each. */
  bundles: z.array(BundleLine),
  /** Each package's seller, private person (`trader` null) or business: the consumer notice at checkout (CRD Art. 6a). */
  sellers: z.array(PackageSeller).optional(),
  currency_symb_code: z.string(),
});
export type CheckoutSummary = z.infer<typeof CheckoutSummary>;

/** Luhn's checksum, which every card number carries: it catches a mistyped digit or two swapped ones. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Card details for the payment provider. Numbers may contain spaces, as typed. */
export const CardInput = z.object({
  number: z
    .string({ error: 'no_card_number' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => value.length > 0, { error: 'no_card_number' })
    .refine((value) => /^\d{12,19}$/.test(value), { error: 'invalid_card_number' }),
  exp_month: z.number({ error: 'invalid_expiry' }).int({ error: 'invalid_expiry' }).min(1, { error: 'invalid_expiry' }).max(12, { error: 'invalid_expiry' }),
  exp_year: z.number({ error: 'invalid_expiry' }).int({ error: 'invalid_expiry' }).min(2000, { error: 'invalid_expiry' }).max(2100, { error: 'invalid_expiry' }),
  cvc: z.string({ error: 'no_cvc' }).refine((value) => /^\d{3,4}$/.test(value), { error: 'invalid_cvc' }),
  name: z.string().trim().max(MAX_INPUT_LENGTH, { error: 'too_long' }).optional(),
});
export type CardInput = z.input<typeof CardInput>;

// Not a form field (the browser sends it), so a sentence for developers rather than a message key.
const TIME_ZONE_ERROR = 'time_zone must be an IANA time zone, e.g. Europe/Lisbon';

/** Whether `zone` is an IANA time zone the runtime knows ('Europe/Lisbon'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/**
 * POST /api/checkout/payment. The delivery address is a saved one (`address_id`, signed-in only) or
 * a new one (`address`; `save_address` keeps it in the book). `total` is the total the shopper saw:
 * when prices changed since, the answer is 409 and nothing is charged.
 */
export const PaymentRequest = z
  .object({
    delivery_option: DeliveryOption,
    pickup_point_id: id.optional(),
    address_id: id.optional(),
    address: AddressInput.optional(),
    save_address: z.boolean().default(false),
    /** Guests: where the confirmation goes (and what an account must use to claim the order). */
    email: guestEmail.optional(),
    discount_code: DiscountCodeInput.optional(),
    /** Guests with a first-order code: the 6-digit code mailed to `email` (POST /checkout/email-code). */
    email_code: EmailCode.optional(),
    cart: CartIds.optional(),
    total: euros,
    /** The card, for the built-in test provider; with Stripe the page hands it to Stripe's Payment Element instead. */
    card: CardInput.optional(),
    /** The shopper's IANA time zone (the browser's), for the dates in the order's mails; Lisbon when absent. */
    time_zone: z
      .string()
      .max(64, { error: TIME_ZONE_ERROR })
      .refine(isTimeZone, { error: TIME_ZONE_ERROR })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.address_id === undefined && value.address === undefined) {
      ctx.addIssue({ code: 'custom', message: 'no_delivery_address', path: ['address'] });
    }
    if (value.delivery_option === 'pickup' && value.pickup_point_id === undefined) {
      ctx.addIssue({ code: 'custom', message: 'no_pickup_point', path: ['pickup_point_id'] });
    }
  });
export type PaymentRequest = z.input<typeof PaymentRequest>;

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'The Idempotency-Key header is required.' })
    .min(8, { error: 'The Idempotency-Key header needs 8 to 100 characters.' })
    .max(100, { error: 'The Idempotency-Key header needs 8 to 100 characters.' })
    .regex(/^[\w.:-]+$/, { error: 'The Idempotency-Key header may use letters, digits and . _ : - only.' }),
});

export const PaymentAttemptParams = z.object({ attempt_id: z.string().max(100) });
export type PaymentAttemptParams = z.input<typeof PaymentAttemptParams>;

/**
 * The payment's answer. `succeeded`: the order exists (`order_number`; for a guest a `claim_token`
 * an account with the same e-mail can use to own the order). `requires_action`: the card asks for
 * an extra step; the page shows it and then calls the confirm call with `attempt_id`.
 */
export const PaymentResult = z.object({
  status: z.enum(['succeeded', 'requires_action']),
  attempt_id: z.string(),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  total: z.number(),
  /** ISO date: the sellers ship by then (5 business days, spec §9). */
  ship_by: z.string().nullable(),
  claim_token: z.string().nullable(),
  /**
   * Who takes the money (`test` or `stripe`). With `stripe`, `requires_action` carries the
   * PaymentIntent's `client_secret` and the `publishable_key`: the page mounts Stripe's Payment
   * Element, confirms, and on its return calls the confirm call (the webhook may have placed the order already).
   */
  provider: z.enum(['test', 'stripe']).optional(),
  client_secret: z.string().optional(),
  publishable_key: z.string().optional(),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

/** GET /api/checkout/payment-options: who takes the money, so the payment page shows its form (the card fields, or Stripe's Payment Element). */
export const PaymentOptions = z.object({
  provider: z.enum(['test', 'stripe']),
  /** Stripe's publishable key (pk_…) when the provider is Stripe, else null. */
  publishable_key: z.string().nullable(),
});
export type PaymentOptions = z.infer<typeof PaymentOptions>;

/**
 * 409: pieces sold to someone else (or withdrawn) since they were put in the bag, named in `lost`;
 * or the total changed since the shopper saw it (`lost` empty). Nothing was charged.
 */
export const CheckoutConflict = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  code: z.string().optional(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  lost: z.array(z.object({ listing_id: z.number().int(), title: z.string() })),
});
export type CheckoutConflict = z.infer<typeof CheckoutConflict>;
