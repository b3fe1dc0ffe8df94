import { DEFAULT_MODERATION_POLICY, ModerationPolicy } from '@preloved/contract';
import type { Queryable } from '../../db/db';

/** The brand's moderation policy (store_settings 'moderation'); none until an admin sets one. */
export async function moderationPolicy(tx: Queryable): Promise<ModerationPolicy> {
  const { rows } = await tx.query<{ value: unknown }>(`SELECT value FROM store_settings WHERE key = 'moderation'`);
  const parsed = ModerationPolicy.safeParse(rows[0]?.value);
  return parsed.success ? parsed.data : DEFAULT_MODERATION_POLICY;
}

export async function saveModerationPolicy(tx: Queryable, policy: ModerationPolicy): Promise<void> {
  await tx.query(
    `INSERT INTO store_settings (key, value) VALUES ('moderation', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [JSON.stringify(policy)],
  );
}

/**
 * Whether a seller's new listing waits for a moderator: every one ('all'), the seller's first N
 * ('first': counted before this one is written), never at listing time otherwise ('flagged' holds
 * what shoppers report, 'none' nothing).
 */
export async function holdsNewListing(tx: Queryable, sellerId: number): Promise<boolean> {
  const policy = await moderationPolicy(tx);
  if (policy.mode === 'all') return true;
  if (policy.mode !== 'first') return false;
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE seller_id = $1', [sellerId]);
  return rows[0]!.n < policy.first_n;
}
