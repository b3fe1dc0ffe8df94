import type {
  Address,
  AddressInput,
  AddressList,
  CancelResult,
  ClaimAllResult,
  CheckoutSummary,
  DiscountCodeRequest,
  DiscountCodeResult,
  EmailCodeRequest,
  MessageResponse,
  OrderDetail,
  OrderList,
  PaymentRequest,
  PaymentResult,
  PickupPointList,
  PickupPointsQuery,
  PieceCancelResult,
  ProblemResult,
  Quote,
  QuoteRequest,
  ReviewRequest,
  SummaryRequest,
  Sale,
  SaleList,
} from '@preloved/contract';
import { invalidateCached, setCached, type CacheKey } from '../state/data-cache';
import { refreshBag } from './bag';
import { api, HTTPError } from './client';

// The checkout, address book, orders and sales calls (designed by us, see packages/contract), one
// function per call. Forms show these calls' refusals next to their fields (422 `fields`), the
// payment page the lost pieces of a 409 and the decline of a 402, so the catalogue's toast is skipped.
const own = { handlesErrors: true };

/**
 * A 409 says pieces of the bag were sold or their offers lapsed: the bag is read again at once, so
 * the panel, the header and the checkout show what is left. The caller still gets the 409.
 */
function rereadBagOnConflict<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (error instanceof HTTPError && error.response.status === 409) refreshBag().catch(() => undefined);
    throw error;
  });
}

/** GET /api/customers/addresses — the address book, the default first. */
export function getAddresses(signal?: AbortSignal): Promise<AddressList> {
  return api().get('customers/addresses', { signal }).json<AddressList>();
}

/** The address book's key in the data cache (the checkout reads it there); its changes below keep it true. */
export const addressesEntry: CacheKey = ['addresses'];

/** The change answered the book: the cache keeps it as it is. */
const keepBook = (book: AddressList): AddressList => {
  setCached(addressesEntry, book);
  return book;
};

/** POST /api/customers/addresses — 422 with the spec's keys (no_first_name, no_zip, ...) per field. */
export function addAddress(json: AddressInput): Promise<Address> {
  return api().post('customers/addresses', { json, context: own }).json<Address>().finally(() => invalidateCached(addressesEntry));
}

/** PUT /api/customers/addresses/:id */
export function updateAddress(id: number, json: AddressInput): Promise<Address> {
  return api().put(`customers/addresses/${id}`, { json, context: own }).json<Address>().finally(() => invalidateCached(addressesEntry));
}

/** DELETE /api/customers/addresses/:id — answers the address book. */
export function deleteAddress(id: number): Promise<AddressList> {
  return api().delete(`customers/addresses/${id}`).json<AddressList>().then(keepBook);
}

/** PUT /api/customers/addresses/:id/default — answers the address book. */
export function setDefaultAddress(id: number): Promise<AddressList> {
  return api().put(`customers/addresses/${id}/default`).json<AddressList>().then(keepBook);
}

/** GET /api/checkout/pickuppoints — nearest to lat/lng (Lisbon by default) first. */
export function getPickupPoints(query: PickupPointsQuery = {}, signal?: AbortSignal): Promise<PickupPointList> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') searchParams[key] = value as string | number;
  return api().get('checkout/pickuppoints', { searchParams, signal }).json<PickupPointList>();
}

/**
 * POST /api/checkout/email-code — mails a guest the 6-digit code a first-order code needs,
 * sent with the payment as `email_code`; 429 when asked again too soon.
 */
export function sendCheckoutEmailCode(json: EmailCodeRequest): Promise<MessageResponse> {
  return api().post('checkout/email-code', { json, context: own }).json<MessageResponse>();
}

/** POST /api/checkout/discountcode — 422 no_discount_code / invalid_discount_code on `code`. */
export function checkDiscountCode(json: DiscountCodeRequest): Promise<DiscountCodeResult> {
  return api().post('checkout/discountcode', { json, context: own }).json<DiscountCodeResult>();
}

/** POST /api/checkout/quote — lines, fee lines and total; 409 names pieces no longer available. */
export function getQuote(json: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return rereadBagOnConflict(api().post('checkout/quote', { json, signal, context: own }).json<Quote>());
}

/** POST /api/checkout/summary — the order summary's amounts from the first step, by the server's pricing. */
export function getCheckoutSummary(json: SummaryRequest, signal?: AbortSignal): Promise<CheckoutSummary> {
  return api().post('checkout/summary', { json, signal, context: own }).json<CheckoutSummary>();
}

/**
 * POST /api/checkout/payment. `idempotencyKey` is made once per payment attempt (crypto.randomUUID())
 * and sent again on a retry of the same attempt, so a double click or a lost answer never pays twice.
 * Any refusal is stored with its key too: after changing the request (another card, the new total of
 * a 409), make a new key, or the API refuses the old one with 422 `idempotency_key_reused`.
 */
export function pay(json: PaymentRequest, idempotencyKey: string): Promise<PaymentResult> {
  const paid = rereadBagOnConflict(
    api().post('checkout/payment', { json, headers: { 'Idempotency-Key': idempotencyKey }, context: own }).json<PaymentResult>(),
  );
  // An address saved with the order is in the book from then on.
  if (json.save_address) paid.finally(() => invalidateCached(addressesEntry)).catch(() => undefined);
  return paid;
}

/** POST /api/checkout/payment/:attempt_id/confirm — after the card's extra step. */
export function confirmPayment(attemptId: string): Promise<PaymentResult> {
  return rereadBagOnConflict(api().post(`checkout/payment/${encodeURIComponent(attemptId)}/confirm`, { context: own }).json<PaymentResult>());
}

/** GET /api/orders — the buyer's orders, newest first. */
export function getOrders(page = 1, signal?: AbortSignal): Promise<OrderList> {
  return api().get('orders', { searchParams: { page }, signal }).json<OrderList>();
}

/** GET /api/orders/:id — 404 for an unknown order or someone else's. */
export function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return api().get(`orders/${id}`, { signal }).json<OrderDetail>();
}

/**
 * The signed-in buyer's order by the id in a URL, or null when there is none to show: an id that is
 * not one, an unknown order and someone else's (the API answers 404 for both) look the same.
 */
export async function findOrder(id: string | undefined, signal?: AbortSignal): Promise<OrderDetail | null> {
  const number = Number(id);
  if (!Number.isInteger(number) || number < 1 || number > 2147483647) return null;
  try {
    return await getOrder(number, signal);
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}

/** POST /api/orders/:id/received — the buyer confirms the parcel arrived. */
export function confirmOrderReceived(id: number): Promise<OrderDetail> {
  return api().post(`orders/${id}/received`, { context: own }).json<OrderDetail>();
}

/** POST /api/orders/:id/problem — the buyer reports a problem: the seller's credit is held until the store decides. */
export function reportOrderProblem(id: number, description: string): Promise<ProblemResult> {
  return api().post(`orders/${id}/problem`, { json: { description }, context: own }).json<ProblemResult>();
}

/** POST /api/orders/:id/cancel — the buyer cancels an order nothing of which has shipped: the whole total goes back. */
export function cancelOrder(id: number): Promise<CancelResult> {
  return api().post(`orders/${id}/cancel`, { context: own }).json<CancelResult>();
}

/** POST /api/orders/:id/review — once, for a delivered order (/review-order/{id}). */
export function reviewOrder(id: number, json: ReviewRequest): Promise<OrderDetail> {
  return api().post(`orders/${id}/review`, { json, context: own }).json<OrderDetail>();
}

/**
 * POST /api/orders/claim — one guest order joins the signed-in account with the same e-mail: the
 * confirmation mail's link token (it proves the inbox), or the payment answer's token (403
 * `email_not_verified` until the account's e-mail is proven).
 */
export function claimOrder(claimToken: string): Promise<OrderDetail> {
  return api().post('orders/claim', { json: { claim_token: claimToken }, context: own }).json<OrderDetail>();
}

/** POST /api/orders/claim/code — mails a 6-digit code to the account's e-mail, to claim every guest order of it. */
export function sendClaimOrdersCode(): Promise<MessageResponse> {
  return api().post('orders/claim/code', { context: own }).json<MessageResponse>();
}

/** POST /api/orders/claim/all — with the mailed code: every guest order of the account's e-mail joins it. */
export function claimAllOrders(code: string): Promise<ClaimAllResult> {
  return api().post('orders/claim/all', { json: { code }, context: own }).json<ClaimAllResult>();
}

/** GET /api/sales — the seller's packages to ship. */
export function getSales(page = 1, signal?: AbortSignal): Promise<SaleList> {
  return api().get('sales', { searchParams: { page }, signal }).json<SaleList>();
}

/** POST /api/sales/:id/shipped — with the tracking number. */
export function markSaleShipped(id: number, trackingNumber: string): Promise<Sale> {
  return api().post(`sales/${id}/shipped`, { json: { tracking_number: trackingNumber }, context: own }).json<Sale>();
}

/** POST /api/sales/:id/cancel — the seller of a one-seller order cancels it before shipping: the buyer gets the whole total back. */
export function cancelSale(id: number): Promise<CancelResult> {
  return api().post(`sales/${id}/cancel`, { context: own }).json<CancelResult>();
}

/** POST /api/sales/:id/pieces/:listing_id/cancel — the seller cannot send one piece of a package: its share goes back. */
export function cancelSalePiece(id: number, listingId: number): Promise<PieceCancelResult> {
  return api().post(`sales/${id}/pieces/${listingId}/cancel`, { context: own }).json<PieceCancelResult>();
}

/** GET /api/sales/:id/label — the prepaid label the store bought from the carrier, as a PDF. */
export function downloadSaleLabel(id: number): Promise<Blob> {
  return api().get(`sales/${id}/label`, { context: own }).blob();
}

/** POST /api/sales/:id/label — the label e-mail again (spec §6). */
export function resendLabel(id: number): Promise<MessageResponse> {
  return api().post(`sales/${id}/label`).json<MessageResponse>();
}
