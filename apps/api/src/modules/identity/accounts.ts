import {
  CURRENT_PASSWORD_WRONG,
  INCORRECT_COMBINATION,
  type BagLine,
  type LoginResult,
  type SignupResult,
  type StorefrontProfile,
} from '@preloved/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { apiError, fieldError, HttpError } from '../../core/errors';
import { GoogleUnavailableError } from './google';
import { hashPassword, randomToken, tokenHash, verifyPassword } from './passwords';
import { isUniqueViolation, type CustomerRow } from './customers-repository';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import type { ContentLanguage } from '../../core/language';
import { identityMailTexts } from './mail-texts';
import type { PreparedMail } from '../../core/mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: ReturnType<typeof createAccounts>;
  }
}

/** The duplicate e-mail refusal names its field and key, so the storefront says it in the shopper's language. */
const emailTaken = () => fieldError('EmailAddress', 'email_taken');


const names = (customer: CustomerRow) => ({
  CustomerID: customer.id,
  FirstName: customer.first_name,
  LastName: customer.last_name,
  EmailAddress: customer.email,
});

const profile = (customer: CustomerRow): StorefrontProfile => ({
  customer: {
    ...names(customer),
    verified: customer.verified,
    email_verified: customer.email_verified_at !== null,
    has_password: customer.password_hash !== null,
    member_since: new Date(customer.created_at).toISOString(),
  },
});

/** Whom an account's proofs are mailed to: its current e-mail, in its language. */
export const proofSubject = (customer: CustomerRow) => ({ customerId: customer.id, email: customer.email, firstName: customer.first_name, reader: readerOf(customer) });

/** An address the customer signed in from within this many days counts as theirs. */
const KNOWN_ADDRESS_DAYS = 90;
/** How long the old address can undo an e-mail change. */
const EMAIL_UNDO_SECONDS = 7 * 24 * 60 * 60;

/**
 * Identity (spec §7 customers/*): sign-in with a password or Google, registration, sign-out, the
 * profile and the password. Routes only validate and answer; the rules live here.
 */
export function createAccounts(app: FastifyInstance) {
  const { config, customersRepository: customers, sessions, throttle, bagRepository: bag } = app;

  /** A new session for the customer, with the guest bag merged in (spec §4), in one transaction. */
  async function openSession(customer: CustomerRow, cart: number[], tx?: Queryable): Promise<{ token: string; Cart: BagLine[]; Notifications: number }> {
    const work = async (db: Queryable) => {
      const token = await sessions.open(customer.id, db);
      await bag.merge(customer.id, cart, db);
      return { token, Cart: await bag.lines(customer.id, 'en', db), Notifications: await app.notifications.count(customer.id, db) };
    };
    return tx ? work(tx) : app.db.transaction(work);
  }

  async function loginResult(customer: CustomerRow, cart: number[]): Promise<LoginResult> {
    const { token, ...rest } = await openSession(customer, cart);
    return { Customer: { ...names(customer), Token: token }, ...rest };
  }

  /**
   * A password check under the sign-in throttles. Failures count per IP, per (account, IP) and per
   * account; the account-wide limit does not hold an address the owner signed in from, so strangers'
   * failures cannot lock the owner out (recovery by mail stays open too). A success is given back.
   */
  async function throttledPasswordCheck(email: string, address: string, refusal: typeof INCORRECT_COMBINATION | typeof CURRENT_PASSWORD_WRONG, check: () => Promise<CustomerRow | null>): Promise<CustomerRow> {
    const accountKey = `login:email:${email}`;
    const others = [`login:ip:${address}`, `login:pair:${email}|${address}`];
    await throttle.attempt(
      [
        { key: others[0]!, max: config.LOGIN_MAX_FAILURES },
        { key: others[1]!, max: config.LOGIN_MAX_FAILURES_PER_ADDRESS },
        { key: accountKey, max: config.LOGIN_MAX_FAILURES },
      ],
      {
        forgive: async (key) => {
          if (key !== accountKey) return false;
          const owner = await customers.byEmail(email);
          return owner !== null && (await customers.knowsAddress(owner.id, address, KNOWN_ADDRESS_DAYS));
        },
      },
    );
    const customer = await check();
    // The spec's sign-in answers the key itself as its message (§5 'incorret_combination').
    if (!customer) throw apiError(422, refusal, { message: refusal });
    await throttle.release(others);
    await throttle.clear(accountKey);
    await customers.rememberAddress(customer.id, address);
    return customer;
  }

  /** The throttles of a call whose answer tells whether `email` has an account (registration, e-mail change). */
  const probeLimits = (email: string, address: string) => [
    { key: `login:ip:${address}`, max: config.LOGIN_MAX_FAILURES },
    { key: `probe:email:${email.toLowerCase()}`, max: config.MAX_PROBES_PER_EMAIL },
  ];

  /** The mail that tells the address an account left that it changed, with the undo link when there is one. */
  function oldAddressMail(before: CustomerRow, newEmail: string, undoId: string | null): PreparedMail {
    const { t, page } = mailText(readerOf(before), identityMailTexts);
    const link = undoId ? page(config.PUBLIC_URL, `/reset-password/${undoId}`) : null;
    const text = [
      t('common.hello', { name: before.first_name }),
      '',
      t('emailChanged.changed', { from: before.email, to: newEmail }),
      '',
      ...(link ? [t('emailChanged.undo'), '', link] : [t('emailChanged.noUndo')]),
      '',
      t('common.signature'),
    ].join('\n');
    return { mail: { to: before.email, subject: t('emailChanged.subject'), text }, extra: link ? { link } : {} };
  }

  /**
   * The Google owner of an e-mail takes over the account nobody proved with it: whoever registered it
   * with a password loses the password and every session, and the mailbox is told.
   */
  async function takeOverForGoogle(existing: CustomerRow, sub: string): Promise<CustomerRow> {
    const mail = await app.db.transaction(async (tx) => {
      if (!(await customers.takeOverForGoogle(existing.id, sub, tx))) throw apiError(409, 'conflict');
      await sessions.revokeOthers(existing.id, null, tx);
      await customers.voidResets(existing.id, tx);
      const { t } = mailText(readerOf(existing), identityMailTexts);
      const text = [t('common.hello', { name: existing.first_name }), '', t('proofs.googleTakeover.text', { email: existing.email }), '', t('common.signature')].join('\n');
      return app.mailOutbox.addMail({ mail: { to: existing.email, subject: t('proofs.googleTakeover.subject'), text } }, tx);
    });
    app.mailOutbox.sendSoon([mail]);
    return (await customers.byId(existing.id))!;
  }

  return {
    loginResult,

    /** E-mail and password; bad credentials are 422 (never 401, which the client takes as "signed out"). */
    async login(input: { email: string; password: string; cart: number[] }, address: string): Promise<LoginResult> {
      const customer = await throttledPasswordCheck(input.email, address, INCORRECT_COMBINATION, async () => {
        const found = await customers.byEmail(input.email);
        // Verified even without an account, so an unknown e-mail takes as long as a wrong password.
        const valid = await verifyPassword(input.password, found?.password_hash);
        return found && valid ? found : null;
      });
      return loginResult(customer, input.cart);
    },

    /** Registration; signs the new customer in. */
    /**
     * Registration; signs the new customer in, unverified, and mails the confirmation (link and
     * 6-digit code, in the store's language). One client address opens at most
     * REGISTRATIONS_PER_HOUR / _PER_DAY accounts (each new e-mail was a new welcome code).
     */
    async register(
      input: { firstName: string; lastName: string; email: string; password: string; cart: number[]; language: ContentLanguage },
      address: string,
    ): Promise<SignupResult> {
      // Duplicates tell whether an e-mail has an account: trying many counts like failed logins, and
      // one address can be tried only a few times from anywhere.
      const keys = probeLimits(input.email, address);
      await throttle.attempt(keys);
      const opened = [
        { key: `register:hour:${address}`, max: config.REGISTRATIONS_PER_HOUR, windowSeconds: 3600 },
        { key: `register:day:${address}`, max: config.REGISTRATIONS_PER_DAY, windowSeconds: 24 * 3600 },
      ];
      await throttle.attempt(opened).catch(async (error: unknown) => {
        await throttle.release(keys.map((limit) => limit.key));
        throw error;
      });
      const passwordHash = await hashPassword(input.password);
      const created = await app.db.transaction(async (tx) => {
        const customer = await customers.create({ firstName: input.firstName, lastName: input.lastName, email: input.email, passwordHash, language: input.language }, tx);
        if (!customer) return null;
        await customers.rememberAddress(customer.id, address, tx);
        const mail = await app.emailProofs.issue('verify', proofSubject(customer), tx);
        return { customer, mail, session: await openSession(customer, input.cart, tx) };
      });
      if (!created) {
        await throttle.release(opened.map((limit) => limit.key));
        throw emailTaken();
      }
      app.mailOutbox.sendSoon([created.mail]);
      await throttle.release(keys.map((limit) => limit.key));
      const { token, ...rest } = created.session;
      return { Customer: { ...names(created.customer), token }, ...rest };
    },

    /** Mails the account's confirmation again (throttled); 409 when it is already proven. */
    async resendVerification(customerId: number, address: string): Promise<void> {
      const customer = await customers.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      if (customer.email_verified_at !== null) throw apiError(409, 'email_already_verified');
      await app.emailProofs.send('verify', proofSubject(customer), address);
    },

    /**
     * Proves the account's e-mail: the mailed link's token (any device, no session needed), or its
     * code typed by the signed-in owner. Answers the account's profile; the link's answer carries no
     * session (opening a link must not sign anybody in).
     */
    async confirmVerification(proof: { token: string } | { code: string }, customerId: number | null, address: string): Promise<StorefrontProfile> {
      if ('token' in proof) {
        const used = await app.db.transaction(async (tx) => {
          const link = await app.emailProofs.useLink('verify', proof.token, tx);
          if (!link || link.customerId === null) return null;
          await customers.markVerified(link.customerId, link.email, tx);
          return link.customerId;
        });
        if (used === null) throw apiError(422, 'verification_link_unusable');
        return profile((await customers.byId(used))!);
      }
      if (customerId === null) throw apiError(401, 'session_ended');
      const customer = await customers.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      if (customer.email_verified_at === null) {
        // Wrong codes count per account too (each proof dies after a few): the limit of sign-in failures.
        await throttle.failures(
          [{ key: `proof:code:${customerId}`, max: config.LOGIN_MAX_FAILURES_PER_ADDRESS }, { key: `login:ip:${address}`, max: config.LOGIN_MAX_FAILURES }],
          async () => {
            await app.emailProofs.useCode('verify', { customerId, email: customer.email }, proof.code);
            await customers.markVerified(customerId, customer.email);
          },
          (error) => error instanceof HttpError && error.statusCode === 422,
        );
      }
      return profile((await customers.byId(customerId))!);
    },

    /** Refuses (403 `email_not_verified`) unless the account's e-mail is proven: claims, payouts, credit out, first-order codes. */
    async requireVerified(customerId: number, tx?: Queryable): Promise<CustomerRow> {
      const customer = await customers.byId(customerId, tx);
      if (!customer) throw apiError(401, 'session_ended');
      if (customer.email_verified_at === null) throw apiError(403, 'email_not_verified');
      return customer;
    },

    /**
     * Sign-in with a Google ID token: the account of that Google identity, or the account of its
     * (Google-verified) e-mail, or a new one. Google and passwords meet safely: an account
     * of that e-mail nobody proved is taken over for the Google owner (its password removed, every
     * session ended, the change mailed); a proven one is linked only once its password is typed.
     */
    async google(idToken: string, cart: number[], log: FastifyBaseLogger, password: string | undefined, address: string): Promise<LoginResult> {
      if (!app.googleSignIn) throw apiError(422, 'google_not_configured');
      const identity = await app.googleSignIn.verify(idToken).catch((error: unknown) => {
        if (error instanceof GoogleUnavailableError) {
          log.warn({ err: error }, 'Google keys unavailable');
          throw apiError(503, 'google_unavailable');
        }
        log.info({ reason: error instanceof Error ? error.message : String(error) }, 'Google token refused');
        throw apiError(401, 'google_failed');
      });
      let customer = await customers.byGoogleSub(identity.sub);
      if (!customer) {
        // Linking by e-mail is safe only when Google vouches for the address.
        if (!identity.emailVerified) throw apiError(422, 'google_email_unverified');
        const existing = await customers.byEmail(identity.email);
        if (existing) {
          if (existing.google_sub) throw apiError(422, 'google_other_account');
          if (existing.email_verified_at === null) {
            customer = await takeOverForGoogle(existing, identity.sub);
          } else {
            // The proven owner links Google by typing the account's password once.
            if (!password) throw apiError(422, 'google_link_password', { fields: [{ field: 'password', key: 'google_link_password' }] });
            await throttledPasswordCheck(existing.email, address, INCORRECT_COMBINATION, async () =>
              (await verifyPassword(password, existing.password_hash)) ? existing : null,
            );
            await customers.linkGoogle(existing.id, identity.sub);
            customer = { ...existing, google_sub: identity.sub };
          }
        } else {
          customer =
            (await customers.create({
              firstName: identity.givenName.slice(0, 50),
              lastName: identity.familyName.slice(0, 50),
              email: identity.email,
              googleSub: identity.sub,
            })) ?? (await customers.byGoogleSub(identity.sub)); // a double click raced us to it
          if (!customer) throw apiError(422, 'google_failed');
        }
      }
      return loginResult(customer, cart);
    },

    async signOut(token: string | null): Promise<void> {
      if (token) await sessions.revoke(token);
    },

    async profile(customerId: number): Promise<StorefrontProfile> {
      const customer = await customers.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      return profile(customer);
    },

    /**
     * Names and e-mail of the signed-in customer; an e-mail another account has is refused (422). A
     * new e-mail needs the current password (a token alone must not move the account to another
     * mailbox), ends the customer's other sessions, voids open recovery links, and mails the old
     * address a link that undoes the change.
     */
    async updateProfile(
      customerId: number,
      sessionId: number | null,
      input: { firstName: string; lastName: string; email: string; currentPassword?: string },
      address: string,
      _log: FastifyBaseLogger,
    ): Promise<StorefrontProfile> {
      const current = await customers.byId(customerId);
      if (!current) throw apiError(401, 'session_ended');
      const emailChanges = input.email.toLowerCase() !== current.email;
      if (emailChanges) {
        if (!input.currentPassword) throw fieldError('current_password', 'no_current_password');
        await throttledPasswordCheck(current.email, address, CURRENT_PASSWORD_WRONG, async () =>
          (await verifyPassword(input.currentPassword ?? '', current.password_hash)) ? current : null,
        );
      }
      const probes = emailChanges ? probeLimits(input.email.toLowerCase(), address) : [];
      if (emailChanges) await throttle.attempt(probes);
      const undoId = randomToken();
      // The old address's notice is queued with the change (the mail outbox): no change without its mail.
      const { customer, mail } = await app.db
        .transaction(async (tx) => {
          const updated = await customers.updateProfile(customerId, input, tx);
          if (!updated || !emailChanges) return { customer: updated, mail: null };
          await sessions.revokeOthers(customerId, sessionId, tx);
          await customers.voidResets(customerId, tx);
          const undoable = await customers.createUndo(customerId, tokenHash(undoId), EMAIL_UNDO_SECONDS, current.email, tx);
          // The new address is unverified until its owner proves it: it claims nothing before.
          const confirmation = await app.emailProofs.issue('verify', proofSubject(updated), tx);
          return { customer: updated, mail: [await app.mailOutbox.addMail(oldAddressMail(current, updated.email, undoable ? undoId : null), tx), confirmation] };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw emailTaken();
          throw error;
        });
      if (!customer) throw apiError(401, 'session_ended');
      await throttle.release(probes.map((limit) => limit.key));
      if (mail !== null) app.mailOutbox.sendSoon(mail);
      return profile(customer);
    },

    /** A new password after the current one; the customer's other sessions end, `sessionId` stays. */
    async changePassword(customerId: number, sessionId: number | null, input: { current: string; next: string }, address: string): Promise<void> {
      const customer = await customers.byId(customerId);
      if (!customer) throw apiError(401, 'session_ended');
      // A stolen token must not become a way to guess the password: same counters as sign-in.
      await throttledPasswordCheck(customer.email, address, CURRENT_PASSWORD_WRONG, async () =>
        (await verifyPassword(input.current, customer.password_hash)) ? customer : null,
      );
      const passwordHash = await hashPassword(input.next);
      await app.db.transaction(async (tx) => {
        await customers.setPassword(customer.id, passwordHash, tx);
        await sessions.revokeOthers(customer.id, sessionId, tx);
        // A recovery link mailed before the change must not undo it.
        await customers.voidResets(customer.id, tx);
      });
    },
  };
}

export default fp(
  async function accounts(app: FastifyInstance) {
    app.decorate('accounts', createAccounts(app));
  },
  {
    name: 'accounts',
    dependencies: ['config', 'db', 'customers-repository', 'sessions', 'throttle', 'bag-repository', 'google-sign-in', 'mailer', 'mail-outbox', 'email-proofs', 'notifications'],
  },
);
