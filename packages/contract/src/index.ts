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
export { ApiError, BrandId, Health } from './common';
export { SocialLink, Collection, BrandDetailsQuery, BrandDetails } from './brand';
export { NewsletterRequest, NewsletterResponse } from './newsletter';
export {
  GENDERS,
  Gender,
  CATEGORY_IDS,
  LISTING_SORTS,
  ListingSort,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_PAGE,
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
