// The refusals of a trade-in (issue 48): only a customer trading a piece in (the seller remote's offer,
// the account's trade-ins) and the back office meet them, so they are codes of the one catalogue
// (ERROR_MESSAGES, ./errors.ts) kept out of the shoppers' pages' English catalogue, like
// ./trader-messages.ts; the seller and account remotes add their English, and their Portuguese and
// Spanish are in the shared catalogue.
export const TRADE_IN_MESSAGES = {
  trade_in_no_offer: 'The brand does not take this piece in for now.',
  trade_in_offer_changed: 'The brand’s price for this piece is now {{amount, money}}: look at the new offer before you accept it.',
  trade_in_open_limit: 'You have {{count}} trade-ins open already: send one or wait until it is credited before you start another.',
  trade_in_monthly_limit: 'Trade-ins are limited to {{amount, money}} a month: this one would go over it.',
  trade_in_not_found: 'Trade-in not found',
  trade_in_state: 'This trade-in cannot do that any more.',
  // The hub's decision (the back office's).
  trade_in_reason_needed: 'Write the reason the customer will read.',
  trade_in_price: 'A new price from €1 to €5,000 that is not the price offered.',
  trade_in_rule_target: 'A row names a category or a product, not both.',
  trade_in_rule_price: 'A row the brand takes in has a percentage (1 to 90) or an amount (€1 to €1,000), not both.',
  trade_in_rule_twice: 'A category or product has one row.',
  trade_in_setting: 'A whole number within the bounds shown (the monthly limit: euros up to 10,000).',
} as const;
