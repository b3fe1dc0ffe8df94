import { DEFAULT_TRADE_IN_POLICY, TradeInPolicy, CATEGORY_CLOTHING } from '@preloved/contract';
import type { Queryable } from '../../db/db';

const KEY = 'trade_in';

/**
 * The demo's starting table (DEMO=true, until an admin saves one): clothing at 30 % and bags at 35 % of
 * the original price, accessories not taken in. A real store takes nothing in until its admin sets a table.
 */
export const DEMO_TRADE_IN_POLICY: TradeInPolicy = {
  ...DEFAULT_TRADE_IN_POLICY,
  rules: [
    { category_id: CATEGORY_CLOTHING, product_id: null, accepted: true, percent: 30, amount: null },
    { category_id: 7, product_id: null, accepted: true, percent: 35, amount: null },
    { category_id: 11, product_id: null, accepted: false, percent: null, amount: null },
  ],
};

/** The brand's trade-in policy (store_settings 'trade_in'); without one, the demo's table in the demo and an empty one otherwise. */
export async function tradeInPolicy(db: Queryable, demo: boolean): Promise<TradeInPolicy> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM store_settings WHERE key = $1', [KEY]);
  const parsed = TradeInPolicy.safeParse(rows[0]?.value);
  if (parsed.success) return parsed.data;
  return demo ? DEMO_TRADE_IN_POLICY : DEFAULT_TRADE_IN_POLICY;
}

export async function saveTradeInPolicy(tx: Queryable, policy: TradeInPolicy): Promise<void> {
  await tx.query(
    `INSERT INTO store_settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [KEY, JSON.stringify(policy)],
  );
}
