-- Identity hardening (issue 9): atomic throttle counters, the addresses a customer signed in from,
-- e-mail change undo links, idle sessions.

-- One row per throttled key, counted by a single upsert (no read-then-write race): `count` attempts
-- in the window that ends at `window_ends`; the first attempt after it starts a new window.
CREATE TABLE throttle_counters (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_ends timestamptz NOT NULL
);
CREATE INDEX throttle_counters_window_ends ON throttle_counters (window_ends);
DROP TABLE login_attempts;

-- Addresses (as the throttles count them) a customer signed in from: the owner keeps signing in from
-- them while strangers' failures hold the account-wide limit.
CREATE TABLE customer_addresses (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  address text NOT NULL,
  last_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, address)
);

-- An e-mail change mails the old address a link that restores it (through the reset-password page,
-- so the owner also chooses a new password). Such links are not voided by later requests.
ALTER TABLE password_resets ADD COLUMN restore_email text;

-- Idle timeout: a session unused for SESSION_IDLE_DAYS ends even before its absolute expiry.
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
