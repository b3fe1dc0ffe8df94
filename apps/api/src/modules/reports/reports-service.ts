import {
  ContestAnswerInput as AnswerSchema,
  ContestInput as ContestSchema,
  REPORT_LIMITS,
  ReportDecisionInput as DecisionSchema,
  ReportInput as ReportSchema,
  type ContestAnswerInput,
  type ContestInput,
  type ContestView,
  type ReportAction,
  type ReportDecisionInput,
  type ReportInput,
  type ReportQueue,
} from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, notFound } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { DEFAULT_READER, mailLanguage, mailText, pageLink, readerOf, type MailReader } from '../../core/mail/mail-texts';
import type { Mail } from '../../core/mail/mailer';
import type { Queryable } from '../../db/db';
import { recordAudit } from '../backoffice/audit-repository';
import type { StaffSession } from '../backoffice/staff-sessions';
import { randomToken, TOKEN_PATTERN, tokenHash } from '../identity/passwords';
import { reportsMailTexts } from './mail-texts';
import {
  answerContest,
  applyAction,
  decisionByToken,
  insertContest,
  insertDecision,
  insertReport,
  listingOf,
  lockOpenReports,
  messagePieceOf,
  openCases,
  openContests,
  reportersOf,
  reportReference,
  reportTarget,
  reverseDecision,
  sellerOf,
} from './reports-repository';

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReturnType<typeof createReports>;
  }
}

const words = (reader: MailReader) => mailText(reader, reportsMailTexts).t;
const body = (hello: string, paragraphs: string[], signature: string) => [hello, ...paragraphs, signature].join('\n\n');

/**
 * Notice and action (DSA Art. 16, 17, 20): reports from anyone, acknowledged by mail; a moderator's
 * decision on all the open reports about a listing or a seller, with a statement of reasons to the
 * seller and the outcome to each reporter; the seller's contest and its answer, which may undo it.
 */
export function createReports(app: FastifyInstance) {
  const { config, db, clock, mailOutbox, throttle, customersRepository } = app;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');

  /** What a reporter's mail names: the piece by its title, a seller without their name (the reporter knows), a message by its thread's piece. */
  const whatOf = async (tx: Queryable, t: ReturnType<typeof words>, listingId: number | null, messageId: number | null = null) => {
    const piece = await messagePieceOf(tx, messageId);
    if (piece) return t('reports.aMessage', { title: piece.title });
    const listing = await listingOf(tx, listingId);
    return listing ? t('reports.aListing', { title: listing.title }) : t('reports.aSeller');
  };
  /** An action in a mail's words: a message's removal is not a piece's. */
  const actionWords = (t: ReturnType<typeof words>, action: ReportAction, messageId: number | null) =>
    messageId !== null && action === 'remove' ? t('reports.action.removeMessage') : t(`reports.action.${action}`);

  async function statementMail(
    tx: Queryable,
    sellerId: number,
    target: { listing_id: number | null; message_id: number | null },
    decision: { action: ReportAction; reason: string | null; note: string },
    token: string,
  ) {
    const seller = await sellerOf(tx, sellerId);
    const reader = readerOf(seller);
    const t = words(reader);
    const listing = await listingOf(tx, target.listing_id);
    const piece = await messagePieceOf(tx, target.message_id);
    const action = actionWords(t, decision.action, target.message_id);
    const link = pageLink(publicUrl, `/user/contest/${token}`, reader.language);
    const mail: Mail = {
      to: seller.email,
      subject: t('reports.statementSubject', { action }),
      text: body(
        t('common.hello', { name: seller.name }),
        [
          t('reports.decided', { action, on: piece ? t('reports.onMessage', piece) : listing ? t('reports.onListing', listing) : '' }),
          t('reports.ground', { reason: t(`reports.reasons.${decision.reason ?? 'other'}`) }),
          ...(decision.note ? [t('reports.note', { note: decision.note })] : []),
          t('reports.facts'),
          ...(decision.action === 'restrict' ? [t('reports.restricted')] : []),
          `${t('reports.contest')}\n${link}`,
          t('reports.otherRoutes'),
        ],
        t('common.signature'),
      ),
    };
    return mailOutbox.addMail({ mail, extra: { link } }, tx);
  }

  return {
    /** A report from anyone: throttled per client address and per e-mail, stored, acknowledged by mail when there is an address. */
    async report(input: ReportInput, who: { customerId: number | null; address: string; language: ContentLanguage }): Promise<{ reference: string }> {
      const { target, id, reason, text, email: given } = ReportSchema.parse(input);
      // A message is reported by the other party of its thread: a visitor is asked to sign in first.
      if (target === 'message' && who.customerId === null) throw apiError(401, 'session_ended');
      const customer = who.customerId === null ? null : await customersRepository.byId(who.customerId);
      // A signed-in shopper is told at their account's address, never at one they type.
      const email = customer ? customer.email : given ? given.toLowerCase() : null;
      const reader: MailReader = customer ? readerOf(customer) : { ...DEFAULT_READER, language: who.language };
      await throttle.attempt([
        { key: `report:ip:${who.address}`, ...REPORT_LIMITS.address },
        ...(email ? [{ key: `report:email:${email}`, ...REPORT_LIMITS.email }] : []),
      ]);
      const found = await reportTarget(db, target, id, customer?.id ?? null);
      if (!found) throw apiError(404, 'report_target_not_found');
      const { reference, mailId } = await db.transaction(async (tx) => {
        const reportId = await insertReport(tx, { target, ...found, reason, text, email, reporter_id: customer?.id ?? null, language: reader.language, at: clock.now() });
        const reference = reportReference(reportId);
        if (!email) return { reference, mailId: null };
        const t = words(reader);
        const what = await whatOf(tx, t, found.listing_id, found.message_id);
        const hello = customer ? t('common.hello', { name: customer.first_name }) : t('common.helloAnyone');
        const mail: Mail = { to: email, subject: t('reports.ackSubject', { reference }), text: body(hello, [t('reports.ack', { reference, what, reason: t(`reports.reasons.${reason}`) })], t('common.signature')) };
        return { reference, mailId: await mailOutbox.addMail({ mail }, tx) };
      });
      if (mailId !== null) mailOutbox.sendSoon([mailId]);
      return { reference };
    },

    async queue(): Promise<ReportQueue> {
      return { cases: await openCases(db), contests: await openContests(db) };
    },

    /**
     * A moderator's decision on every open report about a listing or a seller, in one transaction:
     * the action, the audit entry, the statement of reasons to the seller (not for a dismissal, which
     * restricts nothing) and the outcome to each reporter who left an address.
     */
    async decide(by: StaffSession, input: ReportDecisionInput): Promise<ReportQueue> {
      const { target, id, action, reason, note } = DecisionSchema.parse(input);
      const at = clock.now();
      const mailIds = await db.transaction(async (tx) => {
        const open = await lockOpenReports(tx, target, id);
        if (!open) throw apiError(409, 'report_case_closed');
        const changed = await applyAction(tx, action, open, { reason, note, at });
        const token = action === 'dismiss' ? null : randomToken();
        const decisionId = await insertDecision(tx, { target, ...open, action, reason, note, changed, by: by.staff_id, at, tokenHash: token ? tokenHash(token) : null }, open.ids);
        await recordAudit(tx, {
          staffId: by.staff_id,
          action: `report.${action}`,
          targetType: target === 'seller' ? 'customer' : target,
          targetId: String(id),
          before: { reports: open.ids.length, listings: changed.map((listing) => ({ id: listing.id, status: listing.status })) },
          after: { action, reason },
          reason: note || reason || undefined,
        });
        const ids: number[] = [];
        if (token) ids.push(await statementMail(tx, open.seller_id, open, { action, reason, note }, token));
        for (const reporter of await reportersOf(tx, decisionId)) {
          const t = words({ ...DEFAULT_READER, language: mailLanguage(reporter.language) });
          const reference = reportReference(reporter.id);
          const what = await whatOf(tx, t, open.listing_id, open.message_id);
          const said = action === 'dismiss' ? t('reports.dismissed', { reference, what }) : t('reports.actioned', { reference, what, action: actionWords(t, action, open.message_id) });
          ids.push(await mailOutbox.addMail({ mail: { to: reporter.email, subject: t('reports.outcomeSubject', { reference }), text: body(t('common.helloAnyone'), [said], t('common.signature')) } }, tx));
        }
        return ids;
      });
      mailOutbox.sendSoon(mailIds);
      app.catalogueCache.clear();
      return this.queue();
    },

    /** The decision a statement of reasons links to, for its seller's contest page. */
    async decision(token: string): Promise<ContestView> {
      const found = TOKEN_PATTERN.test(token) ? await decisionByToken(db, tokenHash(token)) : null;
      if (!found) throw apiError(404, 'contest_not_found');
      const { id: _id, ...view } = found;
      return view;
    },

    /** The seller's contest (Art. 20), once per decision; the token in their mail is the proof it is theirs. */
    async contest(token: string, input: ContestInput): Promise<ContestView> {
      const { text } = ContestSchema.parse(input);
      const found = TOKEN_PATTERN.test(token) ? await decisionByToken(db, tokenHash(token)) : null;
      if (!found) throw apiError(404, 'contest_not_found');
      if (!(await insertContest(db, found.id, text, clock.now()))) throw apiError(409, 'contest_sent_already');
      return this.decision(token);
    },

    /** A moderator's answer to a contest: upheld, or reversed (the decision undone), mailed to the seller; in the audit log. */
    async answer(by: StaffSession, contestId: number, input: ContestAnswerInput): Promise<ReportQueue> {
      const { outcome, note } = AnswerSchema.parse(input);
      const at = clock.now();
      const mailId = await db.transaction(async (tx) => {
        const decision = await answerContest(tx, contestId, { outcome, note, by: by.staff_id, at });
        if (!decision) {
          const exists = await tx.query('SELECT 1 FROM content_contests WHERE id = $1', [contestId]);
          throw exists.rows.length ? apiError(409, 'contest_answered_already') : notFound('Contest');
        }
        if (outcome === 'reversed') await reverseDecision(tx, decision, at);
        await recordAudit(tx, {
          staffId: by.staff_id,
          action: `report.contest.${outcome}`,
          targetType: decision.message_id !== null ? 'message' : decision.listing_id === null ? 'customer' : 'listing',
          targetId: String(decision.message_id ?? decision.listing_id ?? decision.seller_id),
          before: { action: decision.action },
          after: { outcome },
          reason: note,
        });
        const seller = await sellerOf(tx, decision.seller_id);
        const t = words(readerOf(seller));
        const action = actionWords(t, decision.action, decision.message_id);
        const mail: Mail = {
          to: seller.email,
          subject: t('reports.answerSubject', { outcome: t(`reports.outcome.${outcome}`) }),
          text: body(t('common.hello', { name: seller.name }), [t(`reports.${outcome}`, { action }), t('reports.answer', { answer: note })], t('common.signature')),
        };
        return mailOutbox.addMail({ mail }, tx);
      });
      mailOutbox.sendSoon([mailId]);
      app.catalogueCache.clear();
      return this.queue();
    },
  };
}

export default fp(
  async function reports(app: FastifyInstance) {
    app.decorate('reports', createReports(app));
  },
  { name: 'reports', dependencies: ['config', 'db', 'clock', 'throttle', 'mail-outbox', 'customers-repository', 'catalogue-cache', 'staff'] },
);
