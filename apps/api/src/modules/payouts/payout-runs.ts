import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addBusinessDays, lisbonDate } from '@preloved/contract';

declare module 'fastify' {
  interface FastifyInstance {
    payoutRuns: PayoutRuns;
  }
}

export interface PayoutRuns {
  /** Marks paid every requested bank transfer whose payout day has come; answers their references. */
  payDue(): Promise<string[]>;
}

/**
 * The day a bank transfer requested at `requestedAt` is paid: the next business day in Lisbon
 * (weekends and Portugal's national holidays skipped), as a Lisbon date.
 */
export const payoutDay = (requestedAt: Date) => addBusinessDays(lisbonDate(requestedAt), 1);

/**
 * Payouts marked paid (item 2). When: a transfer requested on any day is paid by the payout
 * run of the NEXT business day in Lisbon (a SEPA credit transfer is sent in the bank's batch of that
 * morning and arrives the same day): requested on a Monday, paid on Tuesday; on a Friday, a Saturday
 * or a Sunday, paid on Monday (Tuesday when Monday is a holiday). The store does not talk to a bank
 * here: "paid" is the moment the run hands the transfer to the bank, shown as the row's `paid` status.
 *
 * The `payouts-paid` job looks every 15 minutes (once per tick across instances, and a missed tick —
 * every instance stopped — is caught up by the next: the run pays whatever is due, not "today's").
 * Paying is one conditional update per transfer (`paid_at IS NULL`), so two runs at once, or a run
 * retried after a crash, pay each transfer once. The ledger does not move: the money left the
 * wallet when the transfer was requested (its two rows); `paid_at` only records the bank's hand-over.
 */
function payoutRuns(app: FastifyInstance): PayoutRuns {
  const { db, clock } = app;
  return {
    async payDue() {
      // The stand-in: with a real payout provider a bank transfer is paid when the operator
      // confirms its SEPA batch (sepa-batches.ts), or is not made at all (Stripe Connect).
      if (app.config.PAYOUT_PROVIDER !== 'test') return [];
      const now = clock.now();
      const today = lisbonDate(now);
      const { rows } = await db.query<{ reference: string; requested_at: Date | string }>(
        `SELECT reference, min(created_at) AS requested_at FROM wallet_entries
          WHERE paid_at IS NULL AND type IN ('bank_transfer', 'transaction_fee') AND created_at <= $1
          GROUP BY reference ORDER BY 2`,
        [now],
      );
      const due = rows.filter((row) => payoutDay(new Date(row.requested_at)) <= today).map((row) => row.reference);
      if (due.length === 0) return [];
      const paid = await db.query<{ reference: string }>(
        `UPDATE wallet_entries SET paid_at = $2 WHERE reference = ANY($1::text[]) AND paid_at IS NULL AND type IN ('bank_transfer', 'transaction_fee')
         RETURNING reference`,
        [due, now],
      );
      return [...new Set(paid.rows.map((row) => row.reference))];
    },
  };
}

export default fp(
  async function payoutRunsPlugin(app: FastifyInstance) {
    const runs = payoutRuns(app);
    app.decorate('payoutRuns', runs);
    app.jobs.define('payouts-paid', async () => {
      const paid = await runs.payDue();
      if (paid.length) app.log.info({ transfers: paid }, 'bank transfers paid');
    });
    app.jobs.every('payouts-paid', '*/15 * * * *');
  },
  { name: 'payout-runs', dependencies: ['config', 'clock', 'db', 'jobs'] },
);
