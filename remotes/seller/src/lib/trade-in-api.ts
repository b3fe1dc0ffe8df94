import { TRADE_IN_MESSAGES, type TradeIn, type TradeInCreate, type TradeInOffer } from '@preloved/contract';
import { api, i18n } from '@preloved/shared';

// The trade-in's calls (issue 48), through the one API client of @preloved/shared. Each shows its own
// refusal next to the offer (the limits, a price that changed), so the catalogue's toast is skipped;
// the refusals' English is added here, as onboarding adds the trader declaration's.
i18n.addResourceBundle('en', 'common', { validation: TRADE_IN_MESSAGES }, true, false);
const own = { handlesErrors: true };

/** GET /api/trade-ins/offer: the brand's instant price for a product child in a condition. */
export function getTradeInOffer(childId: number, conditionId: number, signal?: AbortSignal): Promise<TradeInOffer> {
  return api().get('trade-ins/offer', { searchParams: { child_id: childId, condition_id: conditionId }, signal, context: own }).json<TradeInOffer>();
}

/** POST /api/trade-ins: accepts the offer; the same Idempotency-Key answers the same trade-in. */
export function acceptTradeIn(json: TradeInCreate, idempotencyKey: string): Promise<TradeIn> {
  return api().post('trade-ins', { json, headers: { 'Idempotency-Key': idempotencyKey }, context: own }).json<TradeIn>();
}

/** GET /api/trade-ins/:id/label: the prepaid label to the hub, as a PDF. */
export function tradeInLabel(id: number): Promise<Blob> {
  return api().get(`trade-ins/${id}/label`, { context: own }).blob();
}
