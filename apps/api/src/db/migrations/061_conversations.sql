-- Buyer–seller conversations (issue 47). A thread is one buyer's conversation with a piece's seller
-- about that piece (one per buyer and piece); an order's package has one thread with its seller (the
-- buyer's thread about one of its pieces, or a new one). Its messages are the parties' texts, kept as
-- sent with contact details and outside-payment links masked (`masked` says something was), and the
-- store's entries for the piece's events (`kind` 'event': an offer made, countered, accepted or
-- declined, the sale, the shipping, the delivery), so the thread tells the whole story. Each party's
-- last read message gives the unread counts. A party may block the other: no new text is taken then.
CREATE TABLE threads (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  buyer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  seller_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  package_id integer UNIQUE REFERENCES order_packages (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  last_message_at timestamptz NOT NULL,
  blocked_by integer REFERENCES customers (id) ON DELETE SET NULL,
  blocked_at timestamptz,
  buyer_read_id integer NOT NULL DEFAULT 0,
  seller_read_id integer NOT NULL DEFAULT 0,
  -- The last message each party was mailed a digest of (the messages they had not read after a while).
  buyer_mailed_id integer NOT NULL DEFAULT 0,
  seller_mailed_id integer NOT NULL DEFAULT 0,
  UNIQUE (listing_id, buyer_id),
  CHECK (buyer_id <> seller_id),
  CHECK ((blocked_by IS NULL) = (blocked_at IS NULL))
);
CREATE INDEX threads_buyer ON threads (buyer_id, last_message_at DESC);
CREATE INDEX threads_seller ON threads (seller_id, last_message_at DESC);

CREATE TABLE thread_messages (
  id serial PRIMARY KEY,
  thread_id integer NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'event')),
  sender_id integer REFERENCES customers (id) ON DELETE CASCADE,
  body text NOT NULL DEFAULT '',
  masked boolean NOT NULL DEFAULT false,
  event text CHECK (event IN ('offer_made', 'offer_countered', 'offer_accepted', 'offer_declined', 'counter_declined', 'offer_withdrawn', 'sold', 'shipped', 'delivered')),
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  -- A text's body is empty only once its writer deleted their account (GDPR erasure, privacy-rules.ts).
  CHECK (CASE kind WHEN 'text' THEN sender_id IS NOT NULL AND event IS NULL AND length(body) <= 2000 ELSE sender_id IS NULL AND event IS NOT NULL END)
);
CREATE INDEX thread_messages_thread ON thread_messages (thread_id, id);

-- A customer may turn the mails of unread messages off (on by default).
ALTER TABLE customers ADD COLUMN message_mails boolean NOT NULL DEFAULT true;

-- The channel every instance listens on for new messages (conversation-events.ts names it the same
-- way): the schema's own on a server whose tests each have one.
CREATE OR REPLACE FUNCTION thread_channel() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT left('thread_messages' || CASE WHEN current_schema() = 'public' THEN '' ELSE '_' || current_schema() END, 63)
$$;

-- The store's entry in a thread, told to every instance when its transaction commits.
CREATE OR REPLACE FUNCTION thread_event_in(p_thread integer, p_event text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  message integer;
BEGIN
  INSERT INTO thread_messages (thread_id, kind, event, data, created_at) VALUES (p_thread, 'event', p_event, p_data, now()) RETURNING id INTO message;
  UPDATE threads SET last_message_at = now() WHERE id = p_thread;
  PERFORM pg_notify(thread_channel(), message::text);
END
$$;

-- The buyer's thread about a piece, made when there is none (an offer is the start of a conversation).
CREATE OR REPLACE FUNCTION thread_of(p_listing integer, p_buyer integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  seller integer;
  found integer;
BEGIN
  SELECT seller_id INTO seller FROM listings WHERE id = p_listing;
  IF seller IS NULL OR p_buyer IS NULL OR seller = p_buyer THEN RETURN NULL; END IF;
  INSERT INTO threads (listing_id, buyer_id, seller_id, created_at, last_message_at) VALUES (p_listing, p_buyer, seller, now(), now())
    ON CONFLICT (listing_id, buyer_id) DO NOTHING RETURNING id INTO found;
  IF found IS NULL THEN SELECT id INTO found FROM threads WHERE listing_id = p_listing AND buyer_id = p_buyer; END IF;
  RETURN found;
END
$$;

-- Written by the database, as the wishlist's price drops are: whatever code path makes, answers,
-- sells, ships or delivers, the thread says so once.
CREATE OR REPLACE FUNCTION offer_thread_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t integer := thread_of(NEW.listing_id, NEW.buyer_id);
BEGIN
  IF t IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM thread_event_in(t, 'offer_made', jsonb_build_object('amount_cents', NEW.price_cents));
    RETURN NULL;
  END IF;
  IF OLD.countered_at IS NULL AND NEW.countered_at IS NOT NULL THEN
    PERFORM thread_event_in(t, 'offer_countered', jsonb_build_object('amount_cents', NEW.counter_price_cents));
  END IF;
  IF OLD.accepted_at IS NULL AND NEW.accepted_at IS NOT NULL THEN
    PERFORM thread_event_in(t, 'offer_accepted', jsonb_build_object('amount_cents', CASE WHEN NEW.countered_at IS NOT NULL THEN NEW.counter_price_cents ELSE NEW.price_cents END));
  END IF;
  IF OLD.declined_at IS NULL AND NEW.declined_at IS NOT NULL THEN PERFORM thread_event_in(t, 'offer_declined', '{}'); END IF;
  IF OLD.counter_declined_at IS NULL AND NEW.counter_declined_at IS NOT NULL THEN PERFORM thread_event_in(t, 'counter_declined', '{}'); END IF;
  IF OLD.withdrawn_at IS NULL AND NEW.withdrawn_at IS NOT NULL THEN PERFORM thread_event_in(t, 'offer_withdrawn', '{}'); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER offers_thread_events AFTER INSERT OR UPDATE ON offers FOR EACH ROW EXECUTE FUNCTION offer_thread_events();

-- A sale: the package's thread is the buyer's thread about its first piece sold (or the one they
-- had about it), told once a package.
CREATE OR REPLACE FUNCTION sale_thread_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  buyer integer;
  t integer;
BEGIN
  IF EXISTS (SELECT 1 FROM threads WHERE package_id = NEW.package_id) THEN RETURN NULL; END IF;
  SELECT customer_id INTO buyer FROM orders WHERE id = NEW.order_id;
  t := thread_of(NEW.listing_id, buyer);
  IF t IS NULL THEN RETURN NULL; END IF;
  UPDATE threads SET package_id = NEW.package_id WHERE id = t AND package_id IS NULL;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM thread_event_in(t, 'sold', jsonb_build_object('order_id', NEW.order_id));
  RETURN NULL;
END
$$;
CREATE TRIGGER order_lines_thread_event AFTER INSERT ON order_lines FOR EACH ROW EXECUTE FUNCTION sale_thread_event();

CREATE OR REPLACE FUNCTION package_thread_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t integer;
BEGIN
  SELECT id INTO t FROM threads WHERE package_id = NEW.id;
  IF t IS NULL THEN RETURN NULL; END IF;
  IF OLD.shipped_at IS NULL AND NEW.shipped_at IS NOT NULL THEN
    PERFORM thread_event_in(t, 'shipped', jsonb_build_object('carrier', NEW.carrier, 'tracking_number', NEW.tracking_number, 'tracking_url', NEW.tracking_url));
  END IF;
  IF OLD.carrier_delivered_at IS NULL AND NEW.carrier_delivered_at IS NOT NULL THEN PERFORM thread_event_in(t, 'delivered', '{}'); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER order_packages_thread_events AFTER UPDATE OF shipped_at, carrier_delivered_at ON order_packages FOR EACH ROW EXECUTE FUNCTION package_thread_events();
