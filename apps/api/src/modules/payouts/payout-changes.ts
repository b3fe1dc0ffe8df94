import { dateTimeFormat, localeOf, type PayoutMethod, type PayoutPreference } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { apiError, HttpError } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { randomToken } from '../identity/passwords';
import type { Mail } from '../../core/mail/mailer';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import { payoutMailTexts } from './mail-texts';

declare module 'fastify' {
  interface FastifyInstance {
    payoutChanges: ReturnType<typeof payoutChanges>;
  }
}

const when = (date: Date, language: ContentLanguage) =>
  dateTimeFormat(localeOf(language), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Lisbon' }).format(date) + ' (Lisbon)';
const masked = (iban: string) => `${iban.slice(0, 4)} …${iban.slice(-4)}`;

/** The account a payout mail goes to, in the language of the request that changed it and the account's time zone. */
interface Owner {
  email: string;
  first_name: string;
  time_zone: string;
}

/**
 * The owner's notice of a payout change: how they are paid now, until when a new IBAN waits, and the
 * link that freezes payouts when it was not them.
 */
export function payoutChangedMail(owner: Owner, change: { method: PayoutMethod; iban: string | null; holdUntil: Date | null }, freezeLink: string, language: ContentLanguage): Mail {
  const text = mailText(readerOf({ language, time_zone: owner.time_zone }), payoutMailTexts);
  const { t } = text;
  return {
    to: owner.email,
    subject: t('payout.changedSubject'),
    text: [
      t('common.hello', { name: owner.first_name }),
      '',
      change.iban ? t('payout.changed', { iban: masked(change.iban) }) : t('payout.changedNoIban'),
      t(change.method === 'bank_transfer' ? 'payout.methodBank' : change.method === 'stripe_connect' ? 'payout.methodStripe' : 'payout.methodWallet'),
      ...(change.holdUntil ? [t('payout.held', { date: text.when(change.holdUntil) })] : []),
      '',
      t('payout.notYou'),
      freezeLink,
      '',
      t('common.signature'),
    ].join('\n'),
  };
}

/** The sentence of a transfer held for a new IBAN, in the shopper's language, saying until when. */
export class IbanOnHold extends HttpError {
  constructor(public until: Date) {
    super(422, IbanOnHold.sentence(until, 'en'), [{ field: 'iban', key: 'iban_on_hold' }]);
  }

  static sentence(until: Date, language: ContentLanguage): string {
    if (language === 'pt') return `As transferências para um IBAN novo ficam retidas durante 48 horas: pode transferir a partir de ${when(until, language)}.`;
    if (language === 'es') return `Las transferencias a un IBAN nuevo quedan retenidas 48 horas: puedes transferir a partir del ${when(until, language)}.`;
    return `Transfers to a new IBAN are held for 48 hours: you can transfer from ${when(until, language)}.`;
  }

  messageIn(language: ContentLanguage): string {
    return IbanOnHold.sentence(this.until, language);
  }
}

/**
 * Payout safety. The first choice at onboarding, into the wallet without an IBAN,
 * moves no money and is saved at once. Any other change of method or IBAN needs a step-up proof on
 * the session (the password, sent along or given before, or a mailed code), an IBAN a verified
 * e-mail; an IBAN new to the account (the first one too) receives no bank transfer for
 * IBAN_HOLD_HOURS; every change is mailed to the owner with a link that freezes payouts.
 */
export function payoutChanges(app: FastifyInstance) {
  const { config, clock, customersRepository: customers, payoutPreferences: preferences, mailOutbox } = app;
  const holdEnd = () => new Date(clock.now().getTime() + config.IBAN_HOLD_HOURS * 3600_000);

  return {
    async save(
      customerId: number,
      sessionId: number | null,
      input: { method: PayoutMethod; iban: string | null; password?: string },
      language: ContentLanguage,
      address: string,
    ): Promise<PayoutPreference> {
      const current = await preferences.get(customerId);
      const firstWallet = !current.onboarded && input.method === 'wallet' && input.iban === null;
      if (firstWallet) return preferences.save(customerId, input.method, null);
      if (current.onboarded && current.method === input.method && current.iban === input.iban) return current;
      if (current.frozen) throw apiError(403, 'payouts_frozen');
      if (input.iban !== null) await app.accounts.requireVerified(customerId);
      if (input.password && sessionId !== null) await app.stepUp.prove(customerId, sessionId, { password: input.password }, address);
      await app.stepUp.require(sessionId);
      const holdUntil = input.iban !== null && input.iban !== current.iban ? holdEnd() : null;
      // The change and its notice commit together (the mail outbox): no change without its mail.
      const { saved, mails } = await app.db.transaction(async (tx) => {
        const saved = await preferences.save(customerId, input.method, input.iban, tx, holdUntil ?? undefined);
        const owner = (await customers.byId(customerId, tx))!;
        const token = randomToken();
        await app.emailProofs.record('payout_freeze', { customerId, email: owner.email }, token, tx);
        const link = mailText(readerOf({ language, time_zone: owner.time_zone }), payoutMailTexts).page(config.PUBLIC_URL, `/api/customers/payout/freeze?token=${token}`);
        const mail = await mailOutbox.addMail({ mail: payoutChangedMail(owner, { method: input.method, iban: input.iban, holdUntil }, link, language), extra: { customerId, link } }, tx);
        return { saved, mails: [mail] };
      });
      mailOutbox.sendSoon(mails);
      return saved;
    },

    /**
     * "This wasn't me" (the link of a change's mail): payouts freeze and every session ends, until
     * the password is reset through the inbox. False when the link is unknown, used or expired.
     */
    async freeze(token: string): Promise<boolean> {
      return app.db.transaction(async (tx) => {
        const link = await app.emailProofs.useLink('payout_freeze', token, tx);
        if (!link || link.customerId === null) return false;
        await preferences.freeze(link.customerId, tx);
        await app.sessions.revokeOthers(link.customerId, null, tx);
        return true;
      });
    },

    /**
     * What money out of the wallet (a bank transfer, a main-shop code) needs first: a verified e-mail
     * (403 `email_not_verified`), payouts not frozen (403 `payouts_frozen`) and a step-up proof on the
     * session (403 `step_up_required`).
     */
    async guardMoneyOut(customerId: number, sessionId: number | null, tx?: Queryable): Promise<void> {
      await app.accounts.requireVerified(customerId, tx);
      if ((await preferences.get(customerId, tx)).frozen) throw apiError(403, 'payouts_frozen');
      await app.stepUp.require(sessionId, tx);
    },
  };
}

export default fp(
  async function payoutChangesPlugin(app: FastifyInstance) {
    app.decorate('payoutChanges', payoutChanges(app));
  },
  { name: 'payout-changes', dependencies: ['config', 'clock', 'db', 'sessions', 'customers-repository', 'payout-preferences', 'mail-outbox', 'email-proofs', 'accounts', 'step-up'] },
);
