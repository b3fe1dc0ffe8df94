import { DEMAND_HIGH_PERCENT, DEMAND_LOW_PERCENT, DEMAND_MIN_LISTED, type TradeInDemand, type TradeInPolicy, type TradeInRule } from '@preloved/contract';

// The brand's instant price for a piece, with no database in it (a unit test runs it over the table):
// the price table's row for the product (else its category) gives the price of a piece in the best
// condition, new, of normal demand; the condition, the product's age and its demand then scale it.
// One rounding, down to the cent, at the end; under €1 there is no offer.

/** What the price of one piece depends on, as the database answers it. */
export interface PieceFacts {
  productId: number;
  categoryId: number;
  originalCents: number;
  conditionId: number;
  /** Whole years since the product's release (its catalogue date: the only date the data has for it). */
  ageYears: number;
  /** The product's pieces listed in the demand window, and how many of them sold. */
  listed: number;
  sold: number;
}

export interface TradeInPrice {
  /** The money price, in cents. */
  cents: number;
  /** The row's price before the adjustments, in cents. */
  baseCents: number;
  conditionPercent: number;
  agePercent: number;
  demand: TradeInDemand;
  demandPercent: number;
}

/** The product's row wins over its category's; none: the brand does not take it in. */
export function ruleFor(policy: TradeInPolicy, productId: number, categoryId: number): TradeInRule | null {
  return policy.rules.find((rule) => rule.product_id === productId) ?? policy.rules.find((rule) => rule.category_id === categoryId) ?? null;
}

/** High, normal or low from the product's sell-through; too few pieces listed is no signal. */
export function demandOf(listed: number, sold: number): TradeInDemand {
  if (listed < DEMAND_MIN_LISTED) return 'normal';
  const percent = (sold * 100) / listed;
  if (percent >= DEMAND_HIGH_PERCENT) return 'high';
  if (percent < DEMAND_LOW_PERCENT) return 'low';
  return 'normal';
}

/** The instant price of a piece, or null when the brand does not take it in (no row, a row refusing it, a condition at 0 %, under €1). */
export function tradeInPrice(policy: TradeInPolicy, piece: PieceFacts): TradeInPrice | null {
  const rule = ruleFor(policy, piece.productId, piece.categoryId);
  if (!rule || !rule.accepted) return null;
  const baseCents = rule.amount !== null ? Math.round(rule.amount * 100) : Math.round((piece.originalCents * (rule.percent ?? 0)) / 100);
  const conditionPercent = policy.conditions.find((condition) => condition.condition_id === piece.conditionId)?.percent ?? 0;
  if (conditionPercent === 0) return null;
  const agePercent = Math.max(policy.age_floor_percent, 100 - policy.age_percent_per_year * Math.max(0, piece.ageYears));
  const demand = demandOf(piece.listed, piece.sold);
  const demandPercent = demand === 'high' ? 100 + policy.demand_high_percent : demand === 'low' ? 100 - policy.demand_low_percent : 100;
  // Integers all the way: base × three percentages, floored once.
  const cents = Math.floor((baseCents * conditionPercent * agePercent * demandPercent) / 1_000_000);
  if (cents < 100) return null;
  return { cents, baseCents, conditionPercent, agePercent, demand, demandPercent };
}

/** The trade-in's bonus on credit, in cents: the percentage of the price, rounded down. */
export const bonusCents = (priceCents: number, percent: number) => Math.floor((priceCents * percent) / 100);
