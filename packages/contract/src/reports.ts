import { z } from 'zod';

// Notice and action (EU Digital Services Act, issue 46): anyone reports a listing or a seller (Art. 16),
// the brand's moderators decide in the back office, a decision against the seller mails a statement of
// reasons with a link to contest it (Art. 17), and a contest is recorded and answered (Art. 20).
//   POST /api/reports                              ReportInput → ReportReceipt (201; a mail acknowledges it)
//   GET  /api/reports/contest/{token}              → ContestView (the decision the seller's mail names)
//   POST /api/reports/contest/{token}              ContestInput → ContestView (once)
//   GET  /api/backoffice/reports                   → ReportQueue (moderator, admin)
//   POST /api/backoffice/reports/decisions         ReportDecisionInput → ReportQueue
//   POST /api/backoffice/reports/contests/{id}     ContestAnswerInput → ReportQueue
// A reporter's address and e-mail make at most REPORT_LIMITS reports a window (429 with Retry-After).
// A message of a buyer–seller thread is reported by the other party only (`target: 'message'`, `id` the
// message's; signed in, else 401; anyone else's report of it: 404 `report_target_not_found`). Its case
// shows the moderator the message, the thread's piece and both parties; the decision is a dismissal or
// its removal (the parties no longer read it; its writer is told why and may contest it).

export const REPORT_REASONS = ['counterfeit', 'prohibited_item', 'stolen', 'misleading_description', 'offensive_content', 'personal_data', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TARGETS = ['listing', 'seller', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_TEXT_MAX = 1000;
export const REPORT_LIMITS = { address: { max: 5, windowSeconds: 3600 }, email: { max: 5, windowSeconds: 3600 } } as const;

/** What a moderator does about the reports on a listing or a seller: nothing, or a restriction the seller is told about. */
export const REPORT_ACTIONS = ['dismiss', 'remove', 'hide', 'restrict'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** The actions that fit each kind of case: a listing is removed or hidden, a seller restricted, a message removed. */
export const REPORT_TARGET_ACTIONS = {
  listing: ['dismiss', 'remove', 'hide'],
  seller: ['dismiss', 'restrict'],
  message: ['dismiss', 'remove'],
} as const satisfies Record<ReportTarget, readonly ReportAction[]>;
export const CONTEST_OUTCOMES = ['upheld', 'reversed'] as const;
export type ContestOutcome = (typeof CONTEST_OUTCOMES)[number];

const id = z.number().int().positive().max(2147483647);

export const ReportInput = z
  .object({
    target: z.enum(REPORT_TARGETS),
    id,
    reason: z.enum(REPORT_REASONS, { error: 'report_reason_needed' }),
    text: z.string().trim().max(REPORT_TEXT_MAX, { error: 'message_too_long' }).default(''),
    // A visitor may leave it out (then nobody is told the outcome); a signed-in shopper's own is used.
    email: z.string().trim().max(254, { error: 'invalid_email' }).email({ error: 'invalid_email' }).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.text) ctx.addIssue({ code: 'custom', path: ['text'], message: 'report_text_needed' });
  });
export type ReportInput = z.input<typeof ReportInput>;

export const ReportReceipt = z.object({ reference: z.string() });
export type ReportReceipt = z.infer<typeof ReportReceipt>;

export const ReportDecisionInput = z
  .object({
    target: z.enum(REPORT_TARGETS),
    id,
    action: z.enum(REPORT_ACTIONS),
    reason: z.enum(REPORT_REASONS).nullable().default(null),
    note: z.string().trim().max(REPORT_TEXT_MAX, { error: 'message_too_long' }).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.action !== 'dismiss' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'moderation_reason_needed' });
    if (!(REPORT_TARGET_ACTIONS[value.target] as readonly ReportAction[]).includes(value.action)) ctx.addIssue({ code: 'custom', path: ['action'], message: 'report_action_unfit' });
  });
export type ReportDecisionInput = z.input<typeof ReportDecisionInput>;

/** The open reports on one listing or seller, counted, each reporter's reason and words. */
export const ReportCase = z.object({
  target: z.enum(REPORT_TARGETS),
  id: z.number().int(),
  listing: z.object({ number: z.string(), title: z.string(), status: z.string() }).nullable(),
  /** The person reported: a listing's or a seller's seller, a message's writer. */
  seller: z.object({ id: z.number().int(), name: z.string(), restricted: z.boolean() }),
  /**
   * A reported message (target `message`), as written: its thread (read in full with GET
   * /api/backoffice/threads/{thread_id}, logged), the thread's piece and both parties by name.
   */
  message: z
    .object({
      id: z.number().int(),
      thread_id: z.number().int(),
      text: z.string(),
      photos: z.array(z.string()),
      at: z.string(),
      removed: z.boolean(),
      piece: z.object({ number: z.string(), title: z.string() }),
      writer: z.object({ id: z.number().int(), name: z.string() }),
      reader: z.object({ id: z.number().int(), name: z.string() }),
    })
    .nullable()
    .optional(),
  count: z.number().int(),
  first_at: z.string(),
  reports: z.array(z.object({ reference: z.string(), reason: z.enum(REPORT_REASONS), text: z.string(), at: z.string() })),
});
export type ReportCase = z.infer<typeof ReportCase>;

/** A seller's contest of a decision, waiting for a moderator's answer. */
export const ContestEntry = z.object({
  id: z.number().int(),
  /** What the decision was about (absent in answers older than message reports: a listing or a seller). */
  target: z.enum(REPORT_TARGETS).optional(),
  action: z.enum(REPORT_ACTIONS),
  reason: z.enum(REPORT_REASONS).nullable(),
  note: z.string(),
  seller: z.object({ id: z.number().int(), name: z.string() }),
  listing: z.object({ number: z.string(), title: z.string() }).nullable(),
  text: z.string(),
  at: z.string(),
});
export type ContestEntry = z.infer<typeof ContestEntry>;

export const ReportQueue = z.object({ cases: z.array(ReportCase), contests: z.array(ContestEntry) });
export type ReportQueue = z.infer<typeof ReportQueue>;

export const ContestAnswerInput = z.object({
  outcome: z.enum(CONTEST_OUTCOMES),
  note: z.string().trim().min(1, { error: 'staff_reason_needed' }).max(REPORT_TEXT_MAX, { error: 'message_too_long' }),
});
export type ContestAnswerInput = z.input<typeof ContestAnswerInput>;
export const ContestParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export const ContestTokenParams = z.object({ token: z.string().max(200) });

export const ContestInput = z.object({
  text: z.string().trim().min(1, { error: 'contest_text_needed' }).max(REPORT_TEXT_MAX, { error: 'message_too_long' }),
});
export type ContestInput = z.input<typeof ContestInput>;

/** The decision a contest link names, as its seller reads it, and where the contest stands. */
export const ContestView = z.object({
  action: z.enum(REPORT_ACTIONS),
  reason: z.enum(REPORT_REASONS).nullable(),
  note: z.string(),
  decided_at: z.string(),
  listing: z.object({ number: z.string(), title: z.string() }).nullable(),
  contest: z.object({ text: z.string(), at: z.string(), outcome: z.enum(CONTEST_OUTCOMES).nullable(), answer: z.string().nullable() }).nullable(),
});
export type ContestView = z.infer<typeof ContestView>;
