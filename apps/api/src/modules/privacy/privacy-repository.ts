import type { AccountDeletionBlocker } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { PRIVACY_RULES } from './privacy-rules';

declare module 'fastify' {
  interface FastifyInstance {
    privacyRepository: ReturnType<typeof privacyRepository>;
  }
}

/**
 * What counts as open, so the account cannot go yet (each a 409 code, checked in this order):
 * - an order bought by the person that is neither delivered nor cancelled (the buyer may still need
 *   to report a problem and be refunded);
 * - a sale (a package of theirs) not cancelled whose order is not delivered yet;
 * - a problem reported or a card dispute not closed, on an order of theirs or one holding a package of theirs;
 * - a bank transfer not yet paid or a Stripe transfer still pending;
 * - wallet credit (pending deposits too): the seller transfers it or turns it into a code first;
 * - a trade-in on its way to the hub, at the hub or re-priced: it is paid or sent back first.
 */
const OPEN_CHECKS: { code: Exclude<AccountDeletionBlocker, 'account_has_credit'>; sql: string }[] = [
  { code: 'account_open_orders', sql: "SELECT 1 FROM orders WHERE customer_id = $1 AND status <> 'delivered' AND cancelled_at IS NULL LIMIT 1" },
  {
    code: 'account_open_sales',
    sql: "SELECT 1 FROM order_packages k JOIN orders o ON o.id = k.order_id WHERE k.seller_id = $1 AND k.cancelled_at IS NULL AND o.cancelled_at IS NULL AND o.status <> 'delivered' LIMIT 1",
  },
  {
    code: 'account_open_dispute',
    sql: `SELECT 1 FROM orders o
          WHERE (o.customer_id = $1 OR EXISTS (SELECT 1 FROM order_packages k WHERE k.order_id = o.id AND k.seller_id = $1))
            AND ((o.problem_reported_at IS NOT NULL AND o.problem_resolved_at IS NULL) OR (o.dispute_opened_at IS NOT NULL AND o.dispute_closed_at IS NULL))
          LIMIT 1`,
  },
  { code: 'account_open_trade_in', sql: "SELECT 1 FROM trade_ins WHERE customer_id = $1 AND status IN ('sent', 'at_hub', 'repriced') LIMIT 1" },
  {
    code: 'account_pending_payout',
    sql: `SELECT 1 FROM wallet_entries WHERE customer_id = $1 AND type = 'bank_transfer' AND paid_at IS NULL
          UNION ALL SELECT 1 FROM connect_transfers WHERE customer_id = $1 AND status = 'pending' LIMIT 1`,
  },
];

export function privacyRepository(app: FastifyInstance) {
  return {
    /** Every rule's rows for the person, by table (the export's `data`). */
    async exportRows(customerId: number, email: string, tx: Queryable = app.db): Promise<Record<string, Record<string, unknown>[]>> {
      const data: Record<string, Record<string, unknown>[]> = {};
      for (const [table, rule] of Object.entries(PRIVACY_RULES)) {
        const { rows } = await tx.query<Record<string, unknown>>(...bind(rule.select, [customerId, email]));
        data[table] = rows;
      }
      return data;
    },

    /** The photos the person uploaded: those of their listings and uploads not used yet, as stored paths. */
    async photoPaths(customerId: number, tx: Queryable = app.db): Promise<string[]> {
      const { rows } = await tx.query<{ path: string }>(
        `SELECT DISTINCT path FROM (
           SELECT unnest(photos) AS path FROM listings WHERE seller_id = $1
           UNION ALL SELECT '/api/photos/' || name || '.webp' FROM photo_uploads WHERE customer_id = $1
           UNION ALL SELECT '/api/photos/' || ph.name || '.webp' FROM thread_message_photos ph JOIN thread_messages m ON m.id = ph.message_id WHERE m.sender_id = $1) p
         ORDER BY path`,
        [customerId],
      );
      return rows.map((row) => row.path);
    },

    /** Locks the person's row for the deletion; null when there is no such live account. */
    async lockLive(customerId: number, tx: Queryable): Promise<{ email: string } | null> {
      const { rows } = await tx.query<{ email: string }>('SELECT email FROM customers WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [customerId]);
      return rows[0] ?? null;
    },

    /** The first open thing that keeps the account (OPEN_CHECKS), or null. */
    async openBlocker(customerId: number, tx: Queryable): Promise<AccountDeletionBlocker | null> {
      for (const check of OPEN_CHECKS) {
        const { rows } = await tx.query(check.sql, [customerId]);
        if (rows.length > 0) return check.code;
      }
      return null;
    },

    /** Runs every rule's erase statements: deletes or anonymises; the kept records stay, minimised. */
    async erase(customerId: number, email: string, placeholder: string, tx: Queryable): Promise<void> {
      // The customers row last: the other rules find the person by their e-mail before it is replaced.
      const rules = Object.entries(PRIVACY_RULES).sort(([a], [b]) => Number(a === 'customers') - Number(b === 'customers'));
      for (const [, rule] of rules) {
        for (const statement of rule.erase) await tx.query(...bind(statement, [customerId, email, placeholder]));
      }
    },
  };
}

/**
 * The statement with only the parameters it uses, renumbered ($2 alone becomes $1): PostgreSQL cannot
 * type a parameter a statement never mentions.
 */
function bind(sql: string, values: unknown[]): [string, unknown[]] {
  const used = [...new Set([...sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])))].sort((a, b) => a - b);
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => `$${used.indexOf(Number(n)) + 1}`);
  return [text, used.map((n) => values[n - 1])];
}

export default fp(
  async function privacyRepositoryPlugin(app: FastifyInstance) {
    app.decorate('privacyRepository', privacyRepository(app));
  },
  { name: 'privacy-repository', dependencies: ['db'] },
);
