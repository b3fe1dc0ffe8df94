-- Notice and action (EU Digital Services Act Art. 16, 17, 20). Anyone reports a listing or a seller;
-- a moderator's decision closes every open report on it at once. A decision against the seller keeps
-- what it changed (the listings' statuses before) so a contest that reverses it can undo exactly that,
-- and the hash of the token its statement of reasons links to. A restricted seller lists nothing new.
ALTER TABLE customers ADD COLUMN restricted_at timestamptz;

CREATE TABLE content_decisions (
  id serial PRIMARY KEY,
  target text NOT NULL CHECK (target IN ('listing', 'seller')),
  listing_id integer REFERENCES listings (id),
  seller_id integer NOT NULL REFERENCES customers (id),
  action text NOT NULL CHECK (action IN ('dismiss', 'remove', 'hide', 'restrict')),
  reason text,
  note text NOT NULL DEFAULT '',
  -- [{ "id": listing id, "status": its status before }]
  changed jsonb NOT NULL DEFAULT '[]',
  decided_by integer NOT NULL REFERENCES staff (id),
  decided_at timestamptz NOT NULL,
  contest_token_hash text UNIQUE,
  reversed_at timestamptz
);

CREATE TABLE content_reports (
  id serial PRIMARY KEY,
  target text NOT NULL CHECK (target IN ('listing', 'seller')),
  listing_id integer REFERENCES listings (id),
  seller_id integer NOT NULL REFERENCES customers (id),
  reason text NOT NULL,
  text text NOT NULL DEFAULT '',
  reporter_email text,
  reporter_id integer REFERENCES customers (id),
  reporter_language text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL,
  decision_id integer REFERENCES content_decisions (id)
);
CREATE INDEX content_reports_open ON content_reports (created_at, id) WHERE decision_id IS NULL;

CREATE TABLE content_contests (
  id serial PRIMARY KEY,
  decision_id integer NOT NULL UNIQUE REFERENCES content_decisions (id),
  text text NOT NULL,
  created_at timestamptz NOT NULL,
  outcome text CHECK (outcome IN ('upheld', 'reversed')),
  answer text,
  answered_by integer REFERENCES staff (id),
  answered_at timestamptz
);
CREATE INDEX content_contests_open ON content_contests (created_at, id) WHERE outcome IS NULL;
