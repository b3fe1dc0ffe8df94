import { z } from 'zod';
import type { StaffRole } from './backoffice';
import { PhotoUrl } from './selling';

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
//   GET  /api/sellers/{id}/answer-time       → SellerAnswerTime (public: how fast the seller usually answers)
//   GET  /api/backoffice/threads/{id}?reason= → StaffThread (support, moderator, admin; each read is in the audit log)
// 404 for a thread the caller is not a party of (whether it exists or not).
// A message's photos: each uploaded first with POST /api/seller/photos (the listings' route: the same
// type, size and pixel checks, limits and storage), its `url` then sent in MessageCreate.photos. Only the
// sender's own uploads are taken (422 `photo_not_yours` on `photos.<n>`); the message keeps a copy of
// its own, and ThreadMessage.photos gives the copies' URLs (`<name>.webp`, 1000×1250 at most; the card
// size, 400×500, is the same URL ending `-card.webp`) to the thread's two parties only.

export const MESSAGE_MAX_LENGTH = 1000;
export const MESSAGE_PHOTOS_MAX = 4;
/** A sender's messages in all threads, and a thread's messages from both parties, within a window. */
export const MESSAGE_LIMITS = { sender: { max: 30, windowSeconds: 600 }, thread: { max: 12, windowSeconds: 60 } } as const;
export const THREAD_PAGE_SIZE = 50;

const id = z.coerce.number().int().positive().max(2147483647);

export const ThreadStart = z.object({ listing_id: z.number({ error: 'listing_unknown' }).int().positive().max(2147483647) });
export type ThreadStart = z.infer<typeof ThreadStart>;

export const ThreadParams = z.object({ id });
export const ThreadQuery = z.object({ after: z.coerce.number().int().min(0).max(2147483647).optional() });

/** Text, photos, or both: a message of neither is `message_empty`. */
export const MessageCreate = z
  .object({
    text: z.string({ error: 'message_empty' }).trim().max(MESSAGE_MAX_LENGTH, { error: 'message_too_long' }).default(''),
    /** URLs POST /api/seller/photos answered to the sender (`url`), at most MESSAGE_PHOTOS_MAX. */
    photos: z
      .array(PhotoUrl, { error: 'message_photos_count' })
      .max(MESSAGE_PHOTOS_MAX, { error: 'message_photos_count' })
      .refine((photos) => new Set(photos).size === photos.length, { error: 'photos_repeated' })
      .default([]),
  })
  .refine((message) => message.text.length > 0 || message.photos.length > 0, { path: ['text'], error: 'message_empty' });
export type MessageCreate = z.input<typeof MessageCreate>;

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
  /** Its photos' URLs, in the order sent (append `-card` before `.webp` for the 400×500 size); empty for most. */
  photos: z.array(z.string()),
  /** The store's moderators removed it after a report: its text and photos are no longer given (both empty). */
  removed: z.boolean(),
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
  /** The last text message (null: none yet; empty: photos only, or removed by the moderators). */
  last_message: z.string().nullable(),
  /** The last text message's photos (the inbox says "2 photos" for a message of photos only). */
  last_message_photos: z.number().int(),
  /** The last text message was removed by the moderators (its text and photos are not shown). */
  last_message_removed: z.boolean(),
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

/**
 * A seller's usual answer time, in minutes: the median of their latest ANSWER_TIME.answers answers
 * within ANSWER_TIME.days, each from a buyer's first text they had not answered yet to their next
 * text; null with fewer than ANSWER_TIME.min_answers (too few to say anything true). A median rather
 * than a mean, so one question left a week does not hide a seller who answers within the hour; a
 * question never answered does not count, as on the marketplaces that show this figure.
 */
export const ANSWER_TIME = { days: 90, answers: 50, min_answers: 3 } as const;
export const SellerParams = z.object({ id });
export const SellerAnswerTime = z.object({ answer_minutes: z.number().int().nullable(), answers: z.number().int() });
export type SellerAnswerTime = z.infer<typeof SellerAnswerTime>;

/** Staff who may read a thread (a report of a message, a dispute): each read is written to the audit log with its reason. */
export const THREAD_READERS = ['support', 'moderator', 'admin'] as const satisfies readonly StaffRole[];
export const StaffThreadQuery = z.object({
  /** Why it is read (the report's reference, the dispute): the audit log keeps it. */
  reason: z.string({ error: 'staff_reason_needed' }).trim().min(1, { error: 'staff_reason_needed' }).max(300, { error: 'message_too_long' }),
});
const Party = z.object({ id: z.number().int(), name: z.string() });
/** A thread as staff read it: both parties by name, every message as written (a removed one too, with `removed`). */
export const StaffThread = z.object({
  id: z.number().int(),
  piece: z.object({ listing_id: z.number().int(), number: z.string(), title: z.string(), status: z.string() }),
  buyer: Party,
  seller: Party,
  blocked_by: z.enum(['buyer', 'seller']).nullable(),
  created_at: z.string(),
  messages: z.array(ThreadMessage.extend({ from: z.enum(['buyer', 'seller', 'store']) })),
});
export type StaffThread = z.infer<typeof StaffThread>;
