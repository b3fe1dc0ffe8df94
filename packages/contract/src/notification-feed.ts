import { z } from 'zod';

// The notifications feed: what happened to the customer's sales, payouts, codes,
// offers and wishlisted pieces. Designed by us; Bearer token:
//   GET  /api/notifications/feed?page=&limit=   → NotificationFeed (newest first, with the unread count)
//   POST /api/notifications/feed/read           NotificationReadRequest → NotificationFeedCount
// `ids` marks those entries read; no `ids` marks every entry read. Other customers' ids are ignored.
// Each entry carries its kind and the values its sentence needs; the storefront writes the sentence.

// 'offer' is the generic kind of entries written before issue 26; new offer events have their own kinds.
export const NOTIFICATION_KINDS = [
  'sale',
  'payout',
  'discount_code',
  'code_redeemed',
  'offer',
  'price_drop',
  'offer_received',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
  'shipped',
  'saved_search',
  'offer_countered',
  'offer_counter_accepted',
  'offer_counter_declined',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NotificationEntry = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  /** ISO date-time. */
  date: z.string(),
  read: z.boolean(),
  /** Euros, when the entry is about money. */
  amount: z.number().nullable(),
  /** An order number, a discount code or a transfer reference. */
  reference: z.string().nullable(),
  /** The piece's title (sales, offers, price drops). */
  title: z.string().nullable(),
  /** Where the entry leads in the store (a path such as /user/wallet). */
  link: z.string().nullable(),
});
export type NotificationEntry = z.infer<typeof NotificationEntry>;

export const NotificationFeed = z.object({
  notifications: z.array(NotificationEntry),
  count: z.number().int(),
  unread: z.number().int(),
});
export type NotificationFeed = z.infer<typeof NotificationFeed>;

export const NotificationReadRequest = z.object({
  ids: z.array(z.number().int().positive().max(2147483647)).max(100).optional(),
});
export type NotificationReadRequest = z.input<typeof NotificationReadRequest>;

export const NotificationFeedCount = z.object({ unread: z.number().int() });
export type NotificationFeedCount = z.infer<typeof NotificationFeedCount>;
