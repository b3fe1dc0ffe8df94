import type { PayoutPreference, PayoutPreferenceInput, StripeConnectLink, StripeConnectStart, StripeConnectStatus } from '@preloved/contract';
import { api } from './client';

// How the signed-in seller is paid (/user/onboarding, /user/wallet). The form shows the 422
// `no_iban` / `invalid_iban` next to the IBAN field, so the catalogue's toast is skipped.

/** GET /api/customers/payout — `onboarded: false` until the customer chose once. */
export function getPayoutPreference(signal?: AbortSignal): Promise<PayoutPreference> {
  return api().get('customers/payout', { signal }).json<PayoutPreference>();
}

/**
 * PUT /api/customers/payout. After the first choice a change needs a step-up proof (403
 * `step_up_required`; `password` sent along gives it, 422 on the `password` field).
 */
export function savePayoutPreference(json: PayoutPreferenceInput): Promise<PayoutPreference> {
  return api().put('customers/payout', { json, context: { handlesErrors: true } }).json<PayoutPreference>();
}

/** Not offered: the store does not pay through Stripe, or its answer could not be had (the page then offers the other ways). */
const STRIPE_NOT_OFFERED: StripeConnectStatus = { offered: false, account: false, transfers_active: false, details_submitted: false };

/**
 * GET /api/customers/payout/stripe (issue 42) — whether this store pays sellers through Stripe, and
 * what Stripe says of the seller's account. A failure answers "not offered", without a toast.
 */
export async function getStripeConnectStatus(signal?: AbortSignal): Promise<StripeConnectStatus> {
  try {
    return await api().get('customers/payout/stripe', { signal, context: { handlesErrors: true } }).json<StripeConnectStatus>();
  } catch {
    return STRIPE_NOT_OFFERED;
  }
}

/**
 * POST /api/customers/payout/stripe — "Get paid by Stripe": the link to Stripe's onboarding. A payout
 * change: 403 `step_up_required` until the owner confirms it is them (useStepUp).
 */
export function startStripeConnect(json: StripeConnectStart): Promise<StripeConnectLink> {
  return api().post('customers/payout/stripe', { json, context: { handlesErrors: true } }).json<StripeConnectLink>();
}
