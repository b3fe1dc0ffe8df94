import { BRAND_ID } from '@preloved/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ContentLanguage } from '../../core/language';
import { DEFAULT_READER, mailText } from '../../core/mail/mail-texts';
import { newsletterMailTexts } from './mail-texts';
import { randomToken, TOKEN_PATTERN, tokenHash } from '../identity/passwords';

declare module 'fastify' {
  interface FastifyInstance {
    newsletter: ReturnType<typeof createNewsletter>;
  }
}

const CONFIRMATION_SECONDS = 7 * 24 * 60 * 60;

/**
 * The newsletter with double opt-in, as EU shops do: an address is subscribed only once its owner
 * confirms it from the mail, so nobody can sign someone else up. Throttled per IP and per address,
 * so the form cannot be used to bomb a mailbox.
 */
export function createNewsletter(app: FastifyInstance) {
  const { config, db, newsletterRepository: subscriptions, throttle, mailOutbox } = app;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');

  return {
    /** Stores the address as pending and mails it a confirmation link (none when already confirmed). */
    async subscribe(email: string, address: string, log: FastifyBaseLogger, language: ContentLanguage = 'en'): Promise<void> {
      await throttle.attempt([
        { key: `newsletter:ip:${address}`, max: config.LOGIN_MAX_FAILURES },
        { key: `newsletter:email:${email.toLowerCase()}`, max: config.RECOVERY_MAX_PER_EMAIL },
      ]);
      const token = randomToken();
      const link = `${publicUrl}/api/commons/newsletteremail/confirm/${token}`;
      // The subscriber has no account: the mail is in the language the store was shown in.
      const { t } = mailText({ ...DEFAULT_READER, language }, newsletterMailTexts);
      const text = [t('common.helloAnyone'), '', t('newsletter.intro'), '', link, '', t('newsletter.ignore'), '', t('common.signature')].join('\n');
      // The pending address and its confirmation mail commit together (the mail outbox).
      const mail = await db.transaction(async (tx) => {
        if (!(await subscriptions.request(BRAND_ID, email, tokenHash(token), CONFIRMATION_SECONDS, tx))) return null;
        return mailOutbox.addMail({ mail: { to: email.toLowerCase(), subject: t('newsletter.subject'), text }, extra: { link } }, tx);
      });
      if (mail !== null) mailOutbox.sendSoon([mail]);
    },

    /** Where the confirmation link leads: the store, saying whether the address is now subscribed. */
    async confirm(token: string): Promise<string> {
      const confirmed = TOKEN_PATTERN.test(token) && (await subscriptions.confirm(tokenHash(token))) !== null;
      return `${publicUrl}/?newsletter=${confirmed ? 'confirmed' : 'expired'}`;
    },
  };
}

export default fp(
  async function newsletter(app: FastifyInstance) {
    app.decorate('newsletter', createNewsletter(app));
  },
  { name: 'newsletter', dependencies: ['config', 'db', 'newsletter-repository', 'throttle', 'mail-outbox'] },
);
