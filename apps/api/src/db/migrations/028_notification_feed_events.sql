-- Issue 26 item 4: the feed lists what the header's badge counts. Offers (received, accepted,
-- declined, expired) and shipping now write entries too; the old generic 'offer' kind stays valid for
-- rows written before.
ALTER TABLE notification_feed DROP CONSTRAINT IF EXISTS notification_feed_kind_check;
ALTER TABLE notification_feed ADD CONSTRAINT notification_feed_kind_check CHECK (kind IN (
  'sale', 'payout', 'discount_code', 'code_redeemed', 'offer', 'price_drop',
  'offer_received', 'offer_accepted', 'offer_declined', 'offer_expired', 'shipped'));

-- Price drops of wishlisted pieces are written at the drop, by the database: whatever lowers a live
-- listing's materialised price (the seller's edit, or reprice_due_listings() bringing a smart-pricing
-- cut due by its date up to date, which happens before the first request after the due moment) gives
-- every customer who saved that product child, other than the seller, one entry with the new price.
-- One rule in one place, so no code path that lowers a price can forget it.
CREATE OR REPLACE FUNCTION notify_wishlist_price_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_feed (customer_id, kind, data)
  SELECT w.customer_id, 'price_drop',
         jsonb_build_object(
           'amount_cents', NEW.price_cents,
           'was_cents', OLD.price_cents,
           'title', p.title,
           'title_pt', coalesce(p.title_pt, p.title),
           'link', '/product/' || NEW.product_id || '?variant=' || NEW.variant_id || '&listing=' || NEW.id)
  FROM wishlist_items w JOIN products p ON p.id = NEW.product_id
  WHERE w.child_id = NEW.child_id AND w.customer_id <> NEW.seller_id;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS listings_wishlist_price_drop ON listings;
CREATE TRIGGER listings_wishlist_price_drop
  AFTER UPDATE OF price_cents ON listings
  FOR EACH ROW
  WHEN (NEW.status = 'active' AND OLD.status = 'active' AND NEW.price_cents < OLD.price_cents)
  EXECUTE FUNCTION notify_wishlist_price_drop();
