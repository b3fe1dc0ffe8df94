import type { PayoutPreference, PayoutPreferenceInput } from '@preloved/contract';
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
