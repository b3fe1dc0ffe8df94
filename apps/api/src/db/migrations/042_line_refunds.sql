-- Refunds of part of an order (issue 29, the last piece of bundles): a seller who cannot ship one
-- piece of a package cancels that line alone (POST /api/sales/{id}/pieces/{listing_id}/cancel). The
-- buyer's card gets the line's share back (orders/line-refunds.ts states the rule) and the seller's
-- credit for it is taken back, once per line; the whole-order refunds then give back only what is left.

-- A refund to the card is now one row per refunded line, or one for the rest of the order (line_id
-- NULL, at most one per order); the database refuses a line refunded twice.
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_pkey;
ALTER TABLE payment_refunds
  ADD COLUMN id serial PRIMARY KEY,
  ADD COLUMN line_id integer UNIQUE REFERENCES order_lines (id);
CREATE UNIQUE INDEX payment_refunds_rest_once ON payment_refunds (order_id) WHERE line_id IS NULL;
CREATE INDEX payment_refunds_order ON payment_refunds (order_id);

-- A line's sale_refund row keeps its package (refunded_package_id, so the wallet shows the order) and
-- names its line; the package's own take-back row (the rest of the deposit) stays one per package.
ALTER TABLE wallet_entries ADD COLUMN refunded_line_id integer UNIQUE REFERENCES order_lines (id);
ALTER TABLE wallet_entries DROP CONSTRAINT wallet_entries_refunded_package_id_key;
CREATE UNIQUE INDEX wallet_entries_refund_package_once ON wallet_entries (refunded_package_id) WHERE refunded_line_id IS NULL;
CREATE INDEX wallet_entries_refunded_package ON wallet_entries (refunded_package_id) WHERE refunded_package_id IS NOT NULL;
ALTER TABLE wallet_entries ADD CONSTRAINT wallet_entries_refund_line CHECK (refunded_line_id IS NULL OR type = 'sale_refund');

-- A package whose every line was refunded has nothing to ship: it is closed then (no shipping, no
-- ship-by cancellation, and the order is 'shipped' when its other packages are).
ALTER TABLE order_packages ADD COLUMN cancelled_at timestamptz;
