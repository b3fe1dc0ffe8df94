// The seam between the store and whoever moves the money (one port, two adapters).
//
// A 'card' provider (the built-in test provider) is handed the card by our server: checkout
// authorizes (holds) the amount before the order's transaction, captures after it commits, and
// voids when the order cannot be made: a piece lost in the transaction, or an instance that dies,
// never leaves a captured charge.
//
// An 'intent' provider (Stripe) never lets the card reach our server: the payment call creates an
// intent for the server's total and answers its client secret; the page confirms it with the
// provider's own element (3-D Secure included); the order is placed when the intent has succeeded
// (its webhook or the page's return, whichever comes first). The money is taken at that point, so
// an order that cannot be made is refunded (`void` gives back whatever was taken or held).

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type Authorization =
  | { status: 'authorized'; id: string; cardBrand: string; last4: string }
  | { status: 'requires_action'; id: string; cardBrand: string; last4: string }
  | { status: 'declined'; reason: string; cardBrand: string; last4: string };

/** What an intent provider's payment is at the moment we ask. */
export type IntentState =
  /**
   * `fingerprint`: the payment method as the provider recognises it again (a card's fingerprint, the
   * same for every payment with that card); null for a method without one (a Multibanco reference).
   */
  | { status: 'succeeded'; id: string; amountCents: number; reference: string | null; cardBrand: string; last4: string; fingerprint: string | null }
  /** The payment failed (declined, canceled): `reason` is the provider's message. */
  | { status: 'failed'; id: string; reference: string | null; reason: string }
  /** Still with the shopper or the bank (3-D Secure, a pending SEPA/Multibanco payment). */
  | { status: 'pending'; id: string; reference: string | null };

interface CommonProvider {
  readonly name: string;
  /** Releases what is held or taken for a payment that made no order: cancels it, or refunds it when the money was taken. */
  void(authorizationId: string): Promise<void>;
  /**
   * Gives captured money back (a refund or a cancelled order); answers the refund's reference.
   * Repeating it for one payment and `part` refunds once; each part (a line refunded alone, issue 29:
   * `line-<id>`; none: the order's rest) is a refund of its own.
   */
  refund(authorizationId: string, amountCents: number, part?: string): Promise<string>;
}

/**
 * What a provider's webhook event says, as far as the store acts on it (the provider's word
 * is final). `intentId`: the payment the event is about (the intent itself, or the charge's or the
 * dispute's intent). A shape the store does not know is `other`: acknowledged, nothing changes.
 */
export type ProviderEventSubject =
  | { kind: 'intent' }
  /** Money given back at the provider, in all so far (a charge's `amount_refunded`), by our own refunds or from outside. */
  | { kind: 'charge_refunded'; chargeId: string; amountRefundedCents: number; refundId: string | null }
  /** A chargeback: opened (`open`) or closed (`won`: the money stays; `lost`: the bank took it back). */
  /** `reason`: the bank's (Stripe's `reason`, e.g. `product_not_received`); `evidenceDueBy`: when the store's answer is due. */
  | { kind: 'dispute'; disputeId: string; status: 'open' | 'won' | 'lost'; amountCents: number; reason?: string | null; evidenceDueBy?: Date | null }
  | { kind: 'other' };
export interface ProviderEvent {
  id: string;
  type: string;
  intentId: string | null;
  subject: ProviderEventSubject;
}

/** A provider the page pays through directly (Stripe's PaymentIntents and Payment Element). */
export interface IntentPaymentProvider extends CommonProvider {
  readonly name: 'stripe';
  readonly flow: 'intent';
  /** What the page needs to load the provider's element (Stripe's publishable key). */
  readonly publishableKey: string;
  /**
   * Creates the intent for `amountCents`, with `reference` (our attempt id) in its metadata; the
   * same `idempotencyKey` answers the same intent.
   */
  createIntent(input: { amountCents: number; currency: 'EUR'; reference: string; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<IntentState>;
  /** A webhook's event, verified on its raw body with the signature header; throws when it does not verify. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** A provider our server hands the card to (the built-in test provider). */
export interface CardPaymentProvider extends CommonProvider {
  readonly flow?: 'card';
  /** Holds `amountCents` on the card. `reference` is our attempt id (the provider's idempotency key). */
  authorize(input: { amountCents: number; currency: 'EUR'; card: CardDetails; reference: string }): Promise<Authorization>;
  /** Completes an authorization that asked for the shopper's extra step (3-D Secure). */
  confirm(authorizationId: string): Promise<Authorization>;
  /** Takes the held money; called once the order is committed. */
  capture(authorizationId: string): Promise<void>;
  /**
   * The card as the provider recognises it again, whoever pays with it (a first-order code
   * once per card); known before anything is held, so a used card is refused before it is charged.
   */
  fingerprint(card: CardDetails): string;
}

export type PaymentProvider = CardPaymentProvider | IntentPaymentProvider;

export const isIntentProvider = (provider: PaymentProvider): provider is IntentPaymentProvider => provider.flow === 'intent';

/** The card's brand from its number (first digits), as shown in the order's payment information. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}
