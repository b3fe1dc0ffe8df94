import type { HeldIban, Transfer } from '@preloved/contract';
import type { Queryable } from '../../db/db';
import { isoColumn } from './sql';

const NAME = `trim(c.first_name || ' ' || c.last_name)`;

/**
 * Sellers whose new IBAN is still on hold at `now`, the soonest release first, with what finance weighs:
 * the account's age, whether the brand verified it and its sales (its money: the wallet's own balance).
 */
export async function heldIbans(db: Queryable, now: Date): Promise<Omit<HeldIban, 'available'>[]> {
  const { rows } = await db.query<Omit<HeldIban, 'available'>>(
    `SELECT c.id AS customer_id, ${NAME} AS name, c.email, left(p.iban, 2) || ' •••• ' || right(p.iban, 4) AS iban,
            ${isoColumn('p.iban_hold_until')} AS hold_until, p.frozen_at IS NOT NULL AS frozen, ${isoColumn('c.created_at')} AS account_since, c.verified,
            (SELECT count(*)::int FROM order_packages k WHERE k.seller_id = c.id) AS sales
       FROM payout_preferences p JOIN customers c ON c.id = p.customer_id
      WHERE p.iban_hold_until > $1 ORDER BY p.iban_hold_until, c.id LIMIT 200`,
    [now],
  );
  return rows;
}

/** The hold of a seller's IBAN, for the audit entry's before; null when none is running. */
export async function holdOf(tx: Queryable, customerId: number, now: Date): Promise<string | null> {
  const { rows } = await tx.query<{ hold_until: string }>(`SELECT ${isoColumn('iban_hold_until')} AS hold_until FROM payout_preferences WHERE customer_id = $1 AND iban_hold_until > $2 FOR UPDATE`, [customerId, now]);
  return rows[0]?.hold_until ?? null;
}

export async function endHold(tx: Queryable, customerId: number, now: Date): Promise<void> {
  await tx.query('UPDATE payout_preferences SET iban_hold_until = $2, updated_at = now() WHERE customer_id = $1', [customerId, now]);
}

export async function freezePayouts(tx: Queryable, customerId: number): Promise<void> {
  await tx.query('UPDATE payout_preferences SET frozen_at = coalesce(frozen_at, now()), updated_at = now() WHERE customer_id = $1', [customerId]);
}

/**
 * Money that left (or is leaving) sellers' wallets, newest first: bank transfers (due until a SEPA batch
 * holds them, sent in an unconfirmed batch, paid once the bank confirmed it) and Stripe transfers.
 */
export async function transfers(db: Queryable, state: Transfer['state'] | undefined): Promise<Transfer[]> {
  const { rows } = await db.query<Transfer & { amount: string | number }>(
    `SELECT * FROM (
       SELECT 'bank_transfer' AS kind, e.reference, e.customer_id, ${NAME} AS name, -e.amount_cents / 100.0 AS amount,
              CASE WHEN b.confirmed_at IS NOT NULL THEN 'paid' WHEN b.id IS NOT NULL THEN 'sent' ELSE 'due' END AS state, ${isoColumn('e.created_at')} AS at, e.created_at AS sort_at
         FROM wallet_entries e JOIN customers c ON c.id = e.customer_id
         LEFT JOIN sepa_batch_transfers t ON t.reference = e.reference AND t.active
         LEFT JOIN sepa_batches b ON b.id = t.batch_id AND b.cancelled_at IS NULL
        WHERE e.type = 'bank_transfer'
       UNION ALL
       SELECT 'stripe', coalesce(s.transfer_id, 'package ' || s.package_id), s.customer_id, ${NAME}, s.amount_cents / 100.0,
              CASE s.status WHEN 'pending' THEN 'due' ELSE s.status END, ${isoColumn('s.created_at')}, s.created_at
         FROM connect_transfers s JOIN customers c ON c.id = s.customer_id
     ) money WHERE $1::text IS NULL OR state = $1 ORDER BY sort_at DESC LIMIT 500`,
    [state ?? null],
  );
  return rows.map(({ sort_at: _sortAt, ...row }: Transfer & { amount: string | number; sort_at?: unknown }) => ({ ...row, amount: Number(row.amount) }));
}
