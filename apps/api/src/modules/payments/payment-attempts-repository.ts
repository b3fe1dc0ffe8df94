import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    paymentAttemptsRepository: PaymentAttemptsRepository;
  }
}

export interface AttemptRow {
  id: string;
  idempotency_key: string;
  request_hash: string;
  customer_id: number | null;
  status: 'processing' | 'requires_action' | 'done';
  pending: unknown;
  response_status: number | null;
  response_body: unknown;
  order_id: number | null;
}

const COLUMNS = 'id, idempotency_key, request_hash, customer_id, status, pending, response_status, response_body, order_id';

export type Claim = { claimed: true; id: string } | { claimed: false; attempt: AttemptRow };

/**
 * Payment attempts keyed by the client's Idempotency-Key (unique in the table). Claiming inserts
 * the key first: of two requests with one key, exactly one inserts; the other reads the attempt and
 * waits for its answer.
 */
export function paymentAttemptsRepository(db: Queryable) {
  const repo = {
    async claim(key: string, requestHash: string, customerId: number | null, staleSeconds: number, tx: Queryable = db): Promise<Claim> {
      const id = `pa_${randomBytes(16).toString('hex')}`;
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO payment_attempts (id, idempotency_key, request_hash, customer_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        [id, key, requestHash, customerId],
      );
      if (inserted.rows[0]) return { claimed: true, id: inserted.rows[0].id };
      // An attempt left 'processing' by an instance that died is taken over by the same request.
      const takenOver = await tx.query<{ id: string }>(
        `UPDATE payment_attempts SET claimed_at = now()
         WHERE idempotency_key = $1 AND request_hash = $2 AND status = 'processing' AND pending IS NULL AND claimed_at < now() - make_interval(secs => $3)
         RETURNING id`,
        [key, requestHash, staleSeconds],
      );
      if (takenOver.rows[0]) return { claimed: true, id: takenOver.rows[0].id };
      const attempt = await repo.byKey(key, tx);
      if (!attempt) throw new Error('payment attempt vanished');
      return { claimed: false, attempt };
    },

    async byKey(key: string, tx: Queryable = db): Promise<AttemptRow | null> {
      const { rows } = await tx.query<AttemptRow>(`SELECT ${COLUMNS} FROM payment_attempts WHERE idempotency_key = $1`, [key]);
      return rows[0] ?? null;
    },

    async byId(id: string, tx: Queryable = db): Promise<AttemptRow | null> {
      const { rows } = await tx.query<AttemptRow>(`SELECT ${COLUMNS} FROM payment_attempts WHERE id = $1`, [id]);
      return rows[0] ?? null;
    },

    /** Takes a 'requires_action' attempt for its confirmation; one caller wins, the others wait. */
    async claimConfirmation(id: string, staleSeconds: number, tx: Queryable = db): Promise<AttemptRow | null> {
      const { rows } = await tx.query<AttemptRow>(
        `UPDATE payment_attempts SET status = 'processing', claimed_at = now()
         WHERE id = $1 AND (status = 'requires_action' OR (status = 'processing' AND pending IS NOT NULL AND claimed_at < now() - make_interval(secs => $2)))
         RETURNING ${COLUMNS}`,
        [id, staleSeconds],
      );
      return rows[0] ?? null;
    },

    /** The attempt's final answer; in the order's transaction when an order was made. */
    async finish(id: string, status: number, body: unknown, orderId: number | null, tx: Queryable = db): Promise<void> {
      await tx.query(
        `UPDATE payment_attempts SET status = 'done', response_status = $2, response_body = $3, order_id = $4, pending = NULL WHERE id = $1`,
        [id, status, JSON.stringify(body), orderId],
      );
    },

    /** The card asked for the shopper's extra step: keep what the confirmation needs. */
    async awaitAction(id: string, pending: unknown, status: number, body: unknown, tx: Queryable = db): Promise<void> {
      await tx.query(
        `UPDATE payment_attempts SET status = 'requires_action', pending = $2, response_status = $3, response_body = $4 WHERE id = $1`,
        [id, JSON.stringify(pending), status, JSON.stringify(body)],
      );
    },

    /** Gives the key back after an unexpected failure before anything was decided, so a retry can run. */
    async release(id: string, tx: Queryable = db): Promise<void> {
      await tx.query(`DELETE FROM payment_attempts WHERE id = $1 AND status = 'processing' AND pending IS NULL`, [id]);
    },

    /** Puts a confirmation back to 'requires_action' after an unexpected failure. */
    async reopen(id: string, tx: Queryable = db): Promise<void> {
      await tx.query(`UPDATE payment_attempts SET status = 'requires_action' WHERE id = $1 AND status = 'processing' AND pending IS NOT NULL`, [id]);
    },

    /** Whether Stripe's webhook event `id` was handled already. */
    async webhookSeen(id: string, tx: Queryable = db): Promise<boolean> {
      return (await tx.query('SELECT 1 FROM stripe_webhook_events WHERE id = $1', [id])).rows.length > 0;
    },

    /** Records a handled webhook event (once). */
    async recordWebhook(id: string, type: string, intentId: string | null, tx: Queryable = db): Promise<void> {
      await tx.query('INSERT INTO stripe_webhook_events (id, type, payment_intent) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [id, type, intentId]);
    },
  };
  return repo;
}
export type PaymentAttemptsRepository = ReturnType<typeof paymentAttemptsRepository>;

export default fp(
  async function paymentAttemptsRepositoryPlugin(app: FastifyInstance) {
    app.decorate('paymentAttemptsRepository', paymentAttemptsRepository(app.db));
  },
  { name: 'payment-attempts-repository', dependencies: ['db'] },
);
