import type { PagesOf } from '@preloved/shared';
import { AddressesPage, addressesLoader } from '../features/addresses/AddressesPage';
import { DetailsPage, detailsLoader } from '../features/details/DetailsPage';
import { OffersPage, offersLoader } from '../features/offers/OffersPage';
import { OrderPage, orderLoader } from '../features/orders/OrderPage';
import { OrdersPage, ordersLoader } from '../features/orders/OrdersPage';
import { NotificationsPage, notificationsLoader } from '../features/notifications/NotificationsPage';
import { SalesPage, salesLoader } from '../features/sales/SalesPage';
import { SecurityPage } from '../features/security/SecurityPage';
import { WalletPage, walletLoader } from '../features/wallet/WalletPage';
import { WishlistPage, wishlistLoader } from '../features/wishlist/WishlistPage';
import { SavedSearchesPage, savedSearchesLoader } from '../features/saved-searches/SavedSearchesPage';
import { ContestPage } from '../features/contest/ContestPage';
import { PrivacyPage } from '../features/privacy/PrivacyPage';
import { MessagesPage, messagesLoader } from '../features/messages/MessagesPage';
import { ThreadPage, threadLoader } from '../features/messages/ThreadPage';
import { TradeInsPage, tradeInsLoader } from '../features/trade-ins/TradeInsPage';
import '../i18n';

/**
 * The account's pages, by the keys the shell's route table uses (/user → details, /user/security →
 * security, /user/addresses → addresses, /user/wishlist → wishlist, /user/orders → orders,
 * /user/orders/:orderId → order,
 * /user/sales → sales, /user/wallet → wallet, /user/notifications → notifications, /user/offers → offers,
 * /user/contest/:token → contest, /user/privacy → privacy, /user/messages → messages,
 * /user/messages/:threadId → thread, /user/trade-ins → trade-ins).
 */
export const pages: PagesOf<'account', 'AccountPages'> = {
  details: { Component: DetailsPage, loader: detailsLoader },
  security: { Component: SecurityPage },
  addresses: { Component: AddressesPage, loader: addressesLoader },
  wishlist: { Component: WishlistPage, loader: wishlistLoader },
  orders: { Component: OrdersPage, loader: ordersLoader },
  order: { Component: OrderPage, loader: orderLoader },
  sales: { Component: SalesPage, loader: salesLoader },
  wallet: { Component: WalletPage, loader: walletLoader },
  notifications: { Component: NotificationsPage, loader: notificationsLoader },
  offers: { Component: OffersPage, loader: offersLoader },
  'saved-searches': { Component: SavedSearchesPage, loader: savedSearchesLoader },
  contest: { Component: ContestPage },
  privacy: { Component: PrivacyPage },
  messages: { Component: MessagesPage, loader: messagesLoader },
  thread: { Component: ThreadPage, loader: threadLoader },
  'trade-ins': { Component: TradeInsPage, loader: tradeInsLoader },
};
