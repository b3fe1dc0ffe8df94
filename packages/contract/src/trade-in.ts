import { z } from 'zod';

// Trade-in for boosted credit (issue 48): the brand buys a piece it sold back from its customer at an
// instant price (its price table below), paid as main-shop credit with a bonus or as money (wallet
// credit) without it. The customer sends it to the brand's hub on a prepaid label; the hub confirms
// the price or re-prices it with a reason (the customer accepts the new price or gets the piece back
// free); the credit is issued on acceptance and the piece becomes the brand's stock.

/**
 * sent: accepted, the label issued, on its way to the hub; at_hub: received, being checked; repriced:
 * the hub offers another price and waits for the customer's answer; credited: paid (the final price);
 * returned: on its way back to the customer (their choice, the hub's, or no answer in time); cancelled:
 * the customer called it off before the hub had it.
 */
export const TRADE_IN_STATES = ['sent', 'at_hub', 'repriced', 'credited', 'returned', 'cancelled'] as const;
export const TradeInState = z.enum(TRADE_IN_STATES);
export type TradeInState = z.infer<typeof TradeInState>;
/** States that count against the customer's open trade-ins. */
export const OPEN_TRADE_IN_STATES: readonly TradeInState[] = ['sent', 'at_hub', 'repriced'];

/** credit: a main-shop code worth the price plus the bonus; money: the price as available wallet credit, no bonus. */
export const TRADE_IN_PAYOUTS = ['credit', 'money'] as const;
export const TradeInPayout = z.enum(TRADE_IN_PAYOUTS);
export type TradeInPayout = z.infer<typeof TradeInPayout>;

/**
 * Demand is the product's sell-through in the store over the last DEMAND_WINDOW_DAYS: of its pre-loved
 * pieces listed in that window, the share sold since. High from DEMAND_HIGH_PERCENT, low under
 * DEMAND_LOW_PERCENT; with fewer than DEMAND_MIN_LISTED pieces listed there is no signal (normal).
 */
export const DEMAND_WINDOW_DAYS = 90;
export const DEMAND_HIGH_PERCENT = 60;
export const DEMAND_LOW_PERCENT = 20;
export const DEMAND_MIN_LISTED = 3;
export const TRADE_IN_DEMANDS = ['low', 'normal', 'high'] as const;
export type TradeInDemand = (typeof TRADE_IN_DEMANDS)[number];

const id = z.number().int().positive().max(2147483647);
const whole = (min: number, max: number, error: string) => z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/**
 * A row of the price table: a category's or a product's (a product's row wins over its category's).
 * `accepted` false: the brand takes none of it in. A row it takes in has a percentage of the product's
 * original price or a fixed amount (euros), for a piece in the best condition, new this year, of normal demand.
 */
export const TradeInRule = z
  .object({
    category_id: id.nullable(),
    product_id: id.nullable(),
    accepted: z.boolean(),
    percent: whole(1, 90, 'trade_in_rule_price').nullable(),
    amount: z.number({ error: 'trade_in_rule_price' }).min(1, { error: 'trade_in_rule_price' }).max(1000, { error: 'trade_in_rule_price' }).multipleOf(0.01, { error: 'trade_in_rule_price' }).nullable(),
  })
  .superRefine((rule, ctx) => {
    if ((rule.category_id === null) === (rule.product_id === null)) ctx.addIssue({ code: 'custom', path: ['category_id'], message: 'trade_in_rule_target' });
    if (rule.accepted && (rule.percent === null) === (rule.amount === null)) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'trade_in_rule_price' });
  });
export type TradeInRule = z.infer<typeof TradeInRule>;

/** The brand's trade-in policy (store_settings 'trade_in'): the price table, its adjustments, the bonus and the limits. */
export const TradeInPolicy = z
  .object({
    rules: z.array(TradeInRule).max(500),
    /** The share of the row's price paid in each condition (1 new with tags … 5 fair); 0: not taken in. */
    conditions: z.array(z.object({ condition_id: z.number().int().min(1).max(5), percent: whole(0, 100, 'trade_in_setting') })).length(5),
    /** Taken off the price for each whole year since the product's release… */
    age_percent_per_year: whole(0, 50, 'trade_in_setting'),
    /** …never below this share of it. */
    age_floor_percent: whole(0, 100, 'trade_in_setting'),
    /** Added when demand is high, taken off when it is low (percent of the price). */
    demand_high_percent: whole(0, 50, 'trade_in_setting'),
    demand_low_percent: whole(0, 90, 'trade_in_setting'),
    /** The trade-in's own bonus on main-shop credit (not the wallet's store-credit bonus of issue 45). */
    bonus_percent: whole(0, 50, 'credit_bonus_percent'),
    /** Per customer: trade-ins open at once, and euros of trade-ins accepted in a calendar month (Lisbon). */
    max_open: whole(1, 20, 'trade_in_setting'),
    monthly_cap: z.number({ error: 'trade_in_setting' }).min(0, { error: 'trade_in_setting' }).max(10000, { error: 'trade_in_setting' }).multipleOf(0.01, { error: 'trade_in_setting' }),
    /** Days the customer has to answer a re-price; with no answer the piece goes back. */
    answer_days: whole(1, 60, 'trade_in_setting'),
  })
  .superRefine((policy, ctx) => {
    const seen = new Set<string>();
    policy.rules.forEach((rule, index) => {
      const key = rule.product_id !== null ? `p${rule.product_id}` : `c${rule.category_id}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rules', index, 'category_id'], message: 'trade_in_rule_twice' });
      seen.add(key);
    });
  });
export type TradeInPolicy = z.infer<typeof TradeInPolicy>;

/** No row, no offer: the brand takes nothing in until an admin sets the table (the demo sets one). */
export const DEFAULT_TRADE_IN_POLICY: TradeInPolicy = {
  rules: [],
  conditions: [
    { condition_id: 1, percent: 100 },
    { condition_id: 2, percent: 90 },
    { condition_id: 3, percent: 75 },
    { condition_id: 4, percent: 55 },
    { condition_id: 5, percent: 0 },
  ],
  age_percent_per_year: 10,
  age_floor_percent: 50,
  demand_high_percent: 10,
  demand_low_percent: 15,
  bonus_percent: 20,
  max_open: 3,
  monthly_cap: 1000,
  answer_days: 14,
};

/** GET /api/backoffice/trade-ins/settings: the policy, the categories to name rows by, and what trade-ins have cost. */
export const TradeInSettings = z.object({
  policy: TradeInPolicy,
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  products: z.array(z.object({ id: z.number().int(), title: z.string(), category_id: z.number().int() })),
  /** Euros: paid as wallet money, as main-shop credit (the price), and the bonus on that credit. */
  cost: z.object({ money: z.number(), credit: z.number(), bonus: z.number(), trade_ins: z.number().int() }),
});
export type TradeInSettings = z.infer<typeof TradeInSettings>;

export const TradeInOfferQuery = z.object({
  child_id: z.coerce.number().int().positive().max(2147483647),
  condition_id: z.coerce.number().int().min(1).max(5),
});
export type TradeInOfferQuery = z.infer<typeof TradeInOfferQuery>;

/** Euros: money as wallet credit, or credit (the same price plus the bonus) as a main-shop code. */
export const TradeInAmounts = z.object({ money: z.number(), credit: z.number(), bonus: z.number(), bonus_percent: z.number().int() });
export type TradeInAmounts = z.infer<typeof TradeInAmounts>;

/** GET /api/trade-ins/offer: the brand's instant price for a piece, shown before the customer commits; `offer` null: not taken in. */
export const TradeInOffer = z.object({
  child_id: z.number().int(),
  condition_id: z.number().int(),
  title: z.string(),
  colour: z.string(),
  size: z.string(),
  original_price: z.number(),
  offer: TradeInAmounts.nullable(),
  /** How the price was made (null without an offer). */
  breakdown: z
    .object({ base: z.number(), condition_percent: z.number().int(), age_years: z.number().int(), age_percent: z.number().int(), demand: z.enum(TRADE_IN_DEMANDS), demand_percent: z.number().int() })
    .nullable(),
  /** The customer's room (null for a visitor): trade-ins open and the month's euros left. */
  limits: z.object({ open: z.number().int(), max_open: z.number().int(), month_left: z.number(), monthly_cap: z.number() }).nullable(),
});
export type TradeInOffer = z.infer<typeof TradeInOffer>;

/** POST /api/trade-ins (with an Idempotency-Key header): `price` is the money price the customer saw. */
export const TradeInCreate = z.object({
  child_id: id,
  condition_id: z.number().int().min(1).max(5),
  payout: TradeInPayout,
  price: z.number().positive().max(100000),
});
export type TradeInCreate = z.infer<typeof TradeInCreate>;

export const TradeInParams = z.object({ tradeInId: z.coerce.number().int().positive().max(2147483647) });

/** A customer's trade-in as their account shows it (euros). */
export const TradeIn = z.object({
  id: z.number().int(),
  number: z.string(),
  state: TradeInState,
  payout: TradeInPayout,
  title: z.string(),
  colour: z.string(),
  size: z.string(),
  condition_id: z.number().int(),
  /** The money price accepted at the start, and the price now (the hub's re-price once made). */
  offered: z.number(),
  price: z.number(),
  /** What the payout is worth at the price now: the credit includes the bonus. */
  amounts: TradeInAmounts,
  reprice_reason: z.string().nullable(),
  /** By when a re-price must be answered (ISO), else the piece goes back. */
  answer_by: z.string().nullable(),
  tracking: z.string(),
  return_tracking: z.string().nullable(),
  /** Once credited: what was paid (euros, the bonus included for credit) and the main-shop code. */
  credited: z.number().nullable(),
  code: z.string().nullable(),
  code_active: z.boolean().nullable(),
  created_at: z.string(),
  received_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type TradeIn = z.infer<typeof TradeIn>;
export const TradeInList = z.object({ trade_ins: z.array(TradeIn) });
export type TradeInList = z.infer<typeof TradeInList>;

/** The customer's answer to a re-price: the new price, or the piece back (free). */
export const TradeInAnswer = z.object({ answer: z.enum(['accept', 'return']) });
export type TradeInAnswer = z.infer<typeof TradeInAnswer>;

// The hub's bench (back office).
export const TradeInQueueQuery = z.object({ state: TradeInState.default('sent') });
export const TradeInStaffEntry = TradeIn.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  product_code: z.string(),
  condition: z.string(),
  listing_id: z.number().int().nullable(),
});
export type TradeInStaffEntry = z.infer<typeof TradeInStaffEntry>;
export const TradeInQueue = z.object({ trade_ins: z.array(TradeInStaffEntry) });
export type TradeInQueue = z.infer<typeof TradeInQueue>;

/** The hub's check: confirm the price, re-price it (a new price and the reason the customer reads), or send it back (a reason). */
export const TradeInDecision = z.object({
  decision: z.enum(['confirm', 'reprice', 'return']),
  price: z.number().optional(),
  reason: z.string().max(500).optional(),
});
export type TradeInDecision = z.infer<typeof TradeInDecision>;
