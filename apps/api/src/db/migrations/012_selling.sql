-- Selling (issue 14): sellers submit listings, and smart pricing lowers an active listing's price by
-- 10 % of the current price every 7 days from its listing date until the minimum price (spec §4, §9).
--
-- The current price stays materialised in listings.price_cents, which every read already uses (cards,
-- search, variant summaries, product page, bag, checkout, the oversell-safe order update), so none of
-- those queries or their price indexes change. The schedule is kept beside it (the base price, when it
-- started, the next drop), and `reprice_due_listings(now)` brings due rows up to date: the API calls it
-- before serving a request, and it costs one probe of a partial index when nothing is due. Its UPDATE
-- fires the summaries' statement triggers, so variant_summaries and variant_offer_summaries stay right.
ALTER TABLE listings
  ADD COLUMN IF NOT EXISTS price_base_cents integer,
  ADD COLUMN IF NOT EXISTS price_anchor_at timestamptz,
  ADD COLUMN IF NOT EXISTS next_price_drop_at timestamptz,
  ADD COLUMN IF NOT EXISTS archived_at timestamptz,
  ADD COLUMN IF NOT EXISTS updated_at timestamptz;

-- The price at `at` of a schedule: base × 0.9^(whole weeks since anchor), rounded to the cent, never
-- below the minimum nor above the base. The same rule as priceAt() in @preloved/contract.
CREATE OR REPLACE FUNCTION listing_price_at(base integer, floor_cents integer, smart boolean, anchor timestamptz, at timestamptz)
  RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN NOT smart OR at < anchor + interval '7 days' THEN base
    ELSE least(base, greatest(floor_cents,
      round(base * power(0.9::numeric, floor(extract(epoch FROM (at - anchor)) / 604800)::integer))::integer))
  END
$$;

-- The moment of the next cut after `at`, or NULL when smart pricing is off or the price is at the minimum.
CREATE OR REPLACE FUNCTION listing_next_drop_at(base integer, floor_cents integer, smart boolean, anchor timestamptz, at timestamptz)
  RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN NOT smart OR listing_price_at(base, floor_cents, smart, anchor, at) <= floor_cents THEN NULL
    ELSE anchor + make_interval(days => 7 * (greatest(0, floor(extract(epoch FROM (at - anchor)) / 604800)::integer) + 1))
  END
$$;

-- Whoever inserts a listing (the seller's form, the seed, a test), its schedule starts at its listing date.
CREATE OR REPLACE FUNCTION listings_price_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.price_base_cents := coalesce(NEW.price_base_cents, NEW.price_cents);
  NEW.price_anchor_at := coalesce(NEW.price_anchor_at, NEW.created_at);
  NEW.next_price_drop_at := listing_next_drop_at(NEW.price_base_cents, NEW.min_price_cents, NEW.smart_pricing, NEW.price_anchor_at, NEW.price_anchor_at);
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS listings_price_schedule ON listings;
CREATE TRIGGER listings_price_schedule BEFORE INSERT ON listings FOR EACH ROW EXECUTE FUNCTION listings_price_schedule();

UPDATE listings SET price_base_cents = price_cents, price_anchor_at = created_at WHERE price_base_cents IS NULL;
UPDATE listings SET next_price_drop_at = listing_next_drop_at(price_base_cents, min_price_cents, smart_pricing, price_anchor_at, price_anchor_at)
  WHERE next_price_drop_at IS NULL AND smart_pricing;
ALTER TABLE listings ALTER COLUMN price_base_cents SET NOT NULL, ALTER COLUMN price_anchor_at SET NOT NULL;
ALTER TABLE listings ADD CONSTRAINT listings_min_price_within CHECK (min_price_cents <= price_base_cents) NOT VALID;

-- Brings every active listing whose next cut is due at `at` to its price; answers when the next cut
-- after that is due (NULL: none), so the API knows when to look again.
CREATE OR REPLACE FUNCTION reprice_due_listings(at timestamptz) RETURNS timestamptz LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET
    price_cents = listing_price_at(price_base_cents, min_price_cents, smart_pricing, price_anchor_at, at),
    next_price_drop_at = listing_next_drop_at(price_base_cents, min_price_cents, smart_pricing, price_anchor_at, at)
  WHERE status = 'active' AND next_price_drop_at <= at;
  RETURN (SELECT min(next_price_drop_at) FROM listings WHERE status = 'active' AND next_price_drop_at IS NOT NULL);
END
$$;
CREATE INDEX IF NOT EXISTS listings_price_drop_due ON listings (next_price_drop_at) WHERE status = 'active' AND next_price_drop_at IS NOT NULL;

-- A seller's listings page, newest first, per status.
CREATE INDEX IF NOT EXISTS listings_seller_newest ON listings (seller_id, created_at DESC, id DESC);
-- The product picker searches the brand's catalogue by name.
CREATE INDEX IF NOT EXISTS products_brand_title ON products (brand_id, lower(title));
