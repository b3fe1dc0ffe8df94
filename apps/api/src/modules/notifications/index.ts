import type { Module } from '../module';
import notificationFeed from './notification-feed-repository';
import notificationFeedRoutes from './notification-feed-routes';
import unreadCount from './unread-count';
import unreadCountRoutes from './unread-count-routes';

/** The notification feed and the header's unread count. */
export default {
  name: 'notifications',
  services: [unreadCount, notificationFeed],
  routes: [notificationFeedRoutes, unreadCountRoutes],
} satisfies Module;
