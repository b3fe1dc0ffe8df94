/** The /user frame's navigation (DESIGN.md §4); each path is one remote's page. */
export const USER_LINKS = [
  { to: '/user', key: 'details' },
  { to: '/user/security', key: 'security' },
  { to: '/user/addresses', key: 'addresses' },
  { to: '/user/wishlist', key: 'wishlist' },
  { to: '/user/orders', key: 'orders' },
  { to: '/user/offers', key: 'offers' },
  { to: '/user/listings', key: 'listings' },
  { to: '/user/wallet', key: 'wallet' },
  { to: '/user/submit-item-2hand', key: 'sellAnItem' },
] as const;
