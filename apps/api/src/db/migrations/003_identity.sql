-- Identity: passwords, Google accounts, sessions, password recovery, login throttling, the server bag.

-- NULL password: an account made through Google sign-in only (it can set one through recovery).
ALTER TABLE customers ADD COLUMN password_hash text;
-- Google's stable account id ("sub"); e-mails can change, this does not.
ALTER TABLE customers ADD COLUMN google_sub text UNIQUE;

-- Bearer tokens are random and only their SHA-256 is stored, so a leaked table signs nobody in.
CREATE TABLE sessions (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_customer_live ON sessions (customer_id) WHERE revoked_at IS NULL;

-- Recovery links: the id in the e-mail is stored hashed, usable once, until expires_at.
CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  id_hash text NOT NULL UNIQUE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_customer ON password_resets (customer_id) WHERE used_at IS NULL;

-- Throttling counted in the database, so every instance of the API sees the same counts. `key` is
-- what is counted ('login:email:<address>', 'login:ip:<address>', 'recovery:email:...'); only rows
-- inside the sliding window matter and older ones are deleted as new ones arrive.
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_key_at ON login_attempts (key, at);

-- A signed-in customer's bag (spec §4: with a token the bag lives on the server).
CREATE TABLE bag_lines (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  listing_id integer NOT NULL REFERENCES listings (id),
  offer_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, listing_id)
);
