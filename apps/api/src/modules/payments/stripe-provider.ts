import Stripe from 'stripe';
import { apiError, type HttpError } from '../../core/errors';
import type { IntentPaymentProvider, IntentState, ProviderEvent, ProviderEventSubject } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where Stripe's API answers (stripe-mock, a test stand-in); Stripe's own host when absent. */
  apiUrl?: string | undefined;
  /** Told Stripe's own error before it is answered in the store's words (the log). */
  onError?: (error: unknown) => void;
}

/**
 * Stripe's errors in the store's own codes: its messages ("No such payment_intent: 'pi_…'")
 * never reach the client. Unreachable, failing or throttling: 503 `payment_provider_unavailable` (try
 * again); a card refused: 402 `payment_declined`; anything else Stripe refuses (an unknown or
 * settled object, a key, an idempotency clash): 502 `payment_provider_refused`.
 */
export function providerError(error: unknown): HttpError | null {
  const type = (error as { type?: unknown } | null)?.type;
  if (!(error instanceof Error) || typeof type !== 'string' || !type.startsWith('Stripe')) return null;
  if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') return apiError(503, 'payment_provider_unavailable');
  if (type === 'StripeCardError') return apiError(402, 'payment_declined');
  return apiError(502, 'payment_provider_refused');
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const cents = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
/** An expandable field: its id, whether Stripe sent the id or the object. */
const idOf = (value: unknown): string | null => text(value) ?? (value && typeof value === 'object' ? text((value as { id?: unknown }).id) : null);

/**
 * What a verified event says (its shape checked field by field: a signed event of a shape we do not
 * know, or a field of a wrong type, is `other` and changes nothing).
 */
export function describeEvent(event: { id: string; type: string; data?: { object?: unknown } }): ProviderEvent {
  const object = (event.data?.object && typeof event.data.object === 'object' ? event.data.object : {}) as Record<string, unknown>;
  const other = { id: event.id, type: event.type, intentId: null, subject: { kind: 'other' } as ProviderEventSubject };
  if (object.object === 'payment_intent') {
    const id = text(object.id);
    return id ? { id: event.id, type: event.type, intentId: id, subject: { kind: 'intent' } } : other;
  }
  if (object.object === 'charge' && event.type === 'charge.refunded') {
    const intentId = idOf(object.payment_intent);
    const chargeId = text(object.id);
    const refunded = cents(object.amount_refunded);
    if (!intentId || !chargeId || refunded === null) return other;
    // The newest refund first (Stripe's list order), when the event carries the list.
    const list = (object.refunds as { data?: unknown } | null | undefined)?.data;
    const refundId = Array.isArray(list) && list.length ? idOf(list[0]) : null;
    return { id: event.id, type: event.type, intentId, subject: { kind: 'charge_refunded', chargeId, amountRefundedCents: refunded, refundId } };
  }
  if (object.object === 'dispute' && (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed')) {
    const intentId = idOf(object.payment_intent);
    const disputeId = text(object.id);
    const amount = cents(object.amount);
    if (!intentId || !disputeId || amount === null) return other;
    // Closed: won (or an inquiry closed without a chargeback, `warning_closed`) keeps the money; lost does not.
    const status = event.type === 'charge.dispute.created' ? 'open' : object.status === 'lost' ? 'lost' : object.status === 'won' || object.status === 'warning_closed' ? 'won' : null;
    if (!status) return other;
    const dueBy = (object.evidence_details as { due_by?: unknown } | null | undefined)?.due_by;
    const evidenceDueBy = typeof dueBy === 'number' && Number.isSafeInteger(dueBy) && dueBy > 0 ? new Date(dueBy * 1000) : null;
    return { id: event.id, type: event.type, intentId, subject: { kind: 'dispute', disputeId, status, amountCents: amount, reason: text(object.reason), evidenceDueBy } };
  }
  return other;
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };
const METHODS: Record<string, string> = { sepa_debit: 'SEPA Direct Debit', mb_way: 'MB WAY', multibanco: 'Multibanco' };

/**
 * What we keep of the payment method: the card's brand and last digits, or the method's name; and
 * its fingerprint (a card's or a SEPA account's, the same for every payment with it).
 */
function methodOf(method: string | Stripe.PaymentMethod | null): { cardBrand: string; last4: string; fingerprint: string | null } {
  if (!method || typeof method === 'string') return { cardBrand: 'Stripe', last4: '', fingerprint: null };
  if (method.card) return { cardBrand: BRANDS[method.card.brand] ?? method.card.brand, last4: method.card.last4, fingerprint: method.card.fingerprint ? `card:${method.card.fingerprint}` : null };
  if (method.sepa_debit?.last4) return { cardBrand: METHODS.sepa_debit!, last4: method.sepa_debit.last4, fingerprint: method.sepa_debit.fingerprint ? `sepa_debit:${method.sepa_debit.fingerprint}` : null };
  return { cardBrand: METHODS[method.type] ?? method.type, last4: '', fingerprint: null };
}

export function intentState(intent: Stripe.PaymentIntent): IntentState {
  const reference = intent.metadata?.attempt_id ?? null;
  if (intent.status === 'succeeded') {
    return { status: 'succeeded', id: intent.id, reference, amountCents: intent.amount_received || intent.amount, ...methodOf(intent.payment_method) };
  }
  if (intent.status === 'canceled') return { status: 'failed', id: intent.id, reference, reason: 'The payment was cancelled. Nothing was charged.' };
  // Declined (the card, the bank, 3-D Secure failed): Stripe puts the intent back to wanting a method, with the error.
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
    return { status: 'failed', id: intent.id, reference, reason: intent.last_payment_error.message ?? 'Your payment was declined.' };
  }
  return { status: 'pending', id: intent.id, reference };
}

/** A call to Stripe whose error answers in the store's words (providerError); `onError` is told Stripe's own first. */
export async function stripeCall<T>(run: () => Promise<T>, onError?: (error: unknown) => void): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const mapped = providerError(error);
    if (!mapped) throw error;
    onError?.(error);
    throw mapped;
  }
}

/** Stripe's official SDK for the account's secret key; `apiUrl` points it at a stand-in (tests) instead of Stripe. */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const url = apiUrl ? new URL(apiUrl) : null;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    ...(url ? { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Preloved' },
  });
}

/**
 * Stripe through its official SDK: PaymentIntents for the server's total in EUR with
 * automatic payment methods (cards with 3-D Secure, SEPA, MB WAY, Multibanco as the account enables
 * them), our attempt id in the metadata, our Idempotency-Key forwarded. Money is taken when the
 * intent succeeds, so giving it back is a refund; one refund per intent (keyed by it).
 */
export function stripePaymentProvider(settings: StripeSettings): IntentPaymentProvider & { stripe: Stripe } {
  const stripe = stripeClient(settings.secretKey, settings.apiUrl);

  const call = <T>(run: () => Promise<T>) => stripeCall(run, settings.onError);

  async function refund(intentId: string, amountCents: number, part?: string): Promise<string> {
    // One key per intent and part: a repeat (a retried webhook, a second cancellation) answers the first
    // refund; a line refunded alone is a partial refund of the same intent, keyed by its line.
    const idempotencyKey = part ? `refund-${intentId}-${part}` : `refund-${intentId}`;
    const refunded = await call(() => stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey }));
    return refunded.id;
  }

  return {
    name: 'stripe',
    flow: 'intent',
    publishableKey: settings.publishableKey,
    stripe,

    async createIntent({ amountCents, currency, reference, idempotencyKey }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          { amount: amountCents, currency: currency.toLowerCase(), automatic_payment_methods: { enabled: true }, metadata: { attempt_id: reference } },
          { idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieveIntent(id) {
      return intentState(await call(() => stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] })));
    },

    async void(intentId) {
      const intent = await call(() => stripe.paymentIntents.retrieve(intentId));
      if (intent.status === 'succeeded') {
        await refund(intentId, intent.amount_received || intent.amount);
        return;
      }
      if (intent.status === 'canceled') return;
      await call(() => stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${intentId}` }));
    },

    refund,

    verifyEvent(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new Error('not an event');
      return describeEvent(event);
    },
  };
}
