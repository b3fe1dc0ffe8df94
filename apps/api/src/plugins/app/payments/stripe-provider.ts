import Stripe from 'stripe';
import type { IntentPaymentProvider, IntentState } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where Stripe's API answers (stripe-mock, a test stand-in); Stripe's own host when absent. */
  apiUrl?: string | undefined;
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };
const METHODS: Record<string, string> = { sepa_debit: 'SEPA Direct Debit', mb_way: 'MB WAY', multibanco: 'Multibanco' };

/**
 * What we keep of the payment method: the card's brand and last digits, or the method's name; and
 * its fingerprint (a card's or a SEPA account's, the same for every payment with it; issue 41).
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

/**
 * Stripe through its official SDK (issue 28): PaymentIntents for the server's total in EUR with
 * automatic payment methods (cards with 3-D Secure, SEPA, MB WAY, Multibanco as the account enables
 * them), our attempt id in the metadata, our Idempotency-Key forwarded. Money is taken when the
 * intent succeeds, so giving it back is a refund; one refund per intent (keyed by it).
 */
export function stripePaymentProvider(settings: StripeSettings): IntentPaymentProvider & { stripe: Stripe } {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(settings.secretKey, {
    ...(url ? { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Preloved' },
  });

  async function refund(intentId: string, amountCents: number, part?: string): Promise<string> {
    // One key per intent and part: a repeat (a retried webhook, a second cancellation) answers the first
    // refund; a line refunded alone (issue 29) is a partial refund of the same intent, keyed by its line.
    const idempotencyKey = part ? `refund-${intentId}-${part}` : `refund-${intentId}`;
    const refunded = await stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
    return refunded.id;
  }

  return {
    name: 'stripe',
    flow: 'intent',
    publishableKey: settings.publishableKey,
    stripe,

    async createIntent({ amountCents, currency, reference, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency: currency.toLowerCase(), automatic_payment_methods: { enabled: true }, metadata: { attempt_id: reference } },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieveIntent(id) {
      return intentState(await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
    },

    async void(intentId) {
      const intent = await stripe.paymentIntents.retrieve(intentId);
      if (intent.status === 'succeeded') {
        await refund(intentId, intent.amount_received || intent.amount);
        return;
      }
      if (intent.status === 'canceled') return;
      await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${intentId}` });
    },

    refund,

    verifyEvent(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      const object = event.data.object as { object?: string; id?: string };
      return { id: event.id, type: event.type, intentId: object.object === 'payment_intent' && object.id ? object.id : null };
    },
  };
}
