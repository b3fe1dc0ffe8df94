-- The back office's figures read orders and listings by the day they happened: these keep a year of
-- a million orders a range scan, not a sequential one.
CREATE INDEX orders_created ON orders (created_at);
CREATE INDEX listings_created ON listings (created_at);
CREATE INDEX listings_sold ON listings (sold_at) WHERE sold_at IS NOT NULL;
-- A buyer's first order (guests by their e-mail): "was there an earlier one" is one index probe.
CREATE INDEX orders_shopper_first ON orders (shopper_email, created_at);
