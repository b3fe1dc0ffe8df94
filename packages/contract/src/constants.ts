// Business constants of the spec (§9) that both the server and the client need.
export const BRAND_ID = 1;
/** The brand's (main shop's) one name, as the spec's own paths spell it (/shop-beautiful-losers): its logo, its shop, its footer. */
export const MAIN_SHOP_NAME = 'Beautiful Losers';
/** The pickup map's tiles unless the server says otherwise ({z}/{x}/{y} template; {s} a subdomain). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAX_INPUT_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
/** The fixed punctuation set a password needs one character of (spec §5; the set itself is ours). */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';
export const SEARCH_MIN_LENGTH = 4; // "more than 3 characters"
export const SEARCH_MAX_LENGTH = 50;
export const CATEGORY_CLOTHING = 6;
export const CATEGORY_ACCESSORIES = [7, 11] as const;
export const SELLER_SHIPS_WITHIN_BUSINESS_DAYS = 5;
/**
 * The countries the store delivers to, ISO 3166-1 alpha-2: Portugal, where the pickup
 * points and the sellers are, and Spain, which the carriers reach in the same delivery time. An
 * address elsewhere is refused (422 invalid_country); the checkout offers only these.
 */
export const SHIPPING_COUNTRIES = ['PT', 'ES'] as const;
export const CURRENCY_SYMBOL_CODE = 'EUR';
/** The bag panel's width on screens wider than a phone (spec §9). */
export const BAG_PANEL_WIDTH_PX = 450;
/** How long the "added" flag stays up after an item goes into the bag (spec §4, §9). */
export const BAG_ADDED_MS = 2000;

// Catalogue constants the client needs without the zod schemas (keeping zod out of the browser).
export const GENDERS = ['women', 'men'] as const;
export const CATEGORY_IDS = [CATEGORY_CLOTHING, ...CATEGORY_ACCESSORIES] as const;
/**
 * `relevance` orders a search by how well each card answers the words (browsing without words falls
 * back to the spec's order, min price ascending, which stays the default everywhere).
 */
export const LISTING_SORTS = ['price_asc', 'price_desc', 'newest', 'relevance'] as const;
/** Page size when `limit` is 0 or absent; `limit` never exceeds MAX_PAGE_SIZE: no unbounded lists. */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 60;
export const MAX_PAGE = 500;
