// The store's navigation, declared once for the header, the mobile menu and the /user frame.

/** The header's categories (spec §2), also the mobile menu's first list. */
export const CATEGORY_LINKS = [
  { to: '/all', key: 'all' },
  { to: '/women', key: 'women' },
  { to: '/men', key: 'men' },
  { to: '/clothing', key: 'clothing' },
  { to: '/accessories', key: 'accessories' },
] as const;

/** The /user frame's navigation (DESIGN.md §4), also the mobile menu's user sub-panel; each path is one remote's page. */
export const USER_LINKS = [
  { to: '/user', key: 'details' },
  { to: '/user/security', key: 'security' },
  { to: '/user/addresses', key: 'addresses' },
  { to: '/user/wishlist', key: 'wishlist' },
  { to: '/user/saved-searches', key: 'savedSearches' },
  { to: '/user/orders', key: 'orders' },
  { to: '/user/sales', key: 'sales' },
  { to: '/user/offers', key: 'offers' },
  { to: '/user/messages', key: 'messages' },
  { to: '/user/listings', key: 'listings' },
  { to: '/user/wallet', key: 'wallet' },
  { to: '/user/trade-ins', key: 'tradeIns' },
  { to: '/user/notifications', key: 'notifications' },
  { to: '/user/privacy', key: 'privacy' },
  { to: '/user/submit-item-2hand', key: 'sellAnItem' },
] as const;

/** Checkout tabs: leaving them from the logo asks first, because progress is lost (spec §2, §4). */
export const CHECKOUT_PATHS: readonly string[] = ['/checkout', '/review', '/payment'];
