import type { NotificationFeed, NotificationFeedCount, Wallet, WalletCodeResult } from '@preloved/contract';
import { api } from './client';
import { refreshNotifications } from './offers';

// The wallet (/user/wallet) and the notifications feed. The wallet's forms show the 422 refusals
// (amount, IBAN, credit) next to their fields, so the catalogue's toast is skipped for those calls.
const own = { handlesErrors: true };

/** GET /api/wallet — credit, bounds and activity (newest first). */
export function getWallet(page = 1, signal?: AbortSignal): Promise<Wallet> {
  return api().get('wallet', { searchParams: { page }, signal }).json<Wallet>();
}

/** POST /api/wallet/transfers — euros to the saved IBAN (the configured percentage, a fee row for the rest). */
export async function transferCredit(amount: number): Promise<Wallet> {
  const wallet = await api().post('wallet/transfers', { json: { amount }, context: own }).json<Wallet>();
  void refreshNotifications(); // the payout is a new feed entry
  return wallet;
}

/** POST /api/wallet/codes — euros of credit into a discount code for the main store. */
export async function createDiscountCode(amount: number): Promise<WalletCodeResult> {
  const result = await api().post('wallet/codes', { json: { amount }, context: own }).json<WalletCodeResult>();
  void refreshNotifications(); // the code is a new feed entry
  return result;
}

/** GET /api/notifications/feed */
export function getNotificationFeed(page = 1, signal?: AbortSignal): Promise<NotificationFeed> {
  return api().get('notifications/feed', { searchParams: { page }, signal }).json<NotificationFeed>();
}

/**
 * POST /api/notifications/feed/read — those ids, or every entry without ids; answers the unread count.
 * The unread entries are part of the header's number, so that is read again.
 */
export async function markNotificationsRead(ids?: number[]): Promise<NotificationFeedCount> {
  const count = await api().post('notifications/feed/read', { json: ids ? { ids } : {} }).json<NotificationFeedCount>();
  void refreshNotifications();
  return count;
}
