import type { TraderDeclaration, TraderDeclarationInput } from '@preloved/contract';
import { api } from '@preloved/shared';

// The onboarding page's own calls for the trader declaration, through the one API client of
// @preloved/shared; with the page, like stripe-api.ts: the shell loads that package on every first view.
// The form shows a 422's field keys next to its fields, so the catalogue's toast is skipped.

/** GET /api/seller/trader — `kind: null` until the seller answered (treated as a private person). */
export function getTraderDeclaration(signal?: AbortSignal): Promise<TraderDeclaration> {
  return api().get('seller/trader', { signal }).json<TraderDeclaration>();
}

/** PUT /api/seller/trader. */
export function saveTraderDeclaration(json: TraderDeclarationInput): Promise<TraderDeclaration> {
  return api().put('seller/trader', { json, context: { handlesErrors: true } }).json<TraderDeclaration>();
}
