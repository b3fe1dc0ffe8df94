-- A listing page filtered by size, condition or colour aggregated every matching listing (tens of
-- thousands on a big catalogue) on each request. These rows summarise a variant's active listings per
-- size and condition, so those filters read a few rows per card instead; only a price filter still
-- needs the listings themselves. Kept right by statement triggers, whoever writes listings.
CREATE TABLE variant_offer_summaries (
  variant_id integer NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  size text NOT NULL,
  condition_id integer NOT NULL,
  listings_count integer NOT NULL,
  min_price_cents integer NOT NULL,
  max_price_cents integer NOT NULL,
  newest timestamptz NOT NULL,
  PRIMARY KEY (variant_id, size, condition_id)
);

CREATE FUNCTION refresh_variant_offer_summaries(variant_ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF cardinality(variant_ids) = 0 THEN
      RETURN;
    END IF;
    -- The same per-variant lock as refresh_variant_summaries (whose trigger runs first, in the same
    -- transaction), so concurrent writers of a variant queue instead of interleaving.
    PERFORM 1 FROM variant_summaries WHERE variant_id = ANY(variant_ids) ORDER BY variant_id FOR UPDATE;
    DELETE FROM variant_offer_summaries WHERE variant_id = ANY(variant_ids);
    INSERT INTO variant_offer_summaries (variant_id, size, condition_id, listings_count, min_price_cents, max_price_cents, newest)
      SELECT l.variant_id, l.size, l.condition_id, count(*)::int, min(l.price_cents), max(l.price_cents), max(l.created_at)
      FROM listings l WHERE l.variant_id = ANY(variant_ids) AND l.status = 'active'
      GROUP BY l.variant_id, l.size, l.condition_id;
  END
  $$;

CREATE FUNCTION listings_refresh_offer_summaries() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM refresh_variant_offer_summaries(ARRAY(SELECT DISTINCT variant_id FROM new_rows ORDER BY 1));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM refresh_variant_offer_summaries(ARRAY(SELECT DISTINCT variant_id FROM old_rows ORDER BY 1));
    ELSE
      PERFORM refresh_variant_offer_summaries(ARRAY(
        SELECT variant_id FROM new_rows UNION SELECT variant_id FROM old_rows ORDER BY 1));
    END IF;
    RETURN NULL;
  END
  $$;
-- Named to fire after listings_summaries_* (triggers of one event fire in name order).
CREATE TRIGGER listings_zz_offer_summaries_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_refresh_offer_summaries();
CREATE TRIGGER listings_zz_offer_summaries_update AFTER UPDATE ON listings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_refresh_offer_summaries();
CREATE TRIGGER listings_zz_offer_summaries_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_refresh_offer_summaries();

SELECT refresh_variant_offer_summaries(ARRAY(SELECT id FROM product_variants ORDER BY id));

-- A product page reads the cheapest listings of each size of a variant straight from this index.
CREATE INDEX listings_active_variant_size_price ON listings (variant_id, size, price_cents, id) WHERE status = 'active';
