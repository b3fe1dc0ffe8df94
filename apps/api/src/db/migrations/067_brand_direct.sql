-- Brand Direct (issue 48): the brand sells its own pre-loved pieces (trade-ins, returns, seconds,
-- samples) beside peer listings. Its pieces are listings of one customers row marked as the brand's
-- (a business trader, with the brand's details); it has no wallet: its sales are the brand's revenue
-- (brand_sales), recorded per piece with what the margin VAT scheme needs, and a buyer may withdraw
-- within 14 days of the delivery (brand_returns).

ALTER TABLE customers ADD COLUMN brand_account boolean NOT NULL DEFAULT false;
-- One brand account: two instances creating it at once meet on this index (and on the e-mail's).
CREATE UNIQUE INDEX customers_one_brand_account ON customers (brand_account) WHERE brand_account;

-- Each piece the brand put on sale: where it came from and, for a piece bought from a consumer
-- (a trade-in), what the brand paid (the margin scheme's purchase price, VAT Directive Art. 315).
CREATE TABLE brand_stock (
  listing_id integer PRIMARY KEY REFERENCES listings (id),
  source text NOT NULL CHECK (source IN ('trade_in', 'return', 'second', 'sample')),
  acquired_cents integer CHECK (acquired_cents >= 0),
  -- The trade-in it came from (the trade-in module's), when it did.
  trade_in_id integer,
  -- The member of staff who listed it (null: a trade-in accepted at the hub, or the seed).
  added_by integer REFERENCES staff (id),
  -- A piece listed again after a return: the listing it was sold as before.
  returned_from integer REFERENCES listings (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Only a piece bought from a consumer has a purchase price; a trade-in always has one.
  CHECK ((source = 'trade_in') = (acquired_cents IS NOT NULL))
);
CREATE INDEX brand_stock_trade_in ON brand_stock (trade_in_id) WHERE trade_in_id IS NOT NULL;

-- One row per brand piece sold, written with the order's line (the trigger below, so no way of
-- selling can miss it) and never changed: the invoice's scheme and the accountant's figures.
-- margin: VAT is due on the margin (sale − purchase, VAT included, Art. 315), none when it is not
-- positive; standard: on the whole price. vat_cents = amount × rate / (100 + rate), rounded.
CREATE TABLE brand_sales (
  line_id integer PRIMARY KEY REFERENCES order_lines (id),
  order_id integer NOT NULL REFERENCES orders (id),
  listing_id integer NOT NULL REFERENCES listings (id),
  source text NOT NULL,
  scheme text NOT NULL CHECK (scheme IN ('margin', 'standard')),
  sale_cents integer NOT NULL CHECK (sale_cents > 0),
  purchase_cents integer,
  margin_cents integer,
  vat_rate numeric(5, 2) NOT NULL,
  vat_cents integer NOT NULL CHECK (vat_cents >= 0),
  sold_at timestamptz NOT NULL,
  CHECK ((scheme = 'margin') = (purchase_cents IS NOT NULL)),
  CHECK (scheme <> 'margin' OR margin_cents = sale_cents - purchase_cents)
);
CREATE INDEX brand_sales_sold ON brand_sales (sold_at);

CREATE OR REPLACE FUNCTION brand_sales_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stock brand_stock%ROWTYPE;
  placed timestamptz;
  rate numeric := 23;
BEGIN
  SELECT * INTO stock FROM brand_stock WHERE listing_id = NEW.listing_id;
  -- Only a piece the brand account still sells is the brand's sale.
  IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM listings l JOIN customers c ON c.id = l.seller_id WHERE l.id = NEW.listing_id AND c.brand_account) THEN
    RETURN NEW;
  END IF;
  SELECT created_at INTO placed FROM orders WHERE id = NEW.order_id;
  INSERT INTO brand_sales (line_id, order_id, listing_id, source, scheme, sale_cents, purchase_cents, margin_cents, vat_rate, vat_cents, sold_at)
  VALUES (
    NEW.id, NEW.order_id, NEW.listing_id, stock.source,
    CASE WHEN stock.acquired_cents IS NULL THEN 'standard' ELSE 'margin' END,
    NEW.price_cents, stock.acquired_cents,
    CASE WHEN stock.acquired_cents IS NULL THEN NULL ELSE NEW.price_cents - stock.acquired_cents END,
    rate,
    CASE WHEN stock.acquired_cents IS NULL THEN round(NEW.price_cents * rate / (100 + rate))
         ELSE round(greatest(NEW.price_cents - stock.acquired_cents, 0) * rate / (100 + rate)) END,
    coalesce(placed, now()));
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS order_lines_brand_sales ON order_lines;
CREATE TRIGGER order_lines_brand_sales AFTER INSERT ON order_lines FOR EACH ROW EXECUTE FUNCTION brand_sales_record();

-- A buyer's withdrawal from a brand piece (Consumer Rights Directive Art. 9–14): asked within 14 days
-- of the delivery, sent back on the brand's prepaid label to the hub, refunded once received.
CREATE TABLE brand_returns (
  id serial PRIMARY KEY,
  line_id integer NOT NULL UNIQUE REFERENCES order_lines (id),
  order_id integer NOT NULL REFERENCES orders (id),
  tracking_number text NOT NULL UNIQUE,
  requested_at timestamptz NOT NULL,
  received_at timestamptz,
  received_by integer REFERENCES staff (id),
  refunded_cents integer CHECK (refunded_cents >= 0),
  -- The piece on sale again, when staff put it back.
  relisted_as integer REFERENCES listings (id),
  CHECK ((received_at IS NULL) = (refunded_cents IS NULL))
);
CREATE INDEX brand_returns_open ON brand_returns (requested_at) WHERE received_at IS NULL;
