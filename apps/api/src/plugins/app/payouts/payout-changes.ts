import { CURRENT_PASSWORD_WRONG, dateTimeFormat, formatIban, localeOf, type PayoutMethod, type PayoutPreference } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, HttpError, sentenceFor } from '../../../lib/errors';
import type { ContentLanguage } from '../../../lib/language';
import { randomToken, tokenHash, verifyPassword } from '../../../lib/passwords';
import type { Mail } from '../mailer/mailer';
import { mailText, readerOf } from '../mailer/mail-texts';

declare module 'fastify' {
  interface FastifyInstance {
    payoutChanges: ReturnType<typeof payoutChanges>;
  }
}

/** How long a Google account's mailed confirmation link works. */
const LINK_HOURS = 1;

const when = (date: Date, language: ContentLanguage) =>
  dateTimeFormat(localeOf(language), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Lisbon' }).format(date) + ' (Lisbon)';
const masked = (iban: string) => `${iban.slice(0, 4)} …${iban.slice(-4)}`;

/** The account a payout mail goes to, in the language of the request that changed it and the account's time zone. */
interface Owner {
  email: string;
  first_name: string;
  time_zone: string;
}

/** The owner's notice of a changed IBAN: what it is now, until when transfers wait, what to do if it was not them. */
export function ibanChangedMail(owner: Owner, iban: string, holdUntil: Date | null, language: ContentLanguage, publicUrl: string): Mail {
  const text = mailText(readerOf({ language, time_zone: owner.time_zone }));
  const { t } = text;
  return {
    to: owner.email,
    subject: t('payout.changedSubject'),
    text: [
      t('common.hello', { name: owner.first_name }),
      '',
      t('payout.changed', { iban: masked(iban) }),
      ...(holdUntil ? [t('payout.held', { date: text.when(holdUntil) })] : []),
      '',
      t('payout.notYou', { link: text.page(publicUrl, '/user/security') }),
      '',
      t('common.signature'),
    ].join('\n'),
  };
}

function confirmMail(owner: Owner, iban: string, link: string, language: ContentLanguage): Mail {
  const { t } = mailText(readerOf({ language, time_zone: owner.time_zone }));
  return {
    to: owner.email,
    subject: t('payout.confirmSubject'),
    text: [t('common.hello', { name: owner.first_name }), '', t('payout.confirm', { iban: formatIban(iban) }), link, '', t('payout.confirmNotYou'), '', t('common.signature')].join('\n'),
  };
}

/** The sentence of a transfer held for a new IBAN, in the shopper's language, saying until when. */
export class IbanOnHold extends HttpError {
  constructor(public until: Date) {
    super(422, IbanOnHold.sentence(until, 'en'), [{ field: 'iban', key: 'iban_on_hold' }]);
  }

  static sentence(until: Date, language: ContentLanguage): string {
    return language === 'pt'
      ? `As transferências para um IBAN novo ficam retidas durante 48 horas: pode transferir a partir de ${when(until, language)}.`
      : `Transfers to a new IBAN are held for 48 hours: you can transfer from ${when(until, language)}.`;
  }

  messageIn(language: ContentLanguage): string {
    return IbanOnHold.sentence(this.until, language);
  }
}

/**
 * Payout safety (issue 24 item 4): a saved IBAN is changed only with the current password (a Google
 * account, which has none, by a link mailed to it), the owner is mailed, and bank transfers to the
 * new IBAN wait IBAN_HOLD_HOURS. The first IBAN (onboarding) has nothing to redirect: it is saved
 * at once, and the owner is mailed.
 */
export function payoutChanges(app: FastifyInstance) {
  const { config, clock, customersRepository: customers, payoutPreferences: preferences, throttle, mailOutbox } = app;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  const holdEnd = () => new Date(clock.now().getTime() + config.IBAN_HOLD_HOURS * 3600_000);

  /**
   * Saves the preference and queues the owner's notice with it (the mail outbox: no changed IBAN
   * without its notice); the notice is sent after the commit.
   */
  const saveAndNotify = async (customerId: number, method: PayoutMethod, iban: string | null, holdUntil: Date | undefined, notice: { iban: string; holdUntil: Date | null; language: ContentLanguage } | null) => {
    const { saved, mail } = await app.db.transaction(async (tx) => {
      const saved = await preferences.save(customerId, method, iban, tx, holdUntil);
      const customer = notice ? await customers.byId(customerId, tx) : null;
      const mail = customer && notice
        ? await mailOutbox.addMail({ mail: ibanChangedMail(customer, notice.iban, notice.holdUntil, notice.language, publicUrl), extra: { customerId } }, tx)
        : null;
      return { saved, mail };
    });
    if (mail !== null) mailOutbox.sendSoon([mail]);
    return saved;
  };

  return {
    async save(
      customerId: number,
      input: { method: PayoutMethod; iban: string | null; password?: string },
      language: ContentLanguage,
    ): Promise<PayoutPreference | { message: string; pending: true }> {
      const current = await preferences.get(customerId);
      const changes = current.iban !== null && input.iban !== null && input.iban !== current.iban;
      if (!changes) {
        const first = current.iban === null && input.iban !== null;
        return saveAndNotify(customerId, input.method, input.iban, undefined, first ? { iban: input.iban!, holdUntil: null, language } : null);
      }
      const customer = await customers.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      if (customer.password_hash === null) {
        // A Google account: the change waits for the link mailed to the account's address.
        const token = randomToken();
        const link = `${publicUrl}/api/customers/payout/confirm?token=${token}`;
        // The link and its mail commit together (the mail outbox).
        const mail = await app.db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO payout_iban_changes (token_hash, customer_id, method, iban, language, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
            [tokenHash(token), customerId, input.method, input.iban, language, new Date(clock.now().getTime() + LINK_HOURS * 3600_000)],
          );
          return mailOutbox.addMail({ mail: confirmMail(customer, input.iban!, link, language), extra: { link } }, tx);
        });
        mailOutbox.sendSoon([mail]);
        return {
          pending: true,
          message:
            language === 'pt'
              ? 'Enviámos um link para o seu e-mail: o novo IBAN fica guardado quando o abrir.'
              : 'We have sent a link to your e-mail: the new IBAN is saved when you open it.',
        };
      }
      if (!input.password) throw new HttpError(422, sentenceFor('no_current_password', 'password'), [{ field: 'password', key: 'no_current_password' }]);
      const limit = { key: `iban:password:${customerId}`, max: config.LOGIN_MAX_FAILURES_PER_ADDRESS };
      await throttle.failures([limit], async () => {
        if (!(await verifyPassword(input.password!, customer.password_hash))) {
          throw new HttpError(422, sentenceFor(CURRENT_PASSWORD_WRONG, 'password'), [{ field: 'password', key: CURRENT_PASSWORD_WRONG }]);
        }
      }, (error) => error instanceof HttpError && error.statusCode === 422);
      const holdUntil = holdEnd();
      return saveAndNotify(customerId, input.method, input.iban, holdUntil, { iban: input.iban!, holdUntil, language });
    },

    /** The mailed link of a Google account: saves the IBAN (held like any change); false when the link is unknown, used or expired. */
    async confirm(token: string): Promise<boolean> {
      const { rows } = await app.db.query<{ customer_id: number; method: PayoutMethod; iban: string; language: ContentLanguage }>(
        `UPDATE payout_iban_changes SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING customer_id, method, iban, language`,
        [tokenHash(token), clock.now()],
      );
      const change = rows[0];
      if (!change) return false;
      const holdUntil = holdEnd();
      await saveAndNotify(change.customer_id, change.method, change.iban, holdUntil, { iban: change.iban, holdUntil, language: change.language === 'pt' ? 'pt' : 'en' });
      return true;
    },
  };
}

export default fp(
  async function payoutChangesPlugin(app: FastifyInstance) {
    app.decorate('payoutChanges', payoutChanges(app));
  },
  { name: 'payout-changes', dependencies: ['config', 'clock', 'db', 'customers-repository', 'payout-preferences', 'throttle', 'mail-outbox'] },
);
