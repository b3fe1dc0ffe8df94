-- The listing pages' filtered queries (size, colour, condition, price) aggregate the listings of a
-- scope (brand, gender, category). With every column they read in the index, PostgreSQL answers
-- them from the index alone instead of visiting tens of thousands of table rows (tools/bench/api.ts).
CREATE INDEX listings_active_scope ON listings (brand_id, gender, category_id, size)
  INCLUDE (variant_id, product_id, price_cents, condition_id, colour_id, created_at)
  WHERE status = 'active';
-- Superseded by the index above (same leading columns).
DROP INDEX listings_active_browse;
-- A product page lists a variant's listings cheapest first, a page at a time.
CREATE INDEX listings_active_variant_price ON listings (variant_id, price_cents, id) WHERE status = 'active';
DROP INDEX listings_active_variant;
