-- Issue 48, Spain: a price drop's feed entry names the piece in Spanish too (products.title_es,
-- migration 069), as it does in Portuguese; the function of migration 041 with that one field more.
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
           'title_es', coalesce(p.title_es, p.title),
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
