// The payment calls' refusals: kept with their attempt and answered again to a repeat, so each is
// an Outcome (status and body) rather than a thrown error.
import { errorSentence, type ErrorCode, type ErrorParams, type PaymentResult } from '@preloved/contract';
import { apiError, refusalBody, type RefusalBody } from '../../core/errors';
import type { CodeRefusal } from './checkout-repository';
import { euros } from '../../core/money';

/** What an answer of the payment calls is: its status and body, stored with the Idempotency-Key. */
export interface Outcome {
  status: 200 | 402 | 404 | 409 | 422;
  body: PaymentResult | (RefusalBody & { lost?: { listing_id: number; title: string }[] });
}

export class LostPieces extends Error {
  constructor(public lost: { listing_id: number; title: string }[]) {
    super('pieces lost');
  }
}

/**
 * The code's rules refused the order in its transaction (another order of the shopper got there
 * first, or the payment method already had a first-order code).
 */
export class CodeRefused extends Error {
  constructor(public key: CodeRefusal | FirstOrderRefusal) {
    super(key);
  }
}

/** A refusal of the payment calls (kept with its attempt, answered again to a repeat): the API's one refusal body. */
export const refusal = (
  status: Exclude<Outcome['status'], 200>,
  code: string,
  { lost, ...rest }: { fields?: { field: string; key: string }[]; lost?: { listing_id: number; title: string }[]; params?: ErrorParams; message?: string } = {},
): Outcome => ({ status, body: refusalBody(status, code, { ...rest, extra: lost ? { lost } : undefined }) });

export const isRefusal = (status: number): status is 402 | 404 | 409 | 422 => [402, 404, 409, 422].includes(status);

/** `refunded`: the money was taken (a provider the page paid through) and is given back in full. */
/** The 409 of pieces sold meanwhile (named in `lost`): its code, params and English message. */
export const lostRefusal = (lost: { title: string }[], paying: boolean | 'refunded') => {
  const code: ErrorCode = paying === 'refunded' ? 'pieces_lost_refunded' : paying ? 'pieces_lost_not_charged' : 'pieces_lost';
  const params = { titles: lost.map((piece) => `"${piece.title}"`).join(', ') };
  return { code, params, message: errorSentence(code, params) };
};
export const lostError = (lost: { listing_id: number; title: string }[]) => {
  const { code, params } = lostRefusal(lost, false);
  return apiError(409, code, { params, extra: { lost } });
};
/** The new total of a `total_changed` refusal, in euros: each reader's language formats it. */
export const totalParams = (cents: number) => ({ total: euros(cents) });

/** Why a first-order code is refused for the payment method: used for one before, or not recognisable. */
export type FirstOrderRefusal = 'first_order_code_card_used' | 'first_order_code_card_used_refunded' | 'first_order_code_method_unproven_refunded';
