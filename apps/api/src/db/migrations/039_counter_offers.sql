-- Issue 29 item 2: counter-offers. The seller may answer an offer waiting for them with ONE counter
-- price (strictly between the offer and the listing's price); the buyer then has the answer window
-- (OFFER_ANSWER_HOURS, until counter_by) to accept it, decline it or let it expire. Accepted, the
-- offer is accepted at the counter price (price_cents becomes it; offered_price_cents keeps the
-- buyer's) and the usual buy window starts. As for offers, the state is read from these timestamps.
ALTER TABLE offers
  ADD COLUMN counter_price_cents integer CHECK (counter_price_cents > 0),
  ADD COLUMN countered_at timestamptz,
  ADD COLUMN counter_by timestamptz,
  ADD COLUMN counter_declined_at timestamptz,
  ADD COLUMN offered_price_cents integer,
  ADD CONSTRAINT offers_counter_whole CHECK ((countered_at IS NULL) = (counter_price_cents IS NULL) AND (countered_at IS NULL) = (counter_by IS NULL)),
  ADD CONSTRAINT offers_counter_declined CHECK (counter_declined_at IS NULL OR (countered_at IS NOT NULL AND accepted_at IS NULL));

ALTER TABLE notification_feed DROP CONSTRAINT IF EXISTS notification_feed_kind_check;
ALTER TABLE notification_feed ADD CONSTRAINT notification_feed_kind_check CHECK (kind IN (
  'sale', 'payout', 'discount_code', 'code_redeemed', 'offer', 'price_drop',
  'offer_received', 'offer_accepted', 'offer_declined', 'offer_expired', 'shipped',
  'offer_countered', 'offer_counter_accepted', 'offer_counter_declined'));
