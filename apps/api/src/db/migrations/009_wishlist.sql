-- The wishlist (spec §6, §7 PUT customers/wishlist): a customer saves a product child, i.e. a piece in
-- one colour and one size, whichever listing of it is for sale. IF NOT EXISTS: databases made during
-- development knew this migration as 007_wishlist.sql.
CREATE TABLE IF NOT EXISTS wishlist_items (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES product_children (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, child_id)
);

-- The wishlist shows each saved child's availability and cheapest price now.
CREATE INDEX IF NOT EXISTS listings_active_child_price ON listings (child_id, price_cents) WHERE status = 'active';
