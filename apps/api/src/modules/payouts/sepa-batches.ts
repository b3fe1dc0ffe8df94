import { randomUUID } from 'node:crypto';
import { addBusinessDays, isBusinessDay, lisbonDate, type SepaBatch } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { apiError, notFound } from '../../core/errors';
import { euros } from '../../core/money';
import { pain001 } from './sepa-file';

declare module 'fastify' {
  interface FastifyInstance {
    sepaBatches: SepaBatches;
  }
}

interface BatchRow {
  id: number;
  message_id: string;
  transfers: number;
  total_cents: number | string;
  xml: string;
  created_at: Date | string;
  confirmed_at: Date | string | null;
  cancelled_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Real payouts from the brand's own bank (PAYOUT_PROVIDER=sepa). The bank transfers sellers
 * request (wallet.ts: the money left the wallet then) are no longer marked paid by a job: the operator
 * makes a batch of every due one (requested, not paid, in no open batch, the account not frozen) as a
 * pain.001.001.09 file from SEPA_DEBTOR_*, uploads it to the bank, and confirms the batch, which marks
 * its transfers paid; or cancels it before, and its transfers are due again. A transfer is in one open
 * batch at a time (a unique index), so two batches made at once never repeat one.
 */
export function sepaBatches(app: FastifyInstance) {
  const { db, config, clock } = app;
  const offered = config.PAYOUT_PROVIDER === 'sepa';

  function guard() {
    if (!offered) throw apiError(404, 'sepa_not_provider');
  }

  async function view(row: BatchRow, tx: Queryable = db): Promise<SepaBatch> {
    const references = await tx.query<{ reference: string }>('SELECT reference FROM sepa_batch_transfers WHERE batch_id = $1 ORDER BY reference', [row.id]);
    return {
      id: row.id,
      message_id: row.message_id,
      status: row.confirmed_at ? 'confirmed' : row.cancelled_at ? 'cancelled' : 'open',
      transfers: row.transfers,
      total: euros(Number(row.total_cents)),
      references: references.rows.map((reference) => reference.reference),
      created_at: iso(row.created_at)!,
      confirmed_at: iso(row.confirmed_at),
      cancelled_at: iso(row.cancelled_at),
      xml: row.xml,
    };
  }

  async function locked(id: number, tx: Queryable): Promise<BatchRow> {
    const row = (await tx.query<BatchRow>('SELECT * FROM sepa_batches WHERE id = $1 FOR UPDATE', [id])).rows[0];
    if (!row) throw notFound('SEPA batch');
    return row;
  }

  return {
    offered,

    /** A batch of every due bank transfer, and its file; 409 `no_due_transfers` when none is due. */
    async create(): Promise<SepaBatch> {
      guard();
      return db.transaction(async (tx) => {
        const now = clock.now();
        const batch = (await tx.query<{ id: number }>("INSERT INTO sepa_batches (message_id, transfers, total_cents, xml, created_at) VALUES ($1, 0, 0, '', $2) RETURNING id", [`new-${randomUUID()}`, now]))
          .rows[0]!.id;
        const taken = await tx.query<{ reference: string }>(
          `INSERT INTO sepa_batch_transfers (batch_id, reference, amount_cents)
           SELECT $1, e.reference, -e.amount_cents FROM wallet_entries e
           WHERE e.type = 'bank_transfer' AND e.paid_at IS NULL AND e.created_at <= $2
             AND NOT EXISTS (SELECT 1 FROM sepa_batch_transfers s WHERE s.reference = e.reference AND s.active)
             AND NOT EXISTS (SELECT 1 FROM payout_preferences p WHERE p.customer_id = e.customer_id AND p.frozen_at IS NOT NULL)
           ORDER BY e.id
           ON CONFLICT DO NOTHING RETURNING reference`,
          [batch, now],
        );
        if (taken.rows.length === 0) throw apiError(409, 'no_due_transfers');
        const { rows } = await tx.query<{ reference: string; cents: number; iban: string; first_name: string; last_name: string }>(
          `SELECT s.reference, s.amount_cents AS cents, e.iban, c.first_name, c.last_name
           FROM sepa_batch_transfers s JOIN wallet_entries e ON e.reference = s.reference AND e.type = 'bank_transfer' JOIN customers c ON c.id = e.customer_id
           WHERE s.batch_id = $1 ORDER BY e.id`,
          [batch],
        );
        const today = lisbonDate(now);
        // Unique: the batch's id is; the date tells the bank's staff which day's file it is.
        const messageId = `PRELOVED-${today.replaceAll('-', '')}-${batch}`;
        const xml = pain001({
          messageId,
          createdAt: now,
          // The bank executes a file on a business day: today's, or the next.
          executionDate: isBusinessDay(today) ? today : addBusinessDays(today, 1),
          debtor: { name: config.SEPA_DEBTOR_NAME ?? '', iban: config.SEPA_DEBTOR_IBAN ?? '', bic: config.SEPA_DEBTOR_BIC },
          transfers: rows.map((row) => ({
            endToEndId: row.reference,
            amountCents: row.cents,
            creditorName: `${row.first_name} ${row.last_name}`,
            creditorIban: row.iban,
            remittance: `Preloved ${row.reference}`,
          })),
        });
        const total = rows.reduce((sum, row) => sum + row.cents, 0);
        const saved = await tx.query<BatchRow>('UPDATE sepa_batches SET message_id = $2, transfers = $3, total_cents = $4, xml = $5 WHERE id = $1 RETURNING *', [batch, messageId, rows.length, total, xml]);
        return view(saved.rows[0]!, tx);
      });
    },

    async get(id: number): Promise<SepaBatch> {
      guard();
      const row = (await db.query<BatchRow>('SELECT * FROM sepa_batches WHERE id = $1', [id])).rows[0];
      if (!row) throw notFound('SEPA batch');
      return view(row);
    },

    /** The bank took the file: its transfers are paid (both rows of each, as the test payout run marks them). Again: the same answer. */
    async confirm(id: number): Promise<SepaBatch> {
      guard();
      return db.transaction(async (tx) => {
        const row = await locked(id, tx);
        if (row.cancelled_at) throw apiError(409, 'sepa_batch_cancelled');
        if (row.confirmed_at) return view(row, tx);
        const now = clock.now();
        await tx.query(
          `UPDATE wallet_entries SET paid_at = $2 WHERE type IN ('bank_transfer', 'transaction_fee') AND paid_at IS NULL
             AND reference IN (SELECT reference FROM sepa_batch_transfers WHERE batch_id = $1 AND active)`,
          [id, now],
        );
        return view((await tx.query<BatchRow>('UPDATE sepa_batches SET confirmed_at = $2 WHERE id = $1 RETURNING *', [id, now])).rows[0]!, tx);
      });
    },

    /** Before confirming: the batch is dropped and its transfers are due again (the next batch takes them). */
    async cancel(id: number): Promise<SepaBatch> {
      guard();
      return db.transaction(async (tx) => {
        const row = await locked(id, tx);
        if (row.confirmed_at) throw apiError(409, 'sepa_batch_confirmed');
        if (row.cancelled_at) return view(row, tx);
        await tx.query('UPDATE sepa_batch_transfers SET active = false WHERE batch_id = $1', [id]);
        return view((await tx.query<BatchRow>('UPDATE sepa_batches SET cancelled_at = $2 WHERE id = $1 RETURNING *', [id, clock.now()])).rows[0]!, tx);
      });
    },
  };
}
export type SepaBatches = ReturnType<typeof sepaBatches>;

export default fp(
  async function sepaBatchesPlugin(app: FastifyInstance) {
    app.decorate('sepaBatches', sepaBatches(app));
  },
  { name: 'sepa-batches', dependencies: ['config', 'clock', 'db'] },
);
