import { addBusinessDays, lisbonDate } from '../../../lib/business-days';

// The ledger's rules with no database in them, so a property test can run them over random histories.

const DAY = 24 * 60 * 60 * 1000;

/**
 * When a sale's deposit becomes available: at once when the buyer confirms receipt (whatever the
 * clock says: the confirmation is the event), otherwise
 * `releaseDays` after the delivery date (shipping day in Lisbon + `deliveryBusinessDays`, as the
 * buyer's order page shows it). Null while the package is not shipped: it stays pending.
 */
export function depositAvailableFrom(
  shippedAt: Date | null,
  deliveredAt: Date | null,
  settings: { deliveryBusinessDays: number; releaseDays: number },
): Date | null {
  if (deliveredAt) return deliveredAt;
  if (!shippedAt) return null;
  const deliveryDate = addBusinessDays(lisbonDate(shippedAt), settings.deliveryBusinessDays);
  return new Date(Date.parse(`${deliveryDate}T00:00:00Z`) + settings.releaseDays * DAY);
}

export interface LedgerRow {
  amount_cents: number;
  /** Deposits only: when it is available (null: not yet known). Other rows: undefined. */
  available_from?: Date | null;
  deposit: boolean;
}

export const isPending = (row: LedgerRow, now: Date) =>
  row.deposit && (row.available_from === null || row.available_from === undefined || row.available_from.getTime() > now.getTime());

/** Total (every row), pending (deposits not yet available) and available (the rest), in cents. */
export function balances(rows: LedgerRow[], now: Date): { total: number; pending: number; available: number } {
  let total = 0;
  let pending = 0;
  for (const row of rows) {
    total += row.amount_cents;
    if (isPending(row, now)) pending += row.amount_cents;
  }
  return { total, pending, available: total - pending };
}

/** What a bank transfer of `amount` cents pays and what it keeps as the fee, in cents (they add up to `amount`). */
export function transferSplit(amount: number, percent: number): { paid: number; fee: number } {
  const paid = Math.round((amount * percent) / 100);
  return { paid, fee: amount - paid };
}
