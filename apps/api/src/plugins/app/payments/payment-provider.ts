// The seam between the store and whoever moves the money. Checkout authorizes (holds) the amount
// before the order's transaction, captures after it commits, and voids when the order cannot be
// made: a piece lost in the transaction, or an instance that dies, never leaves a captured charge.

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

export interface PaymentProvider {
  readonly name: string;
  /** Holds `amountCents` on the card. `reference` is our attempt id (the provider's idempotency key). */
  authorize(input: { amountCents: number; currency: 'EUR'; card: CardDetails; reference: string }): Promise<Authorization>;
  /** Completes an authorization that asked for the shopper's extra step (3-D Secure). */
  confirm(authorizationId: string): Promise<Authorization>;
  /** Takes the held money; called once the order is committed. */
  capture(authorizationId: string): Promise<void>;
  /** Releases the hold; called when no order was made. */
  void(authorizationId: string): Promise<void>;
  /** Gives captured money back (an operator's refund of a problem order); answers the refund's reference. */
  refund(authorizationId: string, amountCents: number): Promise<string>;
}

/** The card's brand from its number (first digits), as shown in the order's payment information. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}
