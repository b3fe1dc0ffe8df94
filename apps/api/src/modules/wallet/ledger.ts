import { addBusinessDays, lisbonDate } from '@preloved/contract';

// The ledger's rules with no database in them, so a property test can run them over random histories.

const HOUR = 60 * 60 * 1000;

/**
 * When the test carrier reports a package delivered: `businessDays` Portuguese business days after
 * the day it was shipped (Lisbon), at the hour it was shipped.
 */
export function testDeliveryAt(shippedAt: Date, businessDays: number): Date {
  const shipped = lisbonDate(shippedAt);
  return new Date(shippedAt.getTime() + (Date.parse(addBusinessDays(shipped, businessDays)) - Date.parse(shipped)));
}

/** What a sale's deposit's release depends on (funds are released by delivery, not by a click). */
export interface ReleaseFacts {
  /** The carrier's delivery (null: not reported). */
  deliveredAt: Date | null;
  /** The buyer's "all is well" (POST /orders/{id}/received). */
  confirmedAt: Date | null;
  /** The buyer's "I have a problem": the deposit is frozen until an operator resolves it. */
  problemReportedAt: Date | null;
  /** The operator's refund or release. */
  resolvedAt: Date | null;
  /** A chargeback: opened at the buyer's bank, and closed (won or lost). */
  disputeOpenedAt?: Date | null;
  disputeClosedAt?: Date | null;
}

/**
 * When a sale's deposit becomes available: `protectionHours` after the carrier's delivery; the
 * buyer's "all is well" ends that window early, never before the delivery. A problem reported
 * before that freezes it (null) until an operator resolves it: then at once (a refund takes it back
 * in its own row). Null while no delivery is reported: it stays pending.
 */
export function depositAvailableFrom(facts: ReleaseFacts, settings: { protectionHours: number }): Date | null {
  let normal: Date | null = null;
  if (facts.deliveredAt) {
    const windowEnd = facts.deliveredAt.getTime() + settings.protectionHours * HOUR;
    normal = new Date(facts.confirmedAt ? Math.min(windowEnd, Math.max(facts.deliveredAt.getTime(), facts.confirmedAt.getTime())) : windowEnd);
  }
  // A problem reported after the release changes nothing already released.
  const released = facts.problemReportedAt && !(normal && normal.getTime() <= facts.problemReportedAt.getTime()) ? facts.resolvedAt : normal;
  // A chargeback opened before the release freezes it until it is closed: then at once (won), or
  // taken back in its own row at that moment (lost); a problem still open keeps it frozen.
  if (facts.disputeOpenedAt && !(released && released.getTime() <= facts.disputeOpenedAt.getTime())) {
    if (!facts.disputeClosedAt || (facts.problemReportedAt && !facts.resolvedAt)) return null;
    return facts.disputeClosedAt;
  }
  return released;
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
