export {
  BRAND_ID,
  MAX_INPUT_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  SEARCH_MIN_LENGTH,
  SEARCH_MAX_LENGTH,
  CATEGORY_CLOTHING,
  CATEGORY_ACCESSORIES,
  SELLER_SHIPS_WITHIN_BUSINESS_DAYS,
  CURRENCY_SYMBOL_CODE,
  GENDERS,
  CATEGORY_IDS,
  LISTING_SORTS,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_PAGE,
} from './constants';
export {
  EMAIL_PATTERN,
  PASSWORD_PATTERN,
  checkEmail,
  checkNewPassword,
  checkPasswordConfirmation,
  checkName,
  splitName,
} from './validation';
export type { ValidationKey } from './validation';
export { VALIDATION_MESSAGES, isMessageKey } from './messages';
export type { MessageKey } from './messages';
export { ApiError, BrandId, Health } from './common';
export { SocialLink, Collection, BrandDetailsQuery, BrandDetails } from './brand';
export { NewsletterRequest, NewsletterResponse } from './newsletter';
export {
  Gender,
  ListingSort,
  ListingsQuery,
  SizeEntry,
  ProductListing,
  FilterValue,
  ListingFilters,
  ListingsResponse,
  Condition,
  ListingOffer,
  ProductVariant,
  ProductParams,
  ProductQuery,
  ProductResponse,
  VendorParams,
  VendorQuery,
  VendorItem,
  VendorResponse,
} from './listings';
export { BagLineOptions, BagLine, MAX_CART_IDS, CartIds } from './bag';
export {
  EmailInput,
  LoginRequest,
  SignupRequest,
  GoogleLoginRequest,
  PasswordRecoveryRequest,
  PasswordResetParams,
  PasswordResetRequest,
  ProfileUpdateRequest,
  PasswordChangeRequest,
  LoginCustomer,
  LoginResult,
  SignupCustomer,
  SignupResult,
  MessageResponse,
  PasswordResetStatus,
  StorefrontCustomer,
  StorefrontProfile,
  INCORRECT_COMBINATION,
  CURRENT_PASSWORD_WRONG,
  EMAIL_TAKEN_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from './customers';
