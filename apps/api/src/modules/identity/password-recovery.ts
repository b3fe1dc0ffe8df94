import type { LoginResult } from '@preloved/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import { identityMailTexts } from './mail-texts';
import { hashPassword, randomToken, TOKEN_PATTERN, tokenHash } from './passwords';

declare module 'fastify' {
  interface FastifyInstance {
    passwordRecovery: ReturnType<typeof createPasswordRecovery>;
  }
}

const RESET_LINK_SECONDS = 60 * 60;
export const RECOVERY_SENT = 'If an account exists for this e-mail, we have sent it a link to reset your password.';

/** Password recovery by mail: a single-use link, valid for an hour, that sets a new password and signs in. */
export function createPasswordRecovery(app: FastifyInstance) {
  const { config, customersRepository: customers, sessions, throttle, mailOutbox } = app;

  return {
    /** Mails a reset link when the e-mail has an account; the answer is the same either way. */
    async request(email: string, address: string, log: FastifyBaseLogger): Promise<{ message: string }> {
      await throttle.attempt([
        { key: `recovery:email:${email}`, max: config.RECOVERY_MAX_PER_EMAIL },
        { key: `recovery:ip:${address}`, max: config.LOGIN_MAX_FAILURES },
      ]);
      // Everything that depends on whether the e-mail has an account happens after the answer, so
      // known and unknown addresses are answered in the same time. The link and its mail commit
      // together (the mail outbox): no link that nobody was sent.
      mailOutbox.later(
        async (tx) => {
          const customer = await customers.byEmail(email, tx);
          if (!customer) return null;
          const id = randomToken();
          await customers.createReset(customer.id, tokenHash(id), RESET_LINK_SECONDS, tx);
          const { t, page } = mailText(readerOf(customer), identityMailTexts);
          const link = page(config.PUBLIC_URL, `/reset-password/${id}`);
          const text = [t('common.hello', { name: customer.first_name }), '', t('recovery.intro'), '', link, '', t('recovery.validity'), '', t('common.signature')].join('\n');
          return { mail: { to: customer.email, subject: t('recovery.subject'), text }, extra: { link } };
        },
        log,
        'password reset mail',
      );
      return { message: RECOVERY_SENT };
    },

    /** Whether a link can still be used: 404 when expired, used or unknown. */
    async check(id: string): Promise<void> {
      if (!TOKEN_PATTERN.test(id) || !(await customers.resetCustomer(tokenHash(id)))) throw apiError(404, 'reset_link_unusable');
    },

    /**
     * Sets a new password from a link and signs in; every other session ends. The cheap checks come
     * first: the route is throttled per address, and an unusable link is refused before any hashing.
     */
    async reset(id: string, password: string, address: string): Promise<LoginResult> {
      const key = `reset:ip:${address}`;
      await throttle.attempt([{ key, max: config.LOGIN_MAX_FAILURES }]);
      if (!TOKEN_PATTERN.test(id) || (await customers.resetCustomer(tokenHash(id))) === null) throw apiError(422, 'reset_link_unusable');
      const passwordHash = await hashPassword(password);
      const customerId = await app.db.transaction(async (tx) => {
        const consumed = await customers.consumeReset(tokenHash(id), tx);
        if (consumed === null) return null;
        // The undo link of an e-mail change also gives the account its old address back.
        if (consumed.restoreEmail) await customers.restoreEmail(consumed.customerId, consumed.restoreEmail, tx);
        await customers.setPassword(consumed.customerId, passwordHash, tx);
        await sessions.revokeOthers(consumed.customerId, null, tx);
        // The link was mailed to the account's address (an e-mail change voids open links): opening
        // it proves the inbox, and releases payouts its owner froze ("this wasn't me").
        const owner = await customers.byId(consumed.customerId, tx);
        if (owner) await customers.markVerified(owner.id, owner.email, tx);
        await app.payoutPreferences.unfreeze(consumed.customerId, tx);
        return consumed.customerId;
      });
      const customer = customerId === null ? null : await customers.byId(customerId);
      if (!customer) throw apiError(422, 'reset_link_unusable');
      await throttle.release([key]);
      // Whoever proves the mailbox may sign in again at once, even after failed attempts.
      await throttle.clear(`login:email:${customer.email}`);
      await customers.rememberAddress(customer.id, address);
      return app.accounts.loginResult(customer, []);
    },
  };
}

export default fp(
  async function passwordRecovery(app: FastifyInstance) {
    app.decorate('passwordRecovery', createPasswordRecovery(app));
  },
  { name: 'password-recovery', dependencies: ['config', 'db', 'customers-repository', 'sessions', 'throttle', 'mailer', 'mail-outbox', 'accounts', 'payout-preferences'] },
);
