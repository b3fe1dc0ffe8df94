import type { OrderReturns } from '@preloved/contract';
import { api } from './client';

// Brand Direct's calls for the buyer (issue 48): the brand's pieces of an order, returning one within
// 14 days of the delivery, its prepaid label and the brand's invoice. The page shows their refusals.
const own = { handlesErrors: true };

/** GET /api/orders/:id/returns — the order's pieces the brand sold itself and their returns (none: an empty list). */
export function getOrderReturns(orderId: number, signal?: AbortSignal): Promise<OrderReturns> {
  return api().get(`orders/${orderId}/returns`, { signal, context: own }).json<OrderReturns>();
}

/** POST /api/orders/:id/returns — returns a brand piece (the 14-day withdrawal: no reason needed). */
export function returnBrandPiece(orderId: number, listingId: number): Promise<OrderReturns> {
  return api().post(`orders/${orderId}/returns`, { json: { listing_id: listingId }, context: own }).json<OrderReturns>();
}

/** A document of the order the API serves to its buyer only (the return label, the brand's invoice), as a file. */
export function downloadOrderDocument(url: string): Promise<Blob> {
  return api().get(url.replace(/^\/api\//, ''), { context: own }).blob();
}
