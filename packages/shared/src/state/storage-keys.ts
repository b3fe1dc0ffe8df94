// The spec's locally persisted keys (§3 "Locally persisted"). Changing a key logs every visitor out
// and empties their local bag, so they are written down once, here.
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  notificationsCount: 'notificationsCount',
  userData: 'userData',
  selectedSize: 'selectedSize',
  selectedListing: 'selectedListing',
  shoppingCart: 'shoppingCart',
  checkoutGuest: 'checkoutGuest',
  selectedStore: 'selectedStore',
  language: 'language',
} as const;
