-- Issue 41: an e-mail address is trusted only once its owner proved it, and money moves out only
-- after a fresh proof.

-- When the owner proved the account's e-mail (its mailed link or code, a Google sign-in, a reset
-- link); NULL: unverified. An e-mail change sets it back to NULL until the new address is proven.
ALTER TABLE customers ADD COLUMN email_verified_at timestamptz;
-- Google vouched for the address of every account made or linked through it.
UPDATE customers SET email_verified_at = now() WHERE google_sub IS NOT NULL;

-- What a mail proves when its link is opened or its 6-digit code typed: the account's e-mail
-- ('verify'), every guest order of it ('claim_orders'), the owner at a money move ('step_up'), a
-- guest's e-mail at checkout ('guest_checkout'), and "this wasn't me" of a payout change mail
-- ('payout_freeze', a link only: its code is never sent). Link and code are stored hashed; a proof works
-- once, until expires_at, and dies after a few wrong codes (attempts). A new proof of the same
-- purpose voids the open ones of that account or address.
CREATE TABLE email_proofs (
  id serial PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'claim_orders', 'step_up', 'guest_checkout', 'payout_freeze')),
  customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  email text NOT NULL,
  link_hash text UNIQUE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_proofs_customer ON email_proofs (customer_id, purpose) WHERE used_at IS NULL;
CREATE INDEX email_proofs_email ON email_proofs (email, purpose) WHERE used_at IS NULL;

-- A session's fresh proof (password or mailed code): money moves out of it for STEP_UP_MINUTES.
ALTER TABLE sessions ADD COLUMN proven_at timestamptz;

-- The claim link of a guest order's confirmation mail: another secret than the payment answer's
-- claim token (the payer holds that one; only the inbox holds this), for this order only, until
-- claim_expires_at.
ALTER TABLE orders ADD COLUMN mail_claim_hash text UNIQUE;
ALTER TABLE orders ADD COLUMN claim_expires_at timestamptz;

-- "This wasn't me" on a payout change freezes the account's payouts until its password is reset
-- through the inbox.
ALTER TABLE payout_preferences ADD COLUMN frozen_at timestamptz;
