// The refusals of Brand Direct (issue 48): a buyer returning a brand piece (the account's order page)
// and the back office's brand stock. Codes of the one catalogue (ERROR_MESSAGES, ./errors.ts) kept out of
// the shoppers' pages' English catalogue like ./trade-in-messages.ts: the account and back-office remotes
// add their English; their Portuguese and Spanish are in the shared catalogue.
export const BRAND_DIRECT_MESSAGES = {
  // The buyer's return (withdrawal) of a piece the brand sold.
  brand_return_not_brand: 'Only a piece sold by the brand itself can be returned this way; for another seller’s piece, report a problem with the order.',
  brand_return_not_delivered: 'This piece has not been delivered yet: you can return it once it has arrived.',
  brand_return_window_closed: 'The 14 days to return this piece have ended.',
  brand_return_requested: 'You have already asked to return this piece: print its label from your order.',
  brand_return_refunded: 'This piece was refunded already.',
  brand_return_not_found: 'Return not found',
  // The back office: listing the brand's pieces in bulk (a field's key, `pieces.N.field`).
  brand_stock_rows: 'List from 1 to 50 pieces at once.',
  brand_stock_needs_test_carrier: 'The brand’s own parcels are not labelled through Sendcloud yet: Brand Direct pieces can be listed with the test carrier only.',
  brand_stock_child_unknown: 'Choose a product and size of the catalogue.',
  brand_stock_condition_unknown: 'Choose the piece’s condition.',
  brand_stock_price: 'A price from €5 to €5,000.',
  brand_stock_acquired_needed: 'A trade-in needs what the brand paid the customer for it (€0 up to the price).',
  brand_stock_acquired_not_trade_in: 'Only a trade-in has a purchase price: leave it empty for returns, seconds and samples.',
  brand_stock_photos: 'Add 2 to 4 photos uploaded here.',
  brand_stock_search: 'Type a product code or at least 2 letters of its name.',
  // The back office: the brand's parcels and the buyers' returns.
  brand_package_sent_already: 'This package was sent already.',
  brand_return_received_already: 'This return was received already.',
} as const;
