import type { StripeConnectLink, StripeConnectStart, StripeConnectStatus } from '@preloved/contract';
import { api } from '@preloved/shared';

// The onboarding page's own calls to "Get paid by Stripe", through the one API client of
// @preloved/shared. They live with the page rather than in @preloved/shared: the shell loads that
// package on every first view, and its JavaScript budget has no room for calls only this page makes.

/** Not offered: the store does not pay through Stripe, or its answer could not be had (the page then offers the other ways). */
const NOT_OFFERED: StripeConnectStatus = { offered: false, account: false, transfers_active: false, details_submitted: false };

/**
 * GET /api/customers/payout/stripe — whether this store pays sellers through Stripe, and what Stripe
 * says of the seller's account. A failure answers "not offered", without a toast.
 */
export async function getStripeConnectStatus(signal?: AbortSignal): Promise<StripeConnectStatus> {
  try {
    return await api().get('customers/payout/stripe', { signal, context: { handlesErrors: true } }).json<StripeConnectStatus>();
  } catch {
    return NOT_OFFERED;
  }
}

/**
 * POST /api/customers/payout/stripe — "Get paid by Stripe": the link to Stripe's onboarding. A payout
 * change: 403 `step_up_required` until the owner confirms it is them (useStepUp).
 */
export function startStripeConnect(json: StripeConnectStart): Promise<StripeConnectLink> {
  return api().post('customers/payout/stripe', { json, context: { handlesErrors: true } }).json<StripeConnectLink>();
}
