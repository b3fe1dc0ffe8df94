-- Messages' photos, reports of a message, and the sellers' answer times (issue 47).

-- A message's photos (at most 4), in the order sent. Each is the sender's own upload (POST
-- /api/seller/photos, the listings' checks), copied under a random name of its own when the message is
-- written: the files live as long as the message, whatever becomes of the upload (an upload no listing
-- uses is removed after a day), and only the thread's two parties are ever given the name. A message
-- with photos may have no text.
CREATE TABLE thread_message_photos (
  message_id integer NOT NULL REFERENCES thread_messages (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 3),
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-f0-9]{32}$'),
  PRIMARY KEY (message_id, position)
);

-- The files of message photos no longer shown (the writer deleted their account, the thread went),
-- removed from the photo store by the conversations' `thread-photo-removals` job: the database cannot
-- remove files, so whatever deletes the rows (an erasure is SQL only) leaves their names here.
CREATE TABLE thread_photo_removals (
  name text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE OR REPLACE FUNCTION thread_photo_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO thread_photo_removals (name) VALUES (OLD.name) ON CONFLICT (name) DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER thread_message_photos_removed AFTER DELETE ON thread_message_photos FOR EACH ROW EXECUTE FUNCTION thread_photo_removed();

-- A moderator's removal of a reported message: its parties no longer read its text and photos (kept
-- for the decision's record, and for a contest that reverses it).
ALTER TABLE thread_messages ADD COLUMN removed_at timestamptz;

-- A report may be about a message: its writer is the person reported (seller_id, the column every
-- report names), and only one of the thread's two parties reports it. The message is kept as long as
-- the report (DSA Art. 16-17 records).
ALTER TABLE content_reports DROP CONSTRAINT IF EXISTS content_reports_target_check;
ALTER TABLE content_reports ADD CONSTRAINT content_reports_target_check CHECK (target IN ('listing', 'seller', 'message'));
ALTER TABLE content_reports ADD COLUMN message_id integer REFERENCES thread_messages (id);
ALTER TABLE content_reports ADD CONSTRAINT content_reports_message_check CHECK ((target = 'message') = (message_id IS NOT NULL));
ALTER TABLE content_decisions DROP CONSTRAINT IF EXISTS content_decisions_target_check;
ALTER TABLE content_decisions ADD CONSTRAINT content_decisions_target_check CHECK (target IN ('listing', 'seller', 'message'));
ALTER TABLE content_decisions ADD COLUMN message_id integer REFERENCES thread_messages (id);
CREATE INDEX content_reports_message ON content_reports (message_id) WHERE message_id IS NOT NULL;

-- A seller's answers to buyers' questions, one row an answer: from the buyer's first text the seller
-- had not answered yet (threads.question_at) to the seller's next text. Written by the database when a
-- text is stored, as the thread's events are, so every code path that writes a message keeps it; read
-- newest first per seller (the index), so a seller with many threads costs the product page a few rows.
ALTER TABLE threads ADD COLUMN question_at timestamptz;
CREATE TABLE thread_answers (
  id serial PRIMARY KEY,
  thread_id integer NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  seller_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  asked_at timestamptz NOT NULL,
  answered_at timestamptz NOT NULL,
  CHECK (answered_at >= asked_at)
);
CREATE INDEX thread_answers_seller ON thread_answers (seller_id, answered_at DESC);

CREATE OR REPLACE FUNCTION thread_answer_of() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t threads%ROWTYPE;
BEGIN
  SELECT * INTO t FROM threads WHERE id = NEW.thread_id;
  IF NEW.sender_id = t.buyer_id THEN
    IF t.question_at IS NULL THEN UPDATE threads SET question_at = NEW.created_at WHERE id = t.id; END IF;
  ELSIF NEW.sender_id = t.seller_id AND t.question_at IS NOT NULL THEN
    INSERT INTO thread_answers (thread_id, seller_id, asked_at, answered_at) VALUES (t.id, t.seller_id, t.question_at, greatest(NEW.created_at, t.question_at));
    UPDATE threads SET question_at = NULL WHERE id = t.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER thread_messages_answers AFTER INSERT ON thread_messages FOR EACH ROW WHEN (NEW.kind = 'text') EXECUTE FUNCTION thread_answer_of();

-- The messages written before this migration, answered and waiting, as the trigger would have kept
-- them: each seller text answers the buyer's texts since the seller's previous one.
WITH texts AS (
  SELECT m.thread_id, m.created_at, m.sender_id = t.seller_id AS by_seller, t.seller_id,
         count(*) FILTER (WHERE m.sender_id = t.seller_id) OVER (PARTITION BY m.thread_id ORDER BY m.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS answers_before
  FROM thread_messages m JOIN threads t ON t.id = m.thread_id
  WHERE m.kind = 'text' AND m.sender_id IN (t.buyer_id, t.seller_id)
), asked AS (
  SELECT thread_id, answers_before, min(created_at) AS asked_at FROM texts WHERE NOT by_seller GROUP BY thread_id, answers_before
), answered AS (
  INSERT INTO thread_answers (thread_id, seller_id, asked_at, answered_at)
  SELECT a.thread_id, s.seller_id, a.asked_at, greatest(s.created_at, a.asked_at)
  FROM asked a JOIN texts s ON s.thread_id = a.thread_id AND s.by_seller AND s.answers_before = a.answers_before
  RETURNING thread_id
)
UPDATE threads t SET question_at = w.asked_at
FROM (SELECT a.thread_id, a.asked_at FROM asked a
      WHERE NOT EXISTS (SELECT 1 FROM texts s WHERE s.thread_id = a.thread_id AND s.by_seller AND s.answers_before = a.answers_before)) w
WHERE t.id = w.thread_id;
