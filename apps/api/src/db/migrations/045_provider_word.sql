-- The payment provider's word is final (issue 42). A refund made at the provider (its dashboard, the
-- bank) cancels the order like any cancellation, by 'provider'; a part of it refunds the lines it
-- matches. A chargeback (a dispute) freezes the order's credit while it is open: won, the credit is
-- released at its close; lost, the credit is taken back by a sale_refund row, even when it was
-- already paid out (the seller then owes it: a negative balance that later sales repay).
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_cancelled_by_check;
ALTER TABLE orders ADD CONSTRAINT orders_cancelled_by_check CHECK (cancelled_by IN ('buyer', 'seller', 'ship_by', 'provider'));
ALTER TABLE orders
  ADD COLUMN dispute_id text UNIQUE,
  ADD COLUMN dispute_opened_at timestamptz,
  ADD COLUMN dispute_closed_at timestamptz,
  ADD COLUMN dispute_status text CHECK (dispute_status IN ('open', 'won', 'lost')),
  ADD CONSTRAINT orders_dispute CHECK ((dispute_id IS NULL) = (dispute_status IS NULL) AND (dispute_status = 'open') = (dispute_closed_at IS NULL));
