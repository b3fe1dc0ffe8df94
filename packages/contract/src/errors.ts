import { MAX_CART_IDS } from './bag';
import { formatMoney } from './money';
import { VALIDATION_MESSAGES } from './messages';
import { TEAM_MESSAGES } from './team-messages';
import { TRADER_MESSAGES } from './trader-messages';
import { TAX_MESSAGES } from './tax-messages';
import { TRADE_IN_MESSAGES } from './trade-in-messages';
import { BRAND_DIRECT_MESSAGES } from './brand-direct-messages';

// Every error the API answers carries a stable snake_case `code` (and its English `message`, for logs
// and for clients that do not translate). The codes are the keys below: the field keys of
// VALIDATION_MESSAGES (./messages, what a form shows next to a field) and the refusals that are not
// about one field (REFUSAL_MESSAGES). One list for both sides: the API can only answer a code of
// ERROR_CODES (core/errors.ts types it), and @preloved/shared's i18n translates each of them in English
// and Portuguese (its `validation` section; a test fails when one is missing). A `{{name}}` in a
// sentence is filled from the answer's `params`.
//
// The store's three catalogues, so a newcomer knows where a sentence goes:
// - this one (contract): what the API can refuse, by code, in English (shared i18n adds Portuguese);
// - @preloved/shared's and each app's i18n: the words of the pages (buttons, titles, hints);
// - the API's mail texts (apps/api/src/core/mail/mail-texts.*): the mails, in both languages.
export const REFUSAL_MESSAGES = {
  // Generic answers of the error handler (and of a refusal that names no code of its own).
  invalid_request: 'The request is not valid.',
  bad_request: 'The request could not be read.',
  invalid_url: 'The address of this request is not a valid URL.',
  unstorable_characters: 'The request contains characters that cannot be stored.',
  unsupported_media_type: 'Unsupported content type; send application/json',
  payload_too_large: 'The request is too large.',
  route_not_found: 'No route {{method}} {{path}}',
  not_found: 'Not found',
  unauthorized: 'You are not allowed to do this.',
  forbidden: 'You are not allowed to do this.',
  conflict: 'This can no longer be done.',
  unprocessable: 'The request cannot be processed.',
  unavailable: 'This is unavailable right now. Please try again later.',
  internal_error: 'Internal server error',
  too_many_attempts: 'Too many attempts. Please try again later.',
  // Things that do not exist (or are someone else's, answered alike).
  product_not_found: 'Product not found',
  seller_not_found: 'Seller not found',
  brand_not_found: 'Brand not found',
  order_not_found: 'Order not found',
  sale_not_found: 'Sale not found',
  listing_not_found: 'Listing not found',
  address_not_found: 'Address not found',
  review_not_found: 'Review not found',
  photo_not_found: 'Photo not found',
  image_not_found: 'Image not found',
  pickup_point_not_found: 'Pickup point not found',
  payment_not_found: 'Payment not found',
  // Signing in.
  session_ended: 'Your session has ended. Please sign in again.',
  google_not_configured: 'Google sign-in is not configured.',
  google_failed: 'Google sign-in failed. Please try again.',
  google_unavailable: 'Google sign-in is unavailable right now. Please try again later.',
  google_email_unverified: 'Your Google e-mail address is not verified.',
  google_other_account: 'This e-mail is linked to another Google account.',
  reset_link_unusable: 'This password reset link has expired or was already used. Please ask for a new one.',
  // Proven identity.
  email_not_verified: 'Confirm your e-mail address first: open the link we sent you, or type its 6-digit code.',
  verification_link_unusable: 'This confirmation link has expired or was already used. Ask for a new one from your account.',
  email_already_verified: 'Your e-mail address is already confirmed.',
  step_up_required: 'For your safety, confirm it is you: enter your password, or the code we e-mail you.',
  google_link_password: 'An account with this e-mail already exists. Enter its password once to link it to Google.',
  payouts_frozen: 'Payouts are frozen on this account because a change was reported as not yours. Reset your password to release them.',
  claim_link_unusable: 'This link to add the order has expired or was already used. Sign in with the e-mail of the order and confirm it to add your guest orders.',
  // The bag and the wishlist.
  listing_unknown: 'This item does not exist.',
  listing_unavailable: 'This item has been sold or is no longer available.',
  own_listing_in_bag: 'This is your own listing: you cannot add it to your bag.',
  offer_not_for_bag: 'This offer cannot be used: it is not an accepted offer of yours for this item.',
  bag_line_unknown: 'This line is not in your bag.',
  bag_full: 'Your bag is full ({{max}} items): remove an item before adding another.',
  product_unknown: 'This product does not exist.',
  too_many_addresses: 'You can keep at most {{max}} addresses. Delete one first.',
  // Offers.
  offer_unknown: 'Offer not found',
  own_listing_offer: 'This is your own listing: you cannot make an offer on it.',
  offer_already_open: 'You already have an open offer on this item.',
  offer_not_open: 'This offer can no longer be answered.',
  offer_not_withdrawable: 'This offer can no longer be withdrawn.',
  offer_seller_timeout: 'The seller did not accept or reject the offer in time.',
  offer_buyer_timeout: 'The buyer did not purchase in time.',
  offer_seller_declined: 'The seller rejected the offer.',
  offer_already_accepted: 'This offer has already been accepted.',
  // Counter-offers.
  offer_already_countered: 'You have already made a counter-offer on this offer.',
  offer_not_counterable: 'This offer can no longer be countered.',
  offer_buyer_declined: 'The buyer declined the counter-offer.',
  counter_not_open: 'This counter-offer can no longer be answered.',
  counter_expired: 'The buyer did not answer the counter-offer in time.',
  // Checkout and payment (the bag's field keys: `cart`).
  unknown_listing: 'Some pieces in your bag do not exist. Please remove them.',
  empty_bag: 'Your bag is empty.',
  own_listing: '"{{title}}" is your own piece: remove it from your bag.',
  pieces_lost: 'Sorry, these pieces are no longer available: {{titles}}.',
  pieces_lost_not_charged: 'Sorry, these pieces are no longer available: {{titles}}. Nothing was charged.',
  pieces_lost_refunded: 'Sorry, these pieces are no longer available: {{titles}}. Your payment has been refunded in full.',
  total_changed: 'The total is now {{total, money}}. Please review your order before paying.',
  total_changed_not_charged: 'The total is now {{total, money}}. Nothing was charged: please review your order and pay again.',
  payment_not_processed: 'This payment was not processed. Please try again.',
  payment_processing: 'This payment is still being processed. Please try again in a moment.',
  card_confirmation_expired: 'This card confirmation has expired. Nothing was charged: please pay again.',
  idempotency_key_reused: 'This Idempotency-Key was already used for another payment. Use a new key for a new payment.',
  payment_declined: 'Your payment was declined.',
  // The payment provider's own errors, in the store's words: its messages never reach the client.
  payment_amount_mismatch_refunded: 'The payment was not for this order’s total, so no order was placed and the payment has been refunded in full. Please pay again.',
  payment_provider_unavailable: 'The payment service is not answering right now. Nothing more was charged: please try again in a moment.',
  payment_provider_refused: 'The payment service could not handle this payment. Nothing more was charged: please pay again.',
  // Wallet.
  discount_code_redeemed: 'This discount code has already been used.',
  discount_code_inactive: 'This discount code is not active.',
  // Real payouts.
  stripe_connect_not_provider: 'This store does not pay sellers through Stripe.',
  bank_transfer_by_stripe: 'Your sales are paid to your Stripe account.',
  // Orders, sales, reviews.
  order_closed: 'This order is already delivered, or its buyer reported a problem.',
  mail_unavailable: 'The e-mail could not be sent right now. Please try again later.',
  order_not_shipped: 'This order has not been shipped yet.',
  review_not_delivered: 'You can review an order once it is delivered.',
  review_exists: 'You have already reviewed this order.',
  review_not_yours: 'You can only answer reviews of your own sales.',
  review_already_answered: 'You have already answered this review.',
  order_shipped: 'A package of this order has already been shipped: the order can no longer be cancelled.',
  order_problem_open: 'A problem is reported on this order: the store resolves it.',
  order_cancelled: 'This order is already cancelled.',
  order_other_sellers: 'This order has pieces of other sellers too: cancel the pieces you cannot ship one by one.',
  piece_refunded: 'This piece is already cancelled and refunded.',
  // The carrier's label and tracking.
  shipped_by_carrier: 'This sale ships with the label the store bought: it counts as shipped at the carrier’s first scan, no number to type.',
  label_pending: 'The shipping label is still being bought. Try again in a few minutes.',
  carrier_unavailable: 'The carrier is not answering right now. Please try again in a moment.',
  // Saved searches.
  saved_search_limit: 'You can keep up to {{max}} saved searches: delete one to save another.',
  saved_search_empty: 'Choose a search or at least one filter before saving it.',
  saved_search_not_found: 'Saved search not found',
  account_blocked: 'This account is blocked. Write to the store’s support if you think it is a mistake.',
  listing_in_moderation: 'This listing is with the brand’s moderators: it cannot be changed now.',
  // Selling.
  listing_sold: 'This piece is sold: it can no longer be changed.',
  // Conversations.
  thread_not_found: 'Conversation not found',
  thread_own_listing: 'This is your own piece: there is no seller to ask.',
  thread_blocked: 'This conversation is blocked: no new message can be sent.',
  thread_not_blocked_by_you: 'Only who blocked this conversation can unblock it.',  // Notice and action.
  report_target_not_found: 'There is no such piece or seller to report.',
  contest_not_found: 'This link to contest a decision is not valid.',
  contest_sent_already: 'You have contested this decision already: we will answer by e-mail.',
  seller_restricted: 'Your selling is restricted by a moderation decision: you cannot list new pieces.',
  // DAC7: past the reporting threshold, money leaves the wallet once the seller's tax data is given.
  tax_data_needed: 'Your payouts are paused until you give your tax details (EU DAC7 rules): add them under Tax details.',
  // Deleting an account (GDPR): refused while something is still open.
  account_open_orders: 'An order of yours is still on its way: you can delete your account once it is delivered or cancelled.',
  account_open_sales: 'A sale of yours is not settled yet: ship it and wait until it is delivered before deleting your account.',
  account_open_dispute: 'A problem or dispute on one of your orders or sales is still open: it must be closed before you delete your account.',
  account_open_trade_in: 'A piece you traded in is on its way to the brand or at its hub: it must be paid or sent back before you delete your account.',
  account_pending_payout: 'A payout to your bank or Stripe account is still on its way: wait until it is paid before deleting your account.',
  account_has_credit: 'Your wallet still holds {{amount, money}} (some may still be pending): transfer it to your bank or spend it before deleting your account.',

} as const;

/** The codes a shopper's or a seller's page can meet, with their English sentences (the pages' catalogue). */
export const SHOPPER_ERROR_MESSAGES = { ...VALIDATION_MESSAGES, ...REFUSAL_MESSAGES } as const;

/** Every code the API can answer, with its English sentence: the shoppers' and the brand's team's. */
export const ERROR_MESSAGES = { ...SHOPPER_ERROR_MESSAGES, ...TEAM_MESSAGES, ...TRADER_MESSAGES, ...TAX_MESSAGES, ...TRADE_IN_MESSAGES, ...BRAND_DIRECT_MESSAGES } as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The single list of codes the API answers (and the catalogues must translate). */
// Pure: a page that does not use them leaves them (and the team's sentences) out of its bundle.
export const ERROR_CODES = /*#__PURE__*/ Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, value);
}


/**
 * Values a sentence's `{{name}}` placeholders are filled with (sent as the answer's `params`). Money is
 * a number of euros, never a formatted text: its placeholder is `{{name, money}}`, which each reader's
 * language formats (formatMoney: "€23.20", "23,20 €"); the storefront's i18n has the same `money` format.
 */
export type ErrorParams = Record<string, string | number>;

/** A code's English sentence with its placeholders filled (a `{{name, money}}` one as English money). */
export function errorSentence(code: ErrorCode, params: ErrorParams = {}): string {
  return fillSentence(ERROR_MESSAGES[code], params, 'en');
}

/** A sentence of the catalogue in `language` with its placeholders filled: `{{name}}` as it is, `{{name, money}}` formatted. */
function fillSentence(sentence: string, params: ErrorParams, language: string): string {
  return sentence.replace(/\{\{(\w+)(?:, *(money))?\}\}/g, (whole, name: string, format?: string) => {
    if (!(name in params)) return whole;
    const value = params[name]!;
    return format === 'money' ? formatMoney(Number(value), language) : String(value);
  });
}

const R = REFUSAL_MESSAGES;

/**
 * @deprecated The bag's refusals as English sentences, from the catalogue above: throw
 * `apiError(status, code)` in the API, and translate the answer's `code` in the client.
 */
export const BAG_MESSAGES = {
  listingUnknown: R.listing_unknown,
  listingUnavailable: R.listing_unavailable,
  ownListing: R.own_listing_in_bag,
  offerRefused: R.offer_not_for_bag,
  lineUnknown: R.bag_line_unknown,
  childUnknown: R.product_unknown,
  bagFull: /*#__PURE__*/ errorSentence('bag_full', { max: MAX_CART_IDS }),
} as const;

/** @deprecated The offer calls' refusals as English sentences (see BAG_MESSAGES). */
export const OFFER_MESSAGES = {
  unknown: R.offer_unknown,
  listingUnknown: R.listing_unknown,
  listingUnavailable: R.listing_unavailable,
  ownListing: R.own_listing_offer,
  alreadyOpen: R.offer_already_open,
  notOpen: R.offer_not_open,
  notWithdrawable: R.offer_not_withdrawable,
  sellerTimeout: R.offer_seller_timeout,
  buyerTimeout: R.offer_buyer_timeout,
  sellerDeclined: R.offer_seller_declined,
  alreadyAccepted: R.offer_already_accepted,
  notAcceptedForBag: R.offer_not_for_bag,
  alreadyCountered: R.offer_already_countered,
  counterTimeout: R.counter_expired,
} as const;
