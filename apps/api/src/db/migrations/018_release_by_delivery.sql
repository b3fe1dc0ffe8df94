-- Funds are released by delivery, not by a click (issue 24). A sale's deposit becomes available
-- when the carrier has delivered the package and the protection window has passed with no problem
-- reported; the buyer's "all is well" ends the window early, never before delivery. Still derived
-- from dates when read (no job).

-- The carrier and its tracking number (lib/tracking-numbers.ts), used once across every package.
-- Older packages keep their free-text number with no carrier, outside the uniqueness rule.
ALTER TABLE order_packages
  ADD COLUMN carrier text CHECK (carrier IN ('ctt', 'dpd')),
  -- Set by a carrier that reports deliveries (a live adapter); the test adapter works it out from shipped_at.
  ADD COLUMN carrier_delivered_at timestamptz,
  ADD CONSTRAINT order_packages_carrier_tracked CHECK (carrier IS NULL OR tracking_number IS NOT NULL);
CREATE UNIQUE INDEX order_packages_tracking_once ON order_packages (tracking_number) WHERE carrier IS NOT NULL;

-- The buyer's "I have a problem": it freezes every deposit of the order until an operator resolves it
-- by refunding the buyer or releasing the credit to the seller(s).
ALTER TABLE orders
  ADD COLUMN problem_reported_at timestamptz,
  ADD COLUMN problem_description text,
  ADD COLUMN problem_resolved_at timestamptz,
  ADD COLUMN problem_resolution text CHECK (problem_resolution IN ('refund', 'release')),
  ADD CONSTRAINT orders_problem_resolved CHECK ((problem_resolution IS NULL) = (problem_resolved_at IS NULL)),
  ADD CONSTRAINT orders_problem_reported CHECK (problem_resolved_at IS NULL OR problem_reported_at IS NOT NULL);

-- Money given back to a buyer's card (the order's whole total), one row per refunded order.
CREATE TABLE payment_refunds (
  order_id integer PRIMARY KEY REFERENCES orders (id),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  provider_reference text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A refunded sale takes its deposit back: a 'sale_refund' row of minus the deposit, never an update.
ALTER TABLE wallet_entries ADD COLUMN refunded_package_id integer UNIQUE REFERENCES order_packages (id);
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'wallet_entries'::regclass AND contype = 'c' LOOP
    EXECUTE format('ALTER TABLE wallet_entries DROP CONSTRAINT %I', c.conname);
  END LOOP;
END $$;
ALTER TABLE wallet_entries
  ADD CONSTRAINT wallet_entries_type CHECK (type IN ('listing_sale_deposit', 'sale_refund', 'bank_transfer', 'transaction_fee', 'discount_code')),
  ADD CONSTRAINT wallet_entries_deposit_adds CHECK ((type = 'listing_sale_deposit') = (amount_cents > 0)),
  ADD CONSTRAINT wallet_entries_deposit_package CHECK ((type = 'listing_sale_deposit') = (package_id IS NOT NULL)),
  ADD CONSTRAINT wallet_entries_refund_package CHECK ((type = 'sale_refund') = (refunded_package_id IS NOT NULL)),
  ADD CONSTRAINT wallet_entries_code CHECK ((type = 'discount_code') = (code IS NOT NULL)),
  ADD CONSTRAINT wallet_entries_transfer_reference CHECK ((type IN ('bank_transfer', 'transaction_fee')) = (reference IS NOT NULL));
