-- Discount codes with rules (issue 24): a code had none, so WELCOME10 could be used by anyone, any
-- number of times, on any order; with a seller credited the full price that printed money.

ALTER TABLE discount_codes
  ADD COLUMN starts_at timestamptz,
  ADD COLUMN ends_at timestamptz,
  -- Uses in all; `uses` counts them (a conditional UPDATE in the order's transaction, so two orders
  -- racing for the last use cannot both have it).
  ADD COLUMN max_uses integer CHECK (max_uses > 0),
  ADD COLUMN uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  ADD COLUMN max_uses_per_shopper integer CHECK (max_uses_per_shopper > 0),
  ADD COLUMN first_order_only boolean NOT NULL DEFAULT false,
  ADD COLUMN min_order_cents integer CHECK (min_order_cents > 0),
  ADD COLUMN max_discount_cents integer CHECK (max_discount_cents > 0),
  ADD CONSTRAINT discount_codes_uses_within_max CHECK (max_uses IS NULL OR uses <= max_uses),
  ADD CONSTRAINT discount_codes_window CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at);

-- The shopper an order counts for: its e-mail in one written form (lib/shopper-email.ts), besides
-- the account. Older orders get the lower-cased address.
ALTER TABLE orders ADD COLUMN shopper_email text;
UPDATE orders SET shopper_email = lower(email);
CREATE INDEX orders_shopper_email ON orders (shopper_email);

-- Uses of a code per shopper: 'customer:<id>' and 'email:<shopper e-mail>'. An order counts under
-- each key that applies; the upsert's row lock makes a second order of the same shopper wait, then
-- see the first one's use.
CREATE TABLE discount_code_shoppers (
  code text NOT NULL REFERENCES discount_codes (code),
  shopper text NOT NULL,
  uses integer NOT NULL CHECK (uses > 0),
  PRIMARY KEY (code, shopper)
);

-- Who pays a discount: the marketplace, as a marketing cost (the seller is credited the full price).
-- One row per order that used a code, written in the order's transaction; the ledger audit checks
-- it against the order and the code's rules, and reports the total.
CREATE TABLE discount_redemptions (
  order_id integer PRIMARY KEY REFERENCES orders (id),
  code text NOT NULL REFERENCES discount_codes (code),
  customer_id integer REFERENCES customers (id),
  shopper_email text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  paid_by text NOT NULL DEFAULT 'marketplace' CHECK (paid_by = 'marketplace'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX discount_redemptions_code ON discount_redemptions (code);

INSERT INTO discount_redemptions (order_id, code, customer_id, shopper_email, amount_cents, created_at)
SELECT o.id, o.discount_code, o.customer_id, o.shopper_email, o.discount_cents, o.created_at
FROM orders o JOIN discount_codes d ON d.code = o.discount_code;
UPDATE discount_codes d SET uses = (SELECT count(*) FROM discount_redemptions r WHERE r.code = d.code);
INSERT INTO discount_code_shoppers (code, shopper, uses)
SELECT code, 'email:' || shopper_email, count(*) FROM discount_redemptions GROUP BY code, shopper_email;
INSERT INTO discount_code_shoppers (code, shopper, uses)
SELECT code, 'customer:' || customer_id, count(*) FROM discount_redemptions WHERE customer_id IS NOT NULL GROUP BY code, customer_id;

-- A welcome code welcomes once: one use per shopper, on a first order, at most €15 off.
UPDATE discount_codes SET max_uses_per_shopper = 1, first_order_only = true, max_discount_cents = 1500 WHERE code = 'WELCOME10';
