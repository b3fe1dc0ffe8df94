-- Issue 29 item 1: bundles. Pieces of one seller bought together already travel in one package with
-- one shipping fee (order_packages, checkout/pricing.ts); a seller may now also give a discount on
-- such a package: tiers of "N pieces or more: P % off", at most 3, N from 2 to 10, P from 1 to 30
-- (BUNDLE_* in the API's bundle rules), P growing with N. The seller pays the discount: the package's
-- deposit is its pieces' prices less it.
CREATE TABLE seller_bundle_tiers (
  seller_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  min_pieces integer NOT NULL CHECK (min_pieces BETWEEN 2 AND 10),
  percent_off integer NOT NULL CHECK (percent_off BETWEEN 1 AND 30),
  PRIMARY KEY (seller_id, min_pieces)
);

-- The tier a package was sold with (0: none) and what it took off the package's pieces, in cents;
-- the order's bundle_discount_cents is the sum over its packages, one fee line of the order.
ALTER TABLE order_packages
  ADD COLUMN bundle_percent integer NOT NULL DEFAULT 0 CHECK (bundle_percent BETWEEN 0 AND 30),
  ADD COLUMN bundle_discount_cents integer NOT NULL DEFAULT 0 CHECK (bundle_discount_cents >= 0);
ALTER TABLE orders ADD COLUMN bundle_discount_cents integer NOT NULL DEFAULT 0 CHECK (bundle_discount_cents >= 0);

-- The product and seller pages show a seller's tiers ("Buy 2+ from this seller: −10 %"): a change
-- moves the catalogue's version (migration 015) so no cached page keeps the old ones.
DROP TRIGGER IF EXISTS seller_bundle_tiers_catalogue_version ON seller_bundle_tiers;
CREATE TRIGGER seller_bundle_tiers_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON seller_bundle_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
