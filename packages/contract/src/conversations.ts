import { z } from 'zod';

// Buyer–seller conversations (issue 47): "Ask the seller" opens a thread about a piece, one per buyer
// and piece; only its two parties read it. A message is text; what looks like a way to deal outside
// the store (a phone number, an e-mail address, an IBAN, a payment or chat link) is masked, and the
// thread says that deals outside the store lose Buyer Protection. Either party may block the other:
// the thread then takes no new message. Limits: per sender and per thread (429 with Retry-After).
//   POST /api/threads                        ThreadStart → ThreadDetail (201 new, 200 the one there is)
//   GET  /api/threads                        → ThreadList (newest first, unread counts)
//   GET  /api/threads/unread                 → { unread } (messages from the other party not read yet)
//   GET  /api/threads/{id}?after=<message id> → ThreadDetail (the messages after that id, all without)
//   POST /api/threads/{id}/messages          MessageCreate → ThreadMessage (201)
//   POST /api/threads/{id}/read              ThreadRead → 204 (read up to that message)
//   POST /api/threads/{id}/block, /unblock   → ThreadDetail
//   GET|PUT /api/threads/settings            MessageSettings (the digest mails of unread messages, on or off)
// 404 for a thread the caller is not a party of (whether it exists or not).

export const MESSAGE_MAX_LENGTH = 1000;
/** A sender's messages in all threads, and a thread's messages from both parties, within a window. */
export const MESSAGE_LIMITS = { sender: { max: 30, windowSeconds: 600 }, thread: { max: 12, windowSeconds: 60 } } as const;
export const THREAD_PAGE_SIZE = 50;

const id = z.coerce.number().int().positive().max(2147483647);

export const ThreadStart = z.object({ listing_id: z.number({ error: 'listing_unknown' }).int().positive().max(2147483647) });
export type ThreadStart = z.infer<typeof ThreadStart>;

export const ThreadParams = z.object({ id });
export const ThreadQuery = z.object({ after: z.coerce.number().int().min(0).max(2147483647).optional() });

export const MessageCreate = z.object({
  text: z.string({ error: 'message_empty' }).trim().min(1, { error: 'message_empty' }).max(MESSAGE_MAX_LENGTH, { error: 'message_too_long' }),
});
export type MessageCreate = z.infer<typeof MessageCreate>;

export const ThreadRead = z.object({ last_id: z.number().int().min(0).max(2147483647) });

/** The store's entries in a thread: the piece's events, written as they happen. */
export const THREAD_EVENTS = ['offer_made', 'offer_countered', 'offer_accepted', 'offer_declined', 'counter_declined', 'offer_withdrawn', 'sold', 'shipped', 'delivered'] as const;
export type ThreadEventType = (typeof THREAD_EVENTS)[number];

export const ThreadMessage = z.object({
  id: z.number().int(),
  /** `me`: the caller wrote it; `them`: the other party; `store`: an event of the piece (`event`). */
  from: z.enum(['me', 'them', 'store']),
  /** As stored: contact details and outside-payment links already masked; empty for an event. */
  text: z.string(),
  /** An event's facts: the offer's amount (euros), the order, the parcel's tracking. */
  event: z
    .object({
      type: z.enum(THREAD_EVENTS),
      amount: z.number().nullable(),
      order_id: z.number().int().nullable(),
      tracking_number: z.string().nullable(),
      tracking_url: z.string().nullable(),
    })
    .nullable(),
  /** Something was masked in it: the page says why (deals outside the store lose Buyer Protection). */
  masked: z.boolean(),
  created_at: z.string(),
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

export const ThreadSummary = z.object({
  id: z.number().int(),
  /** The caller's side of the thread. */
  role: z.enum(['buyer', 'seller']),
  piece: z.object({
    listing_id: z.number().int(),
    product_id: z.number().int(),
    variant_id: z.number().int(),
    title: z.string(),
    photo: z.string().nullable(),
    /** Euros. */
    price: z.number(),
    status: z.string(),
  }),
  /** The other party's first name. */
  other_name: z.string(),
  last_message: z.string().nullable(),
  last_message_at: z.string(),
  /** The thread's latest message id, an event's included (0: none yet): where a page's live stream starts (`after`). */
  last_message_id: z.number().int(),
  unread: z.number().int(),
  /** Someone blocked the other: the thread takes no new message. `by_me`: the caller did (and may unblock). */
  blocked: z.enum(['by_me', 'by_them']).nullable(),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;

export const ThreadList = z.object({ threads: z.array(ThreadSummary) });
export type ThreadList = z.infer<typeof ThreadList>;

export const ThreadDetail = ThreadSummary.extend({ messages: z.array(ThreadMessage) });
export type ThreadDetail = z.infer<typeof ThreadDetail>;

export const UnreadMessages = z.object({ unread: z.number().int() });

/** GET/PUT /api/threads/settings: whether messages left unread are mailed (a digest a thread, after a while). */
export const MessageSettings = z.object({ mails: z.boolean() });
export type MessageSettings = z.infer<typeof MessageSettings>;
