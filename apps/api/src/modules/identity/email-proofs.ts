import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { apiError } from '../../core/errors';
import { randomToken, TOKEN_PATTERN, tokenHash } from './passwords';
import { mailText, type MailReader } from '../../core/mail/mail-texts';
import { identityMailTexts } from './mail-texts';

declare module 'fastify' {
  interface FastifyInstance {
    emailProofs: ReturnType<typeof createEmailProofs>;
  }
}

// An e-mail address is proven only by its inbox. A proof is a mail with a 6-digit code (for
// a phone, typed where the shopper is) and, for some purposes, a link (opened on any device). Both
// are stored hashed, work once and expire; a few wrong codes kill the proof, so a code cannot be
// guessed; a new proof of the same purpose voids the open ones of that account or address.

export type ProofPurpose = 'verify' | 'claim_orders' | 'step_up' | 'guest_checkout' | 'payout_freeze';

/** How long each proof works, in minutes. */
const LIFETIME_MINUTES: Record<ProofPurpose, number> = {
  verify: 48 * 60,
  claim_orders: 30,
  step_up: 10,
  guest_checkout: 30,
  payout_freeze: 30 * 24 * 60,
};

/** Wrong codes a proof survives; the next one kills it (10^6 codes: a guess at most 5 in a million). */
export const MAX_CODE_ATTEMPTS = 5;

/** The page a purpose's link opens (its token in the path); purposes without a link have none. */
const LINK_PAGES: Partial<Record<ProofPurpose, string>> = { verify: '/verify-email/' };

/** A code and a link token are hashed with the proof's purpose, so one purpose's secret proves nothing of another. */
const codeHash = (purpose: ProofPurpose, email: string, code: string) => tokenHash(`${purpose}:${email}:${code}`);

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Whom a proof is for: an account (its id and current e-mail) or a guest's address. */
export interface ProofSubject {
  customerId: number | null;
  email: string;
  firstName: string;
  reader: MailReader;
}

export function createEmailProofs(app: FastifyInstance) {
  const { config, clock, throttle, mailOutbox } = app;

  /** The proof's mail: what it proves, the code, the link when there is one, how long they work. */
  function proofMail(purpose: ProofPurpose, subject: ProofSubject, code: string, link: string | null) {
    const text = mailText(subject.reader, identityMailTexts);
    const { t } = text;
    const minutes = LIFETIME_MINUTES[purpose];
    const validity = minutes >= 24 * 60 ? t('proofs.validDays', { days: Math.round(minutes / (24 * 60)) }) : t('proofs.validMinutes', { minutes });
    const body = [t(`proofs.${purpose}.intro`), '', t('proofs.code', { code }), ...(link ? ['', t('proofs.link'), link] : []), '', validity, '', t('proofs.notYou')];
    return {
      mail: { to: subject.email, subject: t(`proofs.${purpose}.subject`), text: [t('common.hello', { name: subject.firstName }), '', ...body, '', t('common.signature')].join('\n') },
      extra: { code, ...(link ? { link } : {}) },
    };
  }

  /** The open proofs of a subject (one account, or a guest's address), for voiding and for checking a code. */
  const subjectWhere = (subject: { customerId: number | null; email: string }) =>
    subject.customerId !== null ? { sql: 'customer_id = $2', value: subject.customerId as number | string } : { sql: 'customer_id IS NULL AND email = $2', value: subject.email };

  const proofs = {
    /**
     * Queues a proof's mail in `tx` (the proof and its mail commit together) and answers the outbox
     * id for `sendSoon` after the commit. Earlier open proofs of the purpose for the subject die.
     */
    async issue(purpose: ProofPurpose, subject: ProofSubject, tx: Queryable): Promise<number> {
      const where = subjectWhere(subject);
      await tx.query(`UPDATE email_proofs SET used_at = now() WHERE purpose = $1 AND ${where.sql} AND used_at IS NULL`, [purpose, where.value]);
      const code = sixDigits();
      const token = LINK_PAGES[purpose] ? randomToken() : null;
      const expires = new Date(clock.now().getTime() + LIFETIME_MINUTES[purpose] * 60_000);
      await tx.query(
        `INSERT INTO email_proofs (purpose, customer_id, email, link_hash, code_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [purpose, subject.customerId, subject.email, token ? tokenHash(token) : null, codeHash(purpose, subject.email, code), expires],
      );
      const link = token ? mailText(subject.reader, identityMailTexts).page(config.PUBLIC_URL, `${LINK_PAGES[purpose]}${token}`) : null;
      return mailOutbox.addMail(proofMail(purpose, subject, code, link), tx);
    },

    /**
     * Records a link another mail carries (the payout change's "this wasn't me"): `token` works once,
     * for the purpose's lifetime, through `useLink`.
     */
    async record(purpose: ProofPurpose, subject: { customerId: number | null; email: string }, token: string, tx: Queryable): Promise<void> {
      const expires = new Date(clock.now().getTime() + LIFETIME_MINUTES[purpose] * 60_000);
      await tx.query(
        `INSERT INTO email_proofs (purpose, customer_id, email, link_hash, code_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [purpose, subject.customerId, subject.email, tokenHash(token), tokenHash(randomToken()), expires],
      );
    },

    /**
     * Sends a proof now, under the resend limit (per account or address, and per client address): 429
     * with Retry-After beyond it.
     */
    async send(purpose: ProofPurpose, subject: ProofSubject, clientAddress: string): Promise<void> {
      await throttle.attempt([
        { key: `proof:${purpose}:${subject.customerId ?? subject.email}`, max: config.EMAIL_PROOFS_PER_WINDOW },
        { key: `proof:ip:${clientAddress}`, max: config.LOGIN_MAX_FAILURES },
      ]);
      const id = await app.db.transaction((tx) => proofs.issue(purpose, subject, tx));
      mailOutbox.sendSoon([id]);
    },

    /**
     * Uses the subject's open proof with this code, once. A wrong code counts against the proof
     * (MAX_CODE_ATTEMPTS kill it) and is refused next to the field `code`. Its own statements, never
     * in a caller's transaction: a refusal that rolled the count back would let codes be guessed.
     */
    async useCode(purpose: ProofPurpose, subject: { customerId: number | null; email: string }, code: string): Promise<void> {
      const tx = app.db;
      const where = subjectWhere(subject);
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE email_proofs SET used_at = now()
          WHERE purpose = $1 AND ${where.sql} AND email = $3 AND code_hash = $4 AND used_at IS NULL AND expires_at > $5 AND attempts < $6
          RETURNING id`,
        [purpose, where.value, subject.email, codeHash(purpose, subject.email, code), clock.now(), MAX_CODE_ATTEMPTS],
      );
      if (rows.length > 0) return;
      await tx.query(`UPDATE email_proofs SET attempts = attempts + 1 WHERE purpose = $1 AND ${where.sql} AND used_at IS NULL`, [purpose, where.value]);
      throw apiError(422, 'email_code_wrong', { fields: [{ field: 'code', key: 'email_code_wrong' }] });
    },

    /** Uses a mailed link, once: its account and the address it was sent to, or null when unusable. */
    async useLink(purpose: ProofPurpose, token: string, tx: Queryable = app.db): Promise<{ customerId: number | null; email: string } | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const { rows } = await tx.query<{ customer_id: number | null; email: string }>(
        `UPDATE email_proofs SET used_at = now() WHERE purpose = $1 AND link_hash = $2 AND used_at IS NULL AND expires_at > $3 RETURNING customer_id, email`,
        [purpose, tokenHash(token), clock.now()],
      );
      const row = rows[0];
      return row ? { customerId: row.customer_id, email: row.email } : null;
    },
  };
  return proofs;
}

export default fp(
  async function emailProofs(app: FastifyInstance) {
    app.decorate('emailProofs', createEmailProofs(app));
  },
  { name: 'email-proofs', dependencies: ['config', 'clock', 'db', 'throttle', 'mail-outbox'] },
);
