-- Offers (issue 15): a buyer offers a price for one listing; the seller accepts or declines within
-- the answer window; an accepted offer can be bought at its price within the buy window. The state
-- (active, accepted, declined, expired, archived) is derived from these timestamps and the listing's
-- status at read time, so nothing has to run on a schedule. (Not to be confused with 006's
-- variant_offer_summaries, which summarise listing prices: "offer" there means a listing for sale.)
CREATE TABLE offers (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings (id),
  buyer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  seller_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  price_cents integer NOT NULL CHECK (price_cents > 0),
  -- The listing's price when the offer was made (what the bounds were worked out from).
  listing_price_cents integer NOT NULL CHECK (listing_price_cents > 0),
  created_at timestamptz NOT NULL,
  answer_by timestamptz NOT NULL,
  accepted_at timestamptz,
  buy_by timestamptz,
  declined_at timestamptz,
  withdrawn_at timestamptz,
  purchased_at timestamptz,
  order_id integer REFERENCES orders (id),
  -- When the expiry mails went out (the first read that saw the offer expired); null before.
  expiry_mailed_at timestamptz,
  CHECK (buyer_id <> seller_id),
  CHECK (accepted_at IS NULL OR declined_at IS NULL),
  CHECK ((accepted_at IS NULL) = (buy_by IS NULL))
);
CREATE INDEX offers_buyer ON offers (buyer_id, created_at DESC);
CREATE INDEX offers_seller ON offers (seller_id, created_at DESC);
CREATE INDEX offers_listing ON offers (listing_id);
-- The answered-or-not offers a reader may still have to mail an expiry for.
CREATE INDEX offers_unmailed ON offers (answer_by) WHERE expiry_mailed_at IS NULL AND declined_at IS NULL
  AND withdrawn_at IS NULL AND purchased_at IS NULL;

-- A bag line's offer is an offer (until now the column had no target: no offer existed).
UPDATE bag_lines SET offer_id = NULL WHERE offer_id IS NOT NULL;
ALTER TABLE bag_lines ADD CONSTRAINT bag_lines_offer_fk FOREIGN KEY (offer_id) REFERENCES offers (id) ON DELETE SET NULL;
