-- The back office's disputes (issue 45). A buyer's problem may be resolved by refunding some of its
-- pieces ('partial': each piece's refund is a line of payment_refunds and a sale_refund row naming the
-- line, by the rule of line-refunds.ts; the rest of the credit is released with the decision).
-- A provider's dispute (a chargeback) keeps what the provider says of it, for the disputes queue: the
-- amount, the bank's reason and the date the evidence is due by.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_problem_resolution_check;
ALTER TABLE orders ADD CONSTRAINT orders_problem_resolution_check CHECK (problem_resolution IN ('refund', 'partial', 'release'));
ALTER TABLE orders
  ADD COLUMN dispute_amount_cents integer CHECK (dispute_amount_cents >= 0),
  ADD COLUMN dispute_reason text,
  ADD COLUMN dispute_evidence_due_by timestamptz;
CREATE INDEX orders_chargebacks_open ON orders (dispute_opened_at, id) WHERE dispute_status = 'open';
CREATE INDEX orders_chargebacks_closed ON orders (dispute_closed_at DESC, id DESC) WHERE dispute_closed_at IS NOT NULL;
