import { CURRENT_PASSWORD_WRONG, STEP_UP_MINUTES, type StepUpResult } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { apiError, fieldError, HttpError } from '../../core/errors';
import { verifyPassword } from './passwords';
import { proofSubject } from './accounts';

declare module 'fastify' {
  interface FastifyInstance {
    stepUp: ReturnType<typeof createStepUp>;
  }
}

/**
 * Step-up: a session token alone never moves money out. A payout change, a bank transfer
 * and a main-shop code need a proof on the session younger than STEP_UP_MINUTES: the password, or
 * for an account without one a 6-digit code mailed to it. The proof belongs to the session that
 * gave it, so another device's token (a stolen one) has none.
 */
export function createStepUp(app: FastifyInstance) {
  const { config, clock, customersRepository: customers, throttle } = app;
  const windowMs = STEP_UP_MINUTES * 60_000;

  return {
    async sendCode(customerId: number, address: string): Promise<void> {
      const customer = await customers.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      await app.emailProofs.send('step_up', proofSubject(customer), address);
    },

    /** Checks the password or the code (wrong ones count as failed sign-ins) and notes the proof on the session. */
    async prove(customerId: number, sessionId: number, proof: { password: string } | { code: string }, address: string): Promise<StepUpResult> {
      const customer = await customers.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      await throttle.failures(
        [
          { key: `stepup:${customerId}`, max: config.LOGIN_MAX_FAILURES_PER_ADDRESS },
          { key: `login:ip:${address}`, max: config.LOGIN_MAX_FAILURES },
        ],
        async () => {
          if ('code' in proof) return app.emailProofs.useCode('step_up', { customerId, email: customer.email }, proof.code);
          if (!(await verifyPassword(proof.password, customer.password_hash))) {
            throw fieldError('password', CURRENT_PASSWORD_WRONG);
          }
        },
        (error) => error instanceof HttpError && error.statusCode === 422,
      );
      const now = clock.now();
      await app.db.query('UPDATE sessions SET proven_at = $2 WHERE id = $1 AND customer_id = $3', [sessionId, now, customerId]);
      return { proven_until: new Date(now.getTime() + windowMs).toISOString() };
    },

    /** Refuses (403 `step_up_required`) unless the session proved its owner within STEP_UP_MINUTES. */
    async require(sessionId: number | null, tx: Queryable = app.db): Promise<void> {
      if (sessionId === null) throw apiError(403, 'step_up_required');
      const { rows } = await tx.query<{ proven_at: Date | string | null }>('SELECT proven_at FROM sessions WHERE id = $1', [sessionId]);
      const provenAt = rows[0]?.proven_at;
      if (!provenAt || clock.now().getTime() - new Date(provenAt).getTime() > windowMs) throw apiError(403, 'step_up_required');
    },
  };
}

export default fp(
  async function stepUp(app: FastifyInstance) {
    app.decorate('stepUp', createStepUp(app));
  },
  { name: 'step-up', dependencies: ['config', 'clock', 'db', 'customers-repository', 'throttle', 'email-proofs'] },
);
