-- Issue 29 items 3–5 (and issue 27's "tell the shoppers who saved the piece"): saved searches,
-- price-drop alerts and similar pieces.

-- A saved search: the filters of a search or listing page (the query the listings API takes), its
-- name and where it leads. `seen_listing_id` is how far the `saved-searches` job has looked (a piece
-- listed after the search was saved has a greater id); matches wait in `pending_listing_ids` for the
-- next digest mail, sent at most once a day per search (`mailed_at`).
CREATE TABLE saved_searches (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  query jsonb NOT NULL,
  path text NOT NULL CHECK (length(path) <= 600),
  paused boolean NOT NULL DEFAULT false,
  seen_listing_id integer NOT NULL DEFAULT 0,
  pending_listing_ids integer[] NOT NULL DEFAULT '{}',
  mailed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_searches_customer ON saved_searches (customer_id, id);
CREATE INDEX saved_searches_active ON saved_searches (id) WHERE NOT paused;

ALTER TABLE notification_feed DROP CONSTRAINT IF EXISTS notification_feed_kind_check;
ALTER TABLE notification_feed ADD CONSTRAINT notification_feed_kind_check CHECK (kind IN (
  'sale', 'payout', 'discount_code', 'code_redeemed', 'offer', 'price_drop',
  'offer_received', 'offer_accepted', 'offer_declined', 'offer_expired', 'shipped',
  'offer_countered', 'offer_counter_accepted', 'offer_counter_declined', 'saved_search'));

-- Price drops (migration 028 writes the feed entry at the drop): the entry now names the product
-- child, so the daily digest mail can say which piece; and the wishlist keeps the cheapest price the
-- piece had before it fell (`was_cents`), shown as "was €X" while the price stays below it.
ALTER TABLE wishlist_items ADD COLUMN IF NOT EXISTS was_cents integer;
-- Who saved a child (the trigger's question at every price cut); the primary key starts with the customer.
CREATE INDEX IF NOT EXISTS wishlist_items_child ON wishlist_items (child_id);

CREATE OR REPLACE FUNCTION notify_wishlist_price_drop() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  others integer;
BEGIN
  -- Most repriced pieces are on nobody's wishlist (a smart-pricing run may cut thousands): one probe
  -- of the index below, and nothing more.
  IF NOT EXISTS (SELECT 1 FROM wishlist_items w WHERE w.child_id = NEW.child_id AND w.customer_id <> NEW.seller_id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO notification_feed (customer_id, kind, data)
  SELECT w.customer_id, 'price_drop',
         jsonb_build_object(
           'amount_cents', NEW.price_cents,
           'was_cents', OLD.price_cents,
           'child_id', NEW.child_id,
           'title', p.title,
           'title_pt', coalesce(p.title_pt, p.title),
           'link', '/product/' || NEW.product_id || '?variant=' || NEW.variant_id || '&listing=' || NEW.id)
  FROM wishlist_items w JOIN products p ON p.id = NEW.product_id
  WHERE w.child_id = NEW.child_id AND w.customer_id <> NEW.seller_id;
  -- The child's cheapest price before and after: "was" only when the cheapest price fell.
  SELECT min(price_cents) INTO others FROM listings WHERE child_id = NEW.child_id AND status = 'active' AND id <> NEW.id;
  IF others IS NULL OR NEW.price_cents < others THEN
    UPDATE wishlist_items SET was_cents = greatest(coalesce(was_cents, 0), least(OLD.price_cents, coalesce(others, OLD.price_cents)))
    WHERE child_id = NEW.child_id AND customer_id <> NEW.seller_id;
  END IF;
  RETURN NULL;
END
$$;

-- Who was last mailed their price drops, and up to which feed entry (one digest a day at most).
CREATE TABLE price_drop_mails (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  through_feed_id integer NOT NULL,
  mailed_at timestamptz NOT NULL
);
CREATE INDEX notification_feed_price_drops ON notification_feed (id) WHERE kind = 'price_drop';

-- Similar pieces need no index of their own: they rank the category's variants (variant_summaries)
-- and take each one's nearest piece from listings_active_variant_price.
