import type { ReviewReplyRequest, SellerReview, SellerReviews } from '@preloved/contract';
import { api, getConfig } from '@preloved/shared';

// The seller page's own calls, through the one API client of @preloved/shared. They live
// with the page rather than in @preloved/shared: the shell loads that package on every first view,
// and its JavaScript budget has no room for calls only this page makes.

const own = { handlesErrors: true };

/** GET /api/vendors/:id/reviews — a page of a seller's reviews, newest first, with their rating. */
export function getSellerReviews(vendorId: number, page: number, signal?: AbortSignal): Promise<SellerReviews> {
  return api()
    .get(`vendors/${vendorId}/reviews`, { searchParams: { id_brand: getConfig().brandId, page }, signal, context: own })
    .json<SellerReviews>();
}

/** POST /api/reviews/:id/reply — the seller's one answer to a review of their sale. */
export function replyToReview(reviewId: number, reply: string): Promise<SellerReview> {
  const json: ReviewReplyRequest = { reply };
  return api().post(`reviews/${reviewId}/reply`, { json, context: own }).json<SellerReview>();
}
