-- An order cancelled before anything of it was shipped (issue 28): by its buyer, by its seller, or
-- by the ship-by deadline passing. The buyer's card gets the total back (a payment_refunds row, the
-- provider's refund) and each seller's pending deposit is taken back (a sale_refund row), once: the
-- cancellation is one conditional UPDATE of this column.
ALTER TABLE orders
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('buyer', 'seller', 'ship_by')),
  ADD CONSTRAINT orders_cancelled CHECK ((cancelled_at IS NULL) = (cancelled_by IS NULL));
