-- Issue 24 item 4: payout safety. Changing a saved IBAN needs the current password (a Google account,
-- which has none, confirms by a mailed link: payout_iban_changes), mails the account's address, and
-- holds bank transfers to the new IBAN until iban_hold_until (48 hours by default).
ALTER TABLE payout_preferences ADD COLUMN iban_hold_until timestamptz;

CREATE TABLE payout_iban_changes (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('wallet', 'bank_transfer')),
  iban text NOT NULL,
  language text NOT NULL DEFAULT 'en',
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payout_iban_changes_customer ON payout_iban_changes (customer_id);
