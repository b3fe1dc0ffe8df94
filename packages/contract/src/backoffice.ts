import { z } from 'zod';
import { MAX_INPUT_LENGTH } from './constants';
import { EmailInput } from './customers';

// The back office's calls (/api/backoffice/*), for the brand's staff only. Staff are not shoppers: their
// own accounts, one role each, a password and a TOTP code at every sign-in. The session is an HttpOnly,
// SameSite=Strict cookie (`preloved_staff`, path /api/backoffice): the console's code never holds the
// token. Refusals: 401 `staff_signed_out` with no live session, 403 `staff_role_refused` for a role the
// route does not allow, 401 `staff_sign_in_refused` for any wrong e-mail, password or code (the same
// answer for each), 429 `too_many_attempts` after too many failed sign-ins.

export const STAFF_ROLES = ['support', 'moderator', 'finance', 'admin'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

/** A six-digit code from the member's authenticator app. */
export const TotpCode = z
  .string({ error: 'staff_totp_invalid' })
  .trim()
  .regex(/^\d{6}$/, { error: 'staff_totp_invalid' });

const password = z.string({ error: 'no_password' }).min(1, { error: 'no_password' }).max(MAX_INPUT_LENGTH, { error: 'too_long' });

/** POST /api/backoffice/session: password and code together. */
export const StaffSignIn = z.object({ email: EmailInput, password, code: TotpCode });
export type StaffSignIn = z.infer<typeof StaffSignIn>;

/** The signed-in member, as GET/POST /api/backoffice/session answer it. */
export const StaffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
});
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffSessionResponse = z.object({ staff: StaffMember, expires_at: z.string() });
export type StaffSessionResponse = z.infer<typeof StaffSessionResponse>;

/** GET /api/backoffice/invitations/{token}: the invitee and the secret to put in an authenticator app. */
export const StaffEnrolment = z.object({
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  /** otpauth:// URI, shown as a QR code. */
  totp_uri: z.string(),
  /** The same secret in base32, for typing by hand. */
  totp_secret: z.string(),
});
export type StaffEnrolment = z.infer<typeof StaffEnrolment>;

/** POST /api/backoffice/invitations/{token}/accept: the new password (the shoppers' rules) and a first code. */
export const StaffAcceptInvitation = z.object({
  password: z.string({ error: 'no_password' }).min(8, { error: 'password_rules' }).max(200, { error: 'too_long' }),
  code: TotpCode,
});
export type StaffAcceptInvitation = z.infer<typeof StaffAcceptInvitation>;

/** POST /api/backoffice/staff (admin): invite a member, who gets a mail with a link valid 72 hours. */
export const StaffInvite = z.object({
  email: EmailInput,
  name: z.string({ error: 'no_name' }).trim().min(1, { error: 'no_name' }).max(120, { error: 'too_long' }),
  role: StaffRole,
});
export type StaffInvite = z.infer<typeof StaffInvite>;

/** GET /api/backoffice/staff (admin). */
export const StaffListEntry = StaffMember.extend({ active: z.boolean(), enrolled: z.boolean(), created_at: z.string() });
export const StaffList = z.object({ staff: z.array(StaffListEntry) });
export type StaffList = z.infer<typeof StaffList>;

/** GET /api/backoffice/audit (every role) and /api/backoffice/audit.csv (same query, a file). */
export const AuditQuery = z.object({
  staff_id: z.coerce.number().int().positive().max(2147483647).optional(),
  action: z.string().max(80).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10000).default(1),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  at: z.string(),
});
export const AuditPage = z.object({ entries: z.array(AuditEntry), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type AuditPage = z.infer<typeof AuditPage>;

export const AUDIT_PAGE_SIZE = 50;

/** Which role may open which part of the console (the API checks the same on every route). */
export const BACKOFFICE_SECTIONS = {
  disputes: ['support', 'admin'],
  // The hub's check of sold pieces (issue 48): the team who handles buyers' claims works the hub's bench too.
  verification: ['support', 'admin'],
  moderation: ['moderator', 'admin'],
  payouts: ['finance', 'admin'],
  codes: ['admin'],
  customers: ['support', 'finance', 'admin'],
  figures: ['finance', 'admin'],
  audit: ['support', 'moderator', 'finance', 'admin'],
  staff: ['admin'],
  // The brand's settings with money in them (the store-credit bonus, price rules): finance reads, an admin changes.
  settings: ['finance', 'admin'],
  // Trade-ins (issue 48): the hub's team checks them (support, admin), finance reads them and the price table; an admin sets it.
  'trade-ins': ['support', 'finance', 'admin'],
  // Brand Direct (issue 48): moderators list the brand's pieces, the hub's team sends and receives them, finance reads the margin scheme (BRAND_DIRECT_ROLES).
  'brand-stock': ['moderator', 'support', 'finance', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type BackofficeSection = keyof typeof BACKOFFICE_SECTIONS;

// Disputes: the buyers' "I have a problem" claims and the payment provider's disputes (chargebacks),
// oldest first, each with the time an answer is due: a claim's, reported + DISPUTE_ANSWER_HOURS (a
// decision: the spec sets none); a chargeback's, the date the provider wants the evidence by.
export const DISPUTE_ANSWER_HOURS = 48;

export const DISPUTE_KINDS = ['claim', 'chargeback'] as const;
export type DisputeKind = (typeof DISPUTE_KINDS)[number];
/** A claim's decision: the whole order refunded, some pieces refunded (the rest of the credit released), or the credit released. */
export const CLAIM_RESOLUTIONS = ['refund', 'partial', 'release'] as const;
/** A chargeback's end, the bank's: won (the money stays) or lost (taken back from the sellers' credit). */
export const CHARGEBACK_OUTCOMES = ['won', 'lost'] as const;

export const DisputeQuery = z.object({
  state: z.enum(['open', 'resolved']).default('open'),
  kind: z.enum(['all', ...DISPUTE_KINDS]).default('all'),
  page: z.coerce.number().int().min(1).max(10000).default(1),
});
export type DisputeQuery = z.infer<typeof DisputeQuery>;

export const DisputeEntry = z.object({
  kind: z.enum(DISPUTE_KINDS),
  order_id: z.number().int(),
  number: z.string(),
  /** When the buyer reported it, or the bank opened it. */
  reported_at: z.string(),
  /** When an answer is due; null: a chargeback whose provider named no date. */
  answer_by: z.string().nullable(),
  /** The buyer's words (a claim); empty for a chargeback. */
  description: z.string(),
  /** The bank's reason for a chargeback, as the provider names it (`fraudulent`, `product_not_received`…); null for a claim. */
  reason: z.string().nullable(),
  buyer_email: z.string(),
  sellers: z.array(z.string()),
  /** Euros: the order's total. */
  total: z.number(),
  /** Euros at stake: a chargeback's amount; a claim's, the order's total. */
  amount: z.number(),
  resolution: z.enum([...CLAIM_RESOLUTIONS, ...CHARGEBACK_OUTCOMES]).nullable(),
  resolved_at: z.string().nullable(),
});
export type DisputeEntry = z.infer<typeof DisputeEntry>;

export const DisputeQueue = z.object({ disputes: z.array(DisputeEntry), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type DisputeQueue = z.infer<typeof DisputeQueue>;

/** GET /api/backoffice/disputes/{orderId}: an order with a claim, a chargeback or both, and what a decision needs. */
export const DisputeDetail = z.object({
  order_id: z.number().int(),
  number: z.string(),
  buyer_email: z.string(),
  sellers: z.array(z.string()),
  /** Euros. */
  total: z.number(),
  /** Euros given back to the buyer's card so far (pieces a seller cancelled, a decision's refund). */
  refunded: z.number(),
  placed_at: z.string(),
  delivered_at: z.string().nullable(),
  /** The buyer's claim; null when the order has only a chargeback. */
  claim: z
    .object({
      reported_at: z.string(),
      answer_by: z.string(),
      description: z.string(),
      resolution: z.enum(CLAIM_RESOLUTIONS).nullable(),
      resolved_at: z.string().nullable(),
    })
    .nullable(),
  /** The provider's dispute; it is decided by the bank, answered with evidence at the provider. */
  chargeback: z
    .object({
      id: z.string(),
      status: z.enum(['open', ...CHARGEBACK_OUTCOMES]),
      reason: z.string().nullable(),
      /** Euros. */
      amount: z.number(),
      opened_at: z.string(),
      evidence_due_by: z.string().nullable(),
      closed_at: z.string().nullable(),
      /** Where the evidence is submitted: the dispute at the provider's dashboard. */
      provider_url: z.string(),
    })
    .nullable(),
  /** A full refund of this order asks for the member's authenticator code again (above the store's step-up threshold). */
  refund_needs_code: z.boolean(),
  /** Euros: a refund above this asks for the code again (a partial one too). */
  step_up_above: z.number(),
  /** `refunded`: given back already (a seller cancelled it, or a decision refunded it); it cannot be refunded again. */
  pieces: z.array(
    z.object({
      listing_id: z.number().int(),
      title: z.string(),
      photo: z.string(),
      colour: z.string(),
      size: z.string(),
      price: z.number(),
      refunded: z.boolean(),
    }),
  ),
  packages: z.array(
    z.object({
      seller_name: z.string(),
      seller_email: z.string(),
      ship_by: z.string(),
      shipped_at: z.string().nullable(),
      carrier: z.string().nullable(),
      tracking_number: z.string().nullable(),
      tracking_url: z.string().nullable(),
      carrier_delivered_at: z.string().nullable(),
      /** The buyer's conversation with this package's seller (issue 47), read on the record like a report's: `messages` counts its entries. */
      thread: z.object({ id: z.number().int(), messages: z.number().int() }).nullable(),
    }),
  ),
});
export type DisputeDetail = z.infer<typeof DisputeDetail>;

export const DisputeParams = z.object({
  orderId: z.coerce.number().int().positive().max(2147483647),
});

/**
 * POST /api/backoffice/disputes/{orderId}/resolve: a claim's decision, with the reason both parties
 * are mailed — a full refund, the refund of the pieces named (`partial`: each by the rule of a piece
 * refunded alone, the rest of the credit released), or the release of the credit.
 */
export const DisputeResolve = z
  .object({
    resolution: z.enum(CLAIM_RESOLUTIONS),
    /** The pieces a partial refund gives back (listing ids of the order). */
    listing_ids: z.array(z.number().int().positive().max(2147483647)).max(100).optional(),
    /** The authenticator's code of the moment: needed for a refund above the step-up threshold (`step_up_above`). */
    code: TotpCode.optional(),
    reason: z
      .string({ error: 'dispute_reason_needed' })
      .trim()
      .min(1, { error: 'dispute_reason_needed' })
      .max(1000, { error: 'too_long' }),
  })
  .superRefine((value, context) => {
    if (value.resolution === 'partial' && !value.listing_ids?.length)
      context.addIssue({ code: 'custom', path: ['listing_ids'], message: 'dispute_pieces_needed' });
  });
export type DisputeResolve = z.infer<typeof DisputeResolve>;

// Discount codes of the storefront, made by an admin with the rules checkout already applies (a window,
// uses in all and per shopper, first order only, a minimum order, a ceiling on the discount). Amounts
// are euros. The wallet's main-shop codes are the sellers' own money and are not listed here.
const euros = z.number().positive().max(100000).multipleOf(0.01);

export const DiscountCodeCreate = z
  .object({
    code: z
      .string({ error: 'discount_code_format' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{2,29}$/, { error: 'discount_code_format' }),
    percent_off: z.number().int().min(1).max(100).nullable().default(null),
    amount_off: euros.nullable().default(null),
    starts_at: z.iso.datetime({ offset: true }).nullable().default(null),
    ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
    max_uses: z.number().int().positive().max(1_000_000).nullable().default(null),
    max_uses_per_shopper: z.number().int().positive().max(1000).nullable().default(null),
    first_order_only: z.boolean().default(false),
    min_order: euros.nullable().default(null),
    max_discount: euros.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if ((value.percent_off === null) === (value.amount_off === null)) ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'discount_code_one_kind' });
    if (value.starts_at && value.ends_at && new Date(value.starts_at) >= new Date(value.ends_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'discount_code_window' });
  });
export type DiscountCodeCreate = z.input<typeof DiscountCodeCreate>;

export const DISCOUNT_CODE_STATES = ['scheduled', 'live', 'paused', 'ended', 'used_up'] as const;

export const DiscountCodeEntry = z.object({
  code: z.string(),
  percent_off: z.number().nullable(),
  amount_off: z.number().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().nullable(),
  uses: z.number(),
  max_uses_per_shopper: z.number().nullable(),
  first_order_only: z.boolean(),
  min_order: z.number().nullable(),
  max_discount: z.number().nullable(),
  state: z.enum(DISCOUNT_CODE_STATES),
  /** Orders that used it, and what the discounts cost the marketplace (euros). */
  redemptions: z.number().int(),
  cost: z.number(),
});
export type DiscountCodeEntry = z.infer<typeof DiscountCodeEntry>;
export const DiscountCodeList = z.object({ codes: z.array(DiscountCodeEntry) });
export type DiscountCodeList = z.infer<typeof DiscountCodeList>;

export const DiscountCodeParams = z.object({ code: z.string().trim().toUpperCase().max(30) });
/** POST /api/backoffice/codes/{code}/{action}. */
export const DiscountCodeAction = z.object({ action: z.enum(['pause', 'resume', 'end']) });

export const DiscountRedemption = z.object({ order_id: z.number().int(), number: z.string(), shopper_email: z.string(), amount: z.number(), at: z.string() });
export const DiscountRedemptions = z.object({ code: z.string(), redemptions: z.array(DiscountRedemption) });
export type DiscountRedemptions = z.infer<typeof DiscountRedemptions>;

// Money, for finance: IBAN changes still on hold with what a decision needs, the transfers, the ledger.
export const HeldIban = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Country and last four digits only: the console never shows a whole IBAN. */
  iban: z.string(),
  hold_until: z.string(),
  frozen: z.boolean(),
  account_since: z.string(),
  verified: z.boolean(),
  sales: z.number().int(),
  /** Euros the seller could move out once the hold ends. */
  available: z.number(),
});
export type HeldIban = z.infer<typeof HeldIban>;
export const HeldIbanList = z.object({ held: z.array(HeldIban) });
export type HeldIbanList = z.infer<typeof HeldIbanList>;

export const CustomerParams = z.object({ customerId: z.coerce.number().int().positive().max(2147483647) });
/** Approve (the hold ends now) or freeze (no money leaves until the owner proves who they are). */
export const HeldIbanDecision = z.object({
  decision: z.enum(['approve', 'freeze']),
  reason: z.string({ error: 'staff_reason_needed' }).trim().min(1, { error: 'staff_reason_needed' }).max(1000, { error: 'too_long' }),
});
export type HeldIbanDecision = z.infer<typeof HeldIbanDecision>;

export const TRANSFER_STATES = ['due', 'sent', 'paid', 'failed', 'reversed'] as const;
export const TransferQuery = z.object({ state: z.enum(TRANSFER_STATES).optional() });
export const Transfer = z.object({
  kind: z.enum(['bank_transfer', 'stripe']),
  reference: z.string(),
  customer_id: z.number().int(),
  name: z.string(),
  amount: z.number(),
  state: z.enum(TRANSFER_STATES),
  at: z.string(),
});
export type Transfer = z.infer<typeof Transfer>;
export const TransferList = z.object({ transfers: z.array(Transfer) });
export type TransferList = z.infer<typeof TransferList>;

/** `pnpm audit ledger` as a page: whether every cent is accounted for, the totals (euros) and the largest wallets. */
export const LedgerReport = z.object({
  ok: z.boolean(),
  mismatches: z.array(z.string()),
  totals: z.record(z.string(), z.number()),
  wallets: z.array(z.object({ customer_id: z.number().int(), credited: z.number(), paid_out: z.number(), pending: z.number(), available: z.number() })),
});
export type LedgerReport = z.infer<typeof LedgerReport>;

// Moderation. The policy says which new listings wait for a moderator: none (the default), all, a
// seller's first N, or only those shoppers report (the reports come with the EU-duties work).
export const MODERATION_MODES = ['none', 'all', 'first', 'flagged'] as const;
export const ModerationPolicy = z.object({ mode: z.enum(MODERATION_MODES), first_n: z.number().int().min(1).max(100).default(3) });
export type ModerationPolicy = z.infer<typeof ModerationPolicy>;
export const DEFAULT_MODERATION_POLICY: ModerationPolicy = { mode: 'none', first_n: 3 };

/** The grounds a rejection or a request for changes names (the statement of reasons the DSA asks for). */
export const MODERATION_REASONS = ['not_brand', 'counterfeit', 'prohibited_item', 'misleading_description', 'poor_photos', 'price_out_of_rules', 'other'] as const;
export const ModerationDecision = z
  .object({
    decision: z.enum(['approve', 'reject', 'changes']),
    reason: z.enum(MODERATION_REASONS).nullable().default(null),
    note: z.string().trim().max(1000, { error: 'too_long' }).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.decision !== 'approve' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'moderation_reason_needed' });
  });
export type ModerationDecision = z.input<typeof ModerationDecision>;

export const ModerationEntry = z.object({
  listing_id: z.number().int(),
  number: z.string(),
  title: z.string(),
  photos: z.array(z.string()),
  comment: z.string(),
  condition: z.string(),
  colour: z.string(),
  size: z.string(),
  /** Euros: the asking price beside the product's original price in the main shop. */
  price: z.number(),
  original_price: z.number().nullable(),
  submitted_at: z.string(),
  seller: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    verified: z.boolean(),
    since: z.string(),
    listings: z.number().int(),
    sales: z.number().int(),
    rejected: z.number().int(),
  }),
});
export type ModerationEntry = z.infer<typeof ModerationEntry>;
export const ModerationQueue = z.object({ listings: z.array(ModerationEntry) });
export type ModerationQueue = z.infer<typeof ModerationQueue>;
export const ListingIdParams = z.object({ listingId: z.coerce.number().int().positive().max(2147483647) });

// The store-credit bonus: a verified seller who turns available credit into a main-shop code gets
// `percent` more on it, at most `monthly_cap` euros of bonus a calendar month (Lisbon), paid by the brand.
// None by default (percent 0).
export const CreditBonusPolicy = z.object({
  percent: z.number({ error: 'credit_bonus_percent' }).int({ error: 'credit_bonus_percent' }).min(0, { error: 'credit_bonus_percent' }).max(50, { error: 'credit_bonus_percent' }),
  monthly_cap: z.number({ error: 'credit_bonus_cap' }).min(0, { error: 'credit_bonus_cap' }).max(1000, { error: 'credit_bonus_cap' }).multipleOf(0.01, { error: 'credit_bonus_cap' }),
});
export type CreditBonusPolicy = z.infer<typeof CreditBonusPolicy>;
export const DEFAULT_CREDIT_BONUS: CreditBonusPolicy = { percent: 0, monthly_cap: 0 };
/** GET /api/backoffice/settings/credit-bonus: the policy and what the bonus has cost the brand (euros). */
export const CreditBonusSettings = CreditBonusPolicy.extend({ cost: z.object({ this_month: z.number(), all_time: z.number(), codes: z.number().int() }) });
export type CreditBonusSettings = z.infer<typeof CreditBonusSettings>;

// Price rules per category: a floor and a ceiling on a listing's price as a percentage of the product's
// original price in the main shop. A listing priced outside them is refused (422 `price_out_of_rules`
// on `price`); a category without a rule (both null) has none.
export const PriceRule = z
  .object({
    category_id: z.number().int().positive().max(2147483647),
    floor_percent: z.number({ error: 'price_rule_percent' }).int({ error: 'price_rule_percent' }).min(1, { error: 'price_rule_percent' }).max(300, { error: 'price_rule_percent' }).nullable(),
    ceiling_percent: z.number({ error: 'price_rule_percent' }).int({ error: 'price_rule_percent' }).min(1, { error: 'price_rule_percent' }).max(300, { error: 'price_rule_percent' }).nullable(),
  })
  .superRefine((rule, ctx) => {
    if (rule.floor_percent !== null && rule.ceiling_percent !== null && rule.floor_percent > rule.ceiling_percent) {
      ctx.addIssue({ code: 'custom', path: ['ceiling_percent'], message: 'price_rule_order' });
    }
  });
export type PriceRule = z.infer<typeof PriceRule>;
export const PriceRules = z.object({ rules: z.array(PriceRule).max(100) });
export type PriceRules = z.infer<typeof PriceRules>;
/** GET /api/backoffice/settings/price-rules: every category, with its rule (nulls: none). */
export const PriceRulesSettings = z.object({ rules: z.array(z.object({ category_id: z.number().int(), name: z.string(), floor_percent: z.number().nullable(), ceiling_percent: z.number().nullable() })) });
export type PriceRulesSettings = z.infer<typeof PriceRulesSettings>;

// Customers, orders and listings: one search box, a customer's page, and blocking.
export const StaffSearchQuery = z.object({ q: z.string().trim().min(1).max(200) });
const CustomerSummary = z.object({ id: z.number().int(), name: z.string(), email: z.string(), verified: z.boolean(), blocked: z.boolean(), since: z.string() });
const OrderSummary = z.object({ order_id: z.number().int(), number: z.string(), email: z.string(), total: z.number(), placed_at: z.string(), status: z.string() });
const ListingSummary = z.object({ listing_id: z.number().int(), number: z.string(), title: z.string(), status: z.string(), seller_id: z.number().int(), price: z.number() });
/** What a search by e-mail, name, order number, tracking number or listing id finds. */
export const StaffSearchResult = z.object({ customers: z.array(CustomerSummary), orders: z.array(OrderSummary), listings: z.array(ListingSummary) });
export type StaffSearchResult = z.infer<typeof StaffSearchResult>;

export const CustomerDetail = CustomerSummary.extend({
  language: z.string(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string().nullable(),
  orders: z.array(OrderSummary),
  sales: z.array(z.object({ order_id: z.number().int(), number: z.string(), pieces: z.number().int(), shipped_at: z.string().nullable(), placed_at: z.string() })),
  listings: z.array(ListingSummary),
  offers: z.object({ made: z.number().int(), received: z.number().int() }),
  wallet: z.object({ total: z.number(), pending: z.number(), available: z.number(), frozen: z.boolean() }),
  sign_ins: z.array(z.object({ at: z.string(), live: z.boolean() })),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

/** Block (no sign-in, sessions revoked, pieces archived, payouts frozen) or unblock, with the reason for the audit log. */
export const CustomerBlockInput = z.object({
  blocked: z.boolean(),
  reason: z.string({ error: 'staff_reason_needed' }).trim().min(1, { error: 'staff_reason_needed' }).max(1000, { error: 'too_long' }),
});
export type CustomerBlockInput = z.infer<typeof CustomerBlockInput>;

// Figures: how the store does, by day, week or month of Lisbon time, for a range of at most two years.
export const FIGURE_PERIODS = ['day', 'week', 'month'] as const;
export const FiguresQuery = z
  .object({
    from: z.iso.date({ error: 'figures_range' }),
    to: z.iso.date({ error: 'figures_range' }),
    by: z.enum(FIGURE_PERIODS).default('day'),
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (!(days >= 0 && days <= 731)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'figures_range' });
  });
export type FiguresQuery = z.input<typeof FiguresQuery>;

/**
 * One period's figures. Money in euros. GMV: the pieces' prices of the orders placed (cancelled ones
 * left out); take: what buyers paid the marketplace in fees (processing and verification) less the
 * discounts it paid for; take rate = take ÷ GMV; sell-through: of the pieces listed in the period, the
 * share sold since; days to sell: the median, over the pieces sold in the period; dispute and
 * cancellation rates: of the orders placed in the period (disputed: a buyer's claim or a chargeback).
 */
export const FigureRow = z.object({
  period: z.string(),
  gmv: z.number(),
  orders: z.number().int(),
  average_order: z.number(),
  take: z.number(),
  take_rate: z.number(),
  listed: z.number().int(),
  sold: z.number().int(),
  sell_through: z.number(),
  median_days_to_sell: z.number().nullable(),
  dispute_rate: z.number(),
  cancellation_rate: z.number(),
  new_buyers: z.number().int(),
  new_sellers: z.number().int(),
  /** Customers who opened the selling flow from "Resell this" in the main shop (once a piece and day each). */
  resells_started: z.number().int(),
});
export type FigureRow = z.infer<typeof FigureRow>;
export const Figures = z.object({ by: z.enum(FIGURE_PERIODS), from: z.string(), to: z.string(), rows: z.array(FigureRow), totals: FigureRow.omit({ period: true }) });
export type Figures = z.infer<typeof Figures>;
