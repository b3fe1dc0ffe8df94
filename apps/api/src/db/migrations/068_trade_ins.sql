-- Trade-in for boosted credit (issue 48): the brand buys a piece back from its customer at an instant
-- price (the price table: store_settings 'trade_in', modules/trade-in/pricing.ts), paid once, on the
-- final price's acceptance, as a main-shop code worth the price plus the trade-in's bonus, or as the
-- price in available wallet credit (no bonus). The piece then becomes the brand's stock (brand_stock).
CREATE TABLE trade_ins (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  customer_id integer NOT NULL REFERENCES customers (id),
  -- The customer's Idempotency-Key: the same request again answers the same trade-in.
  idempotency_key text NOT NULL,
  child_id integer NOT NULL REFERENCES product_children (id),
  condition_id integer NOT NULL REFERENCES conditions (id),
  payout text NOT NULL CHECK (payout IN ('credit', 'money')),
  -- The money price the customer accepted, and the price now (the hub's re-price once made).
  offered_cents integer NOT NULL CHECK (offered_cents > 0),
  price_cents integer NOT NULL CHECK (price_cents > 0),
  -- The bonus percentage on credit, fixed when the customer accepted (0 for money).
  bonus_percent integer NOT NULL CHECK (bonus_percent BETWEEN 0 AND 50),
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'at_hub', 'repriced', 'credited', 'returned', 'cancelled')),
  tracking text NOT NULL UNIQUE,
  return_tracking text UNIQUE,
  reprice_reason text,
  answer_by timestamptz,
  received_at timestamptz,
  received_by integer REFERENCES staff (id),
  decided_at timestamptz,
  decided_by integer REFERENCES staff (id),
  -- Paid: the price credited (cents) and, for credit, the bonus on it and the main-shop code.
  credited_cents integer CHECK (credited_cents > 0),
  bonus_cents integer NOT NULL DEFAULT 0 CHECK (bonus_cents >= 0),
  code text UNIQUE REFERENCES discount_codes (code),
  listing_id integer UNIQUE REFERENCES listings (id),
  created_at timestamptz NOT NULL,
  UNIQUE (customer_id, idempotency_key),
  CHECK ((status = 'credited') = (credited_cents IS NOT NULL)),
  CHECK (credited_cents IS NULL OR credited_cents = price_cents),
  CHECK (payout = 'credit' OR (bonus_percent = 0 AND bonus_cents = 0 AND code IS NULL)),
  CHECK ((payout = 'credit' AND status = 'credited') = (code IS NOT NULL)),
  CHECK ((status = 'repriced') = (answer_by IS NOT NULL))
);
CREATE INDEX trade_ins_customer ON trade_ins (customer_id, created_at DESC);
CREATE INDEX trade_ins_status ON trade_ins (status, created_at);

-- The money option: the price as wallet credit, available at once (the brand has the piece), one row
-- per trade-in.
ALTER TABLE wallet_entries ADD COLUMN trade_in_id integer UNIQUE REFERENCES trade_ins (id);
ALTER TABLE wallet_entries DROP CONSTRAINT wallet_entries_type;
ALTER TABLE wallet_entries DROP CONSTRAINT wallet_entries_deposit_adds;
ALTER TABLE wallet_entries
  ADD CONSTRAINT wallet_entries_type CHECK (type IN ('listing_sale_deposit', 'sale_refund', 'bank_transfer', 'transaction_fee', 'discount_code', 'connect_transfer', 'connect_reversal', 'trade_in_credit')),
  ADD CONSTRAINT wallet_entries_deposit_adds CHECK ((type IN ('listing_sale_deposit', 'connect_reversal', 'trade_in_credit')) = (amount_cents > 0)),
  ADD CONSTRAINT wallet_entries_trade_in CHECK ((type = 'trade_in_credit') = (trade_in_id IS NOT NULL));
