-- Buyer–seller conversations (issue 47). A thread is one buyer's conversation with a piece's seller
-- about that piece (one per buyer and piece); its messages are kept as sent, with contact details
-- and outside-payment links masked (`masked` says something was). Each party's last read message
-- gives the unread counts. A party may block the other: the thread then takes no new message.
CREATE TABLE threads (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  buyer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  seller_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_message_at timestamptz NOT NULL,
  blocked_by integer REFERENCES customers (id) ON DELETE SET NULL,
  blocked_at timestamptz,
  buyer_read_id integer NOT NULL DEFAULT 0,
  seller_read_id integer NOT NULL DEFAULT 0,
  UNIQUE (listing_id, buyer_id),
  CHECK (buyer_id <> seller_id),
  CHECK ((blocked_by IS NULL) = (blocked_at IS NULL))
);
CREATE INDEX threads_buyer ON threads (buyer_id, last_message_at DESC);
CREATE INDEX threads_seller ON threads (seller_id, last_message_at DESC);

CREATE TABLE thread_messages (
  id serial PRIMARY KEY,
  thread_id integer NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  sender_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  masked boolean NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX thread_messages_thread ON thread_messages (thread_id, id);
