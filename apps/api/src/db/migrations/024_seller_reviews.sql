-- Issue 26: a seller's reputation. A buyer rates a delivered order once (orders.review_*, 010); the
-- rating counts for every seller who shipped a package of that order. A seller answers a review of
-- their package once: one row per package, never updated (the primary key refuses a second answer).
CREATE TABLE review_replies (
  order_id integer NOT NULL,
  seller_id integer NOT NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, seller_id),
  FOREIGN KEY (order_id, seller_id) REFERENCES order_packages (order_id, seller_id)
);

-- A seller's reviewed orders, newest first, without reading the orders nobody rated.
CREATE INDEX orders_reviewed ON orders (id) WHERE reviewed_at IS NOT NULL;

-- Product and seller pages carry the sellers' ratings and are kept by the catalogue cache (015):
-- a new review or answer moves the catalogue's version, as a listing change does.
DROP TRIGGER IF EXISTS orders_review_catalogue_version ON orders;
CREATE TRIGGER orders_review_catalogue_version AFTER UPDATE OF reviewed_at ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
DROP TRIGGER IF EXISTS review_replies_catalogue_version ON review_replies;
CREATE TRIGGER review_replies_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON review_replies
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
