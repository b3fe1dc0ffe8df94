// The public surface of @preloved/shared. Named exports only (no `export *`), so unused parts are
// tree-shaken and the surface is visible in one place.
export { getConfig } from './config';
export type { StorefrontConfig } from './config';
export { STORAGE_KEYS } from './state/storage-keys';
export {
  store,
  tokenAtom,
  notificationsCountAtom,
  notificationPartsAtom,
  unreadMessagesAtom,
  userDataAtom,
  cartAtom,
  guestCheckoutAtom,
  cartQuantityAtom,
  cartUnavailableCountAtom,
  cartTotalAtom,
  cartBundlesAtom,
  wishlistAtom,
  setWishlistAtom,
  markAddedAtom,
  isSignedInAtom,
  selectedSizeAtom,
  selectedListingAtom,
  selectedStoreAtom,
  loginPanelAtom,
  bagOpenAtom,
  bagAddedAtom,
  setCartAtom,
  setNotificationsCountAtom,
  setUserDataAtom,
  setGuestCheckoutAtom,
  startSessionAtom,
  clearSessionAtom,
  openLoginAtom,
  loginIntentAtom,
  loginPanelOpeningsAtom,
  continueAsGuestAtom,
  searchOverlayAtom,
  openSearchAtom,
  closeSearchAtom,
  restorePersistedAtom,
} from './state/store';
export type { BagLine, UserData, LoginPanelMode, LoginIntent, SessionStart, SearchOverlayOpener } from './state/store';
export { api, describeError, HTTPError, isNoAnswer, NO_ANSWER } from './api/client';
export type { CallContext } from './api/client';
export { refusedFields, retryAfterMinutes, readRefusal, refusalText, messageFor, fieldsByName, lostPieces, errorText } from './api/refusal';
export type { Refusal } from './api/refusal';
export { onApiEvent, emitApiEvent } from './api/events';
export type { ApiEvent } from './api/events';
export { getBrandDetails, subscribeNewsletter, logout } from './api/calls';
export {
  login,
  register,
  googleSignIn,
  recoverPassword,
  checkResetLink,
  resetPassword,
  getStorefrontUser,
  updateStorefrontUser,
  changePassword,
  resendVerification,
  confirmVerification,
  sendStepUpCode,
  stepUp,
} from './api/customers';
export { loadBrandDetails, loadVerificationMode, useBrandDetails, verificationContext } from './api/brand-details';
export { downloadMyData, deleteMyAccount } from './api/privacy';
export { fetchCached, setCached, invalidateCached, useCached, FRESH_MS, type CacheKey } from './state/data-cache';
export {
  refreshBag,
  refreshBagWhenVisible,
  bagLineFromListing,
  addToBag,
  removeFromBag,
  getCheckout,
  loadCheckout,
  goToCheckout,
  getWishlist,
  toggleWishlist,
  loadWishlistIds,
  BagFullError,
} from './api/bag';
export { getListings, getProduct, getVendor } from './api/catalog';
export { saveSearch, getSavedSearches, updateSavedSearch, deleteSavedSearch, getSimilarPieces, refusalCode } from './api/alerts';
export { makeOffer, getOffers, loadOffers, offersEntry, answerOffer, counterOffer, answerCounter, addOfferToBag, refreshNotifications } from './api/offers';
export { useNotificationsRefresh } from './api/use-notifications-refresh';
export { searchListings, SEARCH_OVERLAY_LIMIT } from './api/search';
export {
  getAddresses,
  addressesEntry,
  addAddress,
  updateAddress,
  deleteAddress,
  setDefaultAddress,
  getPickupPoints,
  checkDiscountCode,
  sendCheckoutEmailCode,
  getQuote,
  getCheckoutSummary,
  pay,
  confirmPayment,
  getOrders,
  getOrder,
  findOrder,
  confirmOrderReceived,
  reportOrderProblem,
  cancelOrder,
  reviewOrder,
  claimOrder,
  sendClaimOrdersCode,
  claimAllOrders,
  getSales,
  markSaleShipped,
  cancelSale,
  cancelSalePiece,
  resendLabel,
  downloadSaleLabel,
} from './api/checkout';
export type { SearchParams } from './api/search';
export { getPayoutPreference, savePayoutPreference } from './api/payout';
export {
  startThread,
  getThreads,
  findThread,
  sendMessage,
  markThreadRead,
  blockThread,
  getMessageSettings,
  setMessageSettings,
  watchMessages,
  type ThreadEvent,
} from './api/threads';
export { getWallet, transferCredit, createDiscountCode, getNotificationFeed, markNotificationsRead } from './api/wallet';
export { downloadOrderDocument, getOrderReturns, returnBrandPiece } from './api/brand-direct';
export {
  getSellingTerms,
  findSellerProducts,
  getSellerProductOfChild,
  uploadListingPhoto,
  getSellerListings,
  getSellerListing,
  createListing,
  updateListing,
  setListingPrice,
  setListingPricing,
  setListingStatus,
  getBundleSettings,
  bundleSettingsEntry,
  saveBundleSettings,
} from './api/selling';
export { parseListingFilters, listingFiltersToParams, activeFilterCount } from './listing-filters';
export type { ListingFiltersState } from './listing-filters';
export { i18n, addTranslations, ensureLanguage, setLanguage, restoreStoredLanguage, currentLanguage, isLanguage, LANGUAGES } from './i18n';
export { SERVER_DATA_ID, LANGUAGE_COOKIE, isServerRendered, readServerData, serializeServerData } from './ssr';
export type { ServerData } from './ssr';
export type { Language } from './i18n';
export { AppProviders } from './providers/AppProviders';
export { ApiEventsBridge } from './providers/ApiEventsBridge';
export { useToast, TOAST_MS, ERROR_TOAST_MS } from './providers/toast';
// The contract's formatMoney, for the shell's frame: imported from the contract there, webpack put a second
// copy of it in the frame's chunk beside this singleton's (+0.6 KB of first load); through here it is one.
export { formatMoney } from '@preloved/contract';
export type {
  RemotePage,
  PageMeta,
  MetaTranslate,
  RemotePagesModule,
  RemoteComponentModule,
  RemoteName,
  RemoteExposes,
  ExposeOf,
  RemoteModule,
  PagesExposeOf,
  PageKeyOf,
  PagesOf,
  ComponentExposeOf,
  BagWidgetOptions,
  MountBagWidgetModule,
  ResellWidgetOptions,
  MountResellWidgetModule,
} from './remote-modules';
export {
  navigate,
  revalidate,
  registerRouter,
  useCurrentLocation,
  RequestLocationProvider,
  AppLink,
  AppNavLink,
  isActivePath,
  revalidateAskedBeforeHydration,
} from './navigation';
export type { CurrentLocation, NavigateOptions, NavigationRouter, AppLinkProps, AppNavLinkProps } from './navigation';
// The router pieces are in `@preloved/shared/router` (not in the first load of a page).
