import { DEFAULT_TRADE_IN_POLICY, type TradeInPolicy } from '@preloved/contract';
import { bonusCents, demandOf, tradeInPrice, type PieceFacts } from './pricing';

// The price table's rule, without a database: rows, condition, age and demand, one rounding down.
const policy: TradeInPolicy = {
  ...DEFAULT_TRADE_IN_POLICY,
  rules: [
    { category_id: 6, product_id: null, accepted: true, percent: 30, amount: null },
    { category_id: null, product_id: 42, accepted: true, percent: null, amount: 55 },
    { category_id: null, product_id: 43, accepted: false, percent: null, amount: null },
  ],
};
const piece = (facts: Partial<PieceFacts> = {}): PieceFacts => ({ productId: 1, categoryId: 6, originalCents: 10_000, conditionId: 1, ageYears: 0, listed: 0, sold: 0, ...facts });

it('prices from the category’s percentage, a product’s own row winning over it, and nothing without a row or for a refused product', () => {
  expect(tradeInPrice(policy, piece())?.cents).toBe(3000);
  expect(tradeInPrice(policy, piece({ productId: 42 }))?.cents).toBe(5500);
  expect(tradeInPrice(policy, piece({ productId: 43 }))).toBeNull();
  expect(tradeInPrice(policy, piece({ categoryId: 11 }))).toBeNull();
});

it('scales by condition (none at 0 %) and age down to the floor, rounding down once', () => {
  expect(tradeInPrice(policy, piece({ conditionId: 4 }))?.cents).toBe(1650);
  expect(tradeInPrice(policy, piece({ conditionId: 5 }))).toBeNull();
  expect(tradeInPrice(policy, piece({ ageYears: 2 }))).toMatchObject({ cents: 2400, agePercent: 80 });
  expect(tradeInPrice(policy, piece({ ageYears: 20 }))).toMatchObject({ cents: 1500, agePercent: 50 });
  // 3333 × 90 % × 80 % = 2399.76 → 2399.
  expect(tradeInPrice(policy, piece({ originalCents: 11_110, conditionId: 2, ageYears: 2 }))?.cents).toBe(2399);
});

it('reads demand from sell-through: high from 60 %, low under 20 %, no signal under 3 pieces listed', () => {
  expect(demandOf(2, 2)).toBe('normal');
  expect(demandOf(5, 3)).toBe('high');
  expect(demandOf(10, 1)).toBe('low');
  expect(demandOf(10, 2)).toBe('normal');
  expect(tradeInPrice(policy, piece({ listed: 5, sold: 4 }))).toMatchObject({ cents: 3300, demand: 'high', demandPercent: 110 });
  expect(tradeInPrice(policy, piece({ listed: 10, sold: 0 }))).toMatchObject({ cents: 2550, demand: 'low', demandPercent: 85 });
});

it('makes no offer under €1, and the bonus is the percentage of the price rounded down', () => {
  expect(tradeInPrice(policy, piece({ originalCents: 300 }))).toBeNull();
  expect(bonusCents(2399, 20)).toBe(479);
  expect(bonusCents(2399, 0)).toBe(0);
});
