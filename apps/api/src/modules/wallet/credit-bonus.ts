import { CreditBonusPolicy, DEFAULT_CREDIT_BONUS } from '@preloved/contract';
import type { Queryable } from '../../db/db';

// The store-credit bonus: brand resale programs pay more in main-shop credit than in cash, to bring the
// money back to the main shop. A seller the brand verified who turns available credit (sales whose
// protection window has closed) into a main-shop code gets `percent` more, at most `monthly_cap` of
// bonus in a calendar month of Lisbon time. Buying one's own pieces through a second account therefore
// gains at most the cap a month, and an unverified account nothing (the money test proves both).

const KEY = 'credit_bonus';
/** The first moment of the Lisbon calendar month `$n` falls in. */
const monthStart = (param: string) => `(date_trunc('month', ${param}::timestamptz AT TIME ZONE 'Europe/Lisbon') AT TIME ZONE 'Europe/Lisbon')`;

/** The brand's policy (store_settings 'credit_bonus'); no bonus until an admin sets one. */
export async function creditBonusPolicy(db: Queryable): Promise<CreditBonusPolicy> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM store_settings WHERE key = $1', [KEY]);
  const parsed = CreditBonusPolicy.safeParse(rows[0]?.value);
  return parsed.success ? parsed.data : DEFAULT_CREDIT_BONUS;
}

export async function saveCreditBonusPolicy(tx: Queryable, policy: CreditBonusPolicy): Promise<void> {
  await tx.query(
    `INSERT INTO store_settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [KEY, JSON.stringify(policy)],
  );
}

/**
 * The bonus a seller may still get this month, in cents, and the percentage: null when none (not
 * verified by the brand, a blocked account, or no bonus set).
 */
export async function bonusRoom(db: Queryable, customerId: number, now: Date): Promise<{ percent: number; remainingCents: number } | null> {
  const policy = await creditBonusPolicy(db);
  if (policy.percent === 0 || policy.monthly_cap === 0) return null;
  const { rows } = await db.query<{ verified: boolean; used: number }>(
    `SELECT c.verified AND c.blocked_at IS NULL AS verified,
            (SELECT coalesce(sum(d.bonus_cents), 0)::int FROM discount_codes d
              WHERE d.customer_id = c.id AND d.scope = 'main_store' AND d.created_at >= ${monthStart('$2')}) AS used
       FROM customers c WHERE c.id = $1`,
    [customerId, now],
  );
  const row = rows[0];
  if (!row?.verified) return null;
  return { percent: policy.percent, remainingCents: Math.max(0, Math.round(policy.monthly_cap * 100) - row.used) };
}

/** The bonus on a code made of `amountCents` of credit now: the percentage, cut to what is left of the month's cap. */
export async function bonusFor(tx: Queryable, customerId: number, amountCents: number, now: Date): Promise<number> {
  const room = await bonusRoom(tx, customerId, now);
  if (!room) return 0;
  return Math.min(Math.floor((amountCents * room.percent) / 100), room.remainingCents);
}

/** What the bonus has cost the brand, in cents: this month (Lisbon), in all, and on how many codes. */
export async function bonusCost(db: Queryable, now: Date): Promise<{ thisMonth: number; allTime: number; codes: number }> {
  const { rows } = await db.query<{ this_month: number; all_time: number; codes: number }>(
    `SELECT coalesce(sum(bonus_cents) FILTER (WHERE created_at >= ${monthStart('$1')}), 0)::int AS this_month,
            coalesce(sum(bonus_cents), 0)::int AS all_time, count(*)::int AS codes
       FROM discount_codes WHERE scope = 'main_store' AND bonus_cents > 0`,
    [now],
  );
  const row = rows[0]!;
  return { thisMonth: row.this_month, allTime: row.all_time, codes: row.codes };
}
