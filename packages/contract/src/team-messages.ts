// The refusals only the brand's team meets: the back office's, and those of the calls operators and
// machines make (the operator key, the main shop's server, metrics, webhooks, SEPA files). They are
// codes of the one catalogue (ERROR_MESSAGES, ./errors.ts) like every other, kept in a module of their
// own so a shopper's page, whose English catalogue is every code it can meet (@preloved/shared's
// errors.en, on every page), does not carry them.
export const TEAM_MESSAGES = {
  // A field's key (a 422's fields), as ./messages.ts's.
  dispute_reason_needed: 'Write the reason both the buyer and the seller will read.',
  dispute_pieces_needed: 'Choose the pieces to refund.',
  dispute_piece_unknown: 'A piece chosen is not in this order.',
  dispute_piece_refunded: 'A piece chosen was refunded already.',
  staff_reason_needed: 'Write the reason for the audit log.',
  moderation_reason_needed: 'Choose the reason the seller will read.',
  figures_range: 'Choose a start and an end date at most two years apart.',
  discount_code_format: 'A code is 3 to 30 letters, digits or hyphens.',
  discount_code_one_kind: 'Choose a percentage or an amount off, not both.',
  discount_code_window: 'The end must come after the start.',
  discount_code_taken: 'This code exists already.',
  credit_bonus_percent: 'A whole percentage from 0 to 50.',
  credit_bonus_cap: 'An amount of euros from 0 to 1000.',
  price_rule_percent: 'A whole percentage from 1 to 300, or empty for none.',
  price_rule_order: 'The ceiling must not be below the floor.',
  category_unknown: 'There is no such category.',
  // The back office's refusals.
  discount_code_not_found: 'Discount code not found',
  iban_not_on_hold: 'This seller’s IBAN is not on hold any more.',
  customer_not_found: 'Customer not found',
  customer_not_blocked: 'This customer is not blocked.',
  customer_blocked_already: 'This customer is blocked already.',
  listing_not_in_review: 'This listing is not waiting for a review any more.',
  discount_code_not_changed: 'This code is so already: nothing changed.',
  staff_signed_out: 'Sign in to the back office.',
  staff_role_refused: 'Your role does not open this part of the back office.',
  staff_sign_in_refused: 'That e-mail, password and code do not sign you in.',
  staff_email_taken: 'A member of staff already has this e-mail.',
  staff_invitation_invalid: 'This invitation has expired or was already used. Ask an admin for a new one.',
  staff_totp_invalid: 'Type the six-digit code your authenticator app shows now.',
  staff_step_up_required: 'A refund this large needs the code your authenticator app shows now.',
  // Operators' and machines' calls.
  operator_key_needed: 'An operator key is needed (X-Operator-Key).',
  shop_key_needed: 'A valid shop key is needed.',
  metrics_token_needed: 'A metrics token is needed',
  stripe_not_provider: 'Stripe is not the payment provider of this store.',
  webhook_signature_invalid: 'The webhook signature does not verify (wrong secret, altered body or too old).',
  webhook_retry_later: 'This event cannot be handled right now; it will be handled when it is sent again.',
  sepa_not_provider: 'This store does not pay sellers by SEPA files.',
  no_due_transfers: 'No bank transfer is waiting to be paid.',
  sepa_batch_confirmed: 'This batch is already confirmed.',
  sepa_batch_cancelled: 'This batch was cancelled.',
  no_open_problem: 'This order has no open problem.',
  order_not_overdue: 'This order is not past its ship-by date.',
  sendcloud_not_carrier: 'Sendcloud is not the carrier of this store.',
} as const;
