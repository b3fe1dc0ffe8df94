import { randomBytes } from 'node:crypto';
import type { AccountDeletionResult, PrivacyExport } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors';

declare module 'fastify' {
  interface FastifyInstance {
    privacy: ReturnType<typeof createPrivacy>;
  }
}

/** A unique address no mail can reach (RFC 2606's .invalid): the e-mail column stays unique and NOT NULL. */
const placeholderEmail = (customerId: number) => `deleted-${customerId}-${randomBytes(6).toString('hex')}@deleted.invalid`;

/** The person's GDPR rights: a copy of everything held about them, and the deletion of their account. */
export function createPrivacy(app: FastifyInstance) {
  const { db, clock, privacyRepository: repository } = app;
  const publicUrl = app.config.PUBLIC_URL.replace(/\/$/, '');

  return {
    async export(customerId: number): Promise<PrivacyExport> {
      const customer = await app.customersRepository.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      const data = await repository.exportRows(customerId, customer.email);
      const photos = (await repository.photoPaths(customerId)).map((path) => (path.startsWith('/') ? `${publicUrl}${path}` : path));
      return { exported_at: clock.now().toISOString(), customer_id: customerId, data, photos };
    },

    /**
     * Deletes the account of the session's owner: a step-up proof on the session first (`password` gives
     * it), then, in one transaction with the person's row locked, refused (409) while anything is open
     * (privacy-repository.ts OPEN_CHECKS, and wallet credit), else every privacy rule's erase runs.
     */
    async deleteAccount(customerId: number, sessionId: number | null, password: string | undefined, address: string): Promise<AccountDeletionResult> {
      if (password && sessionId !== null) await app.stepUp.prove(customerId, sessionId, { password }, address);
      await app.stepUp.require(sessionId);
      const deletedAt = clock.now();
      await db.transaction(async (tx) => {
        const live = await repository.lockLive(customerId, tx);
        if (!live) throw apiError(401, 'session_ended');
        const blocker = await repository.openBlocker(customerId, tx);
        if (blocker) throw apiError(409, blocker);
        const wallet = await app.wallet.wallet(customerId, 1, 1, tx);
        if (wallet.total_credit > 0) throw apiError(409, 'account_has_credit', { params: { amount: wallet.total_credit } });
        await repository.erase(customerId, live.email, placeholderEmail(customerId), tx);
      });
      return { deleted: true, deleted_at: deletedAt.toISOString() };
    },
  };
}

export default fp(
  async function privacy(app: FastifyInstance) {
    app.decorate('privacy', createPrivacy(app));
  },
  { name: 'privacy', dependencies: ['config', 'clock', 'db', 'customers-repository', 'step-up', 'wallet', 'privacy-repository'] },
);
