import { ModerationDecision as DecisionSchema, type ModerationDecision, type ModerationPolicy } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, notFound } from '../../core/errors';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import type { Mail } from '../../core/mail/mailer';
import { recordAudit } from './audit-repository';
import { backofficeMailTexts } from './mail-texts';
import { decide, reviewEntry, reviewQueue, type ReviewedListing } from './moderation-repository';
import type { StaffSession } from './staff-sessions';
import { moderationPolicy, saveModerationPolicy } from './store-settings';

declare module 'fastify' {
  interface FastifyInstance {
    moderation: ReturnType<typeof moderationService>;
  }
}

const STATUS = { approve: 'active', reject: 'rejected', changes: 'changes_requested' } as const;
const ACTION = { approve: 'listing.approve', reject: 'listing.reject', changes: 'listing.changes' } as const;

/**
 * The seller's mail of a decision, in their language. A rejection or a request for changes is a
 * statement of reasons as the EU's Digital Services Act (art. 17) asks of a marketplace: the decision,
 * its ground, the facts, that a person took it, and how to contest it.
 */
export function moderationMail(listing: ReviewedListing, decision: ModerationDecision['decision'], reason: string | null, note: string): Mail {
  const { t } = mailText(readerOf(listing), backofficeMailTexts);
  const values = { title: listing.title, number: listing.number };
  const kind = decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'changes';
  const paragraphs =
    decision === 'approve'
      ? [t('moderation.approved', values)]
      : [
          t(`moderation.${kind}`, values),
          t('moderation.ground', { reason: t(`moderation.reasons.${reason ?? 'other'}`) }),
          ...(note ? [t('moderation.note', { note })] : []),
          t('moderation.facts'),
          t('moderation.redress'),
        ];
  return {
    to: listing.seller_email,
    subject: t(`moderation.${kind}Subject`, values),
    text: [t('common.hello', { name: listing.seller_name }), ...paragraphs, t('common.signature')].join('\n\n'),
  };
}

/** Moderators' work: the queue, the decision (its mail and audit entry in one transaction), and the brand's policy. */
function moderationService(app: FastifyInstance) {
  const { db, clock, mailOutbox } = app;
  return {
    queue: async () => ({ listings: await reviewQueue(db) }),

    async decide(by: StaffSession, listingId: number, input: ModerationDecision) {
      const { decision, reason, note } = DecisionSchema.parse(input);
      const mailId = await db.transaction(async (tx) => {
        const reviewed = await decide(tx, listingId, STATUS[decision], { reason, note, by: by.staff_id, at: clock.now() });
        if (!reviewed) {
          const exists = await tx.query('SELECT 1 FROM listings WHERE id = $1', [listingId]);
          throw exists.rows.length ? apiError(409, 'listing_not_in_review') : notFound('Listing');
        }
        await recordAudit(tx, {
          staffId: by.staff_id,
          action: ACTION[decision],
          targetType: 'listing',
          targetId: reviewed.number,
          before: { status: 'in_review' },
          after: { status: STATUS[decision], reason },
          reason: note || reason || undefined,
        });
        return mailOutbox.addMail({ mail: moderationMail(reviewed, decision, reason, note) }, tx);
      });
      mailOutbox.sendSoon([mailId]);
      const after = await reviewEntry(db, listingId);
      return after!;
    },

    policy: () => moderationPolicy(db),

    async setPolicy(by: StaffSession, policy: ModerationPolicy) {
      await db.transaction(async (tx) => {
        const before = await moderationPolicy(tx);
        await saveModerationPolicy(tx, policy);
        await recordAudit(tx, { staffId: by.staff_id, action: 'settings.moderation', targetType: 'setting', targetId: 'moderation', before, after: policy });
      });
      return policy;
    },
  };
}

export default fp(async (app: FastifyInstance) => void app.decorate('moderation', moderationService(app)), {
  name: 'moderation',
  dependencies: ['db', 'clock', 'mail-outbox'],
});
