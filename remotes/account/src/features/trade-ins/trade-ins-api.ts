import { TRADE_IN_MESSAGES, type TradeIn, type TradeInList } from '@preloved/contract';
import { api, i18n } from '@preloved/shared';

// The account's trade-in calls (issue 48), through the one API client of @preloved/shared; the page
// shows each refusal beside its trade-in. The refusals' English is added here (not a shopper's page's).
i18n.addResourceBundle('en', 'common', { validation: TRADE_IN_MESSAGES }, true, false);
const own = { handlesErrors: true };

/** GET /api/trade-ins: the customer's trade-ins, newest first. */
export const getTradeIns = (signal?: AbortSignal) => api().get('trade-ins', { signal }).json<TradeInList>();

/** POST /api/trade-ins/:id/answer: the new price accepted, or the piece back. */
export const answerTradeIn = (id: number, answer: 'accept' | 'return') => api().post(`trade-ins/${id}/answer`, { json: { answer }, context: own }).json<TradeIn>();

/** POST /api/trade-ins/:id/cancel: called off before the hub has it. */
export const cancelTradeIn = (id: number) => api().post(`trade-ins/${id}/cancel`, { context: own }).json<TradeIn>();

/** GET /api/trade-ins/:id/label: the prepaid label (`inbound`) or the free one back (`return`), as a PDF. */
export const tradeInLabel = (id: number, kind: 'inbound' | 'return') => api().get(`trade-ins/${id}/label`, { searchParams: { kind }, context: own }).blob();
