-- Real payouts (issue 42): PAYOUT_PROVIDER=stripe_connect pays each released deposit to the seller's
-- Stripe Express account, PAYOUT_PROVIDER=sepa hands the requested bank transfers to the brand's bank as
-- pain.001 files the operator confirms. See plugins/app/payouts/stripe-connect.ts and sepa-batches.ts.

-- "Get paid by Stripe" is a payout method of its own.
ALTER TABLE payout_preferences DROP CONSTRAINT IF EXISTS payout_preferences_method_check;
ALTER TABLE payout_preferences ADD CONSTRAINT payout_preferences_method_check CHECK (method IN ('wallet', 'bank_transfer', 'stripe_connect'));

-- A seller's Express connected account, created once (the Idempotency-Key is the customer's), and what
-- Connect's account.updated last said of it: only `transfers_active` accounts receive transfers.
CREATE TABLE connect_accounts (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  account_id text NOT NULL UNIQUE,
  country text NOT NULL CHECK (country IN ('PT', 'ES')),
  transfers_active boolean NOT NULL DEFAULT false,
  details_submitted boolean NOT NULL DEFAULT false,
  payouts_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One transfer per deposit (package), claimed in the ledger before Stripe is called (the claim is the
-- once-across-instances; the Idempotency-Key derived from the package makes a retried call the same
-- transfer). `transfer_id` is Stripe's, known once it answered. State as Connect reports it: pending
-- (in the seller's Stripe balance), paid (a payout reached the bank), failed (Stripe refused the
-- transfer, or the payout to the bank failed), reversed (taken back by the platform).
CREATE TABLE connect_transfers (
  id serial PRIMARY KEY,
  package_id integer NOT NULL UNIQUE REFERENCES order_packages (id),
  customer_id integer NOT NULL REFERENCES wallets (customer_id),
  account_id text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  transfer_group text NOT NULL,
  transfer_id text UNIQUE,
  -- Stripe's `created` of the transfer (seconds): a payout covers the transfers made before it.
  stripe_created bigint,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'reversed')),
  reversal_id text UNIQUE,
  -- A refund or a lost dispute after the transfer: its reversal is due.
  reverse_requested_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'reversed' OR reversal_id IS NOT NULL)
);
CREATE INDEX connect_transfers_account ON connect_transfers (account_id, status);
CREATE INDEX connect_transfers_open ON connect_transfers (id) WHERE transfer_id IS NULL OR (reverse_requested_at IS NOT NULL AND status <> 'reversed');

-- The ledger: a transfer leaves the wallet as a 'connect_transfer' row (minus its amount), a reversal
-- (or a transfer Stripe refused) comes back as a 'connect_reversal' row (plus it), once each.
ALTER TABLE wallet_entries ADD COLUMN connect_transfer_id integer REFERENCES connect_transfers (id);
ALTER TABLE wallet_entries DROP CONSTRAINT wallet_entries_type;
ALTER TABLE wallet_entries DROP CONSTRAINT wallet_entries_deposit_adds;
ALTER TABLE wallet_entries
  ADD CONSTRAINT wallet_entries_type CHECK (type IN ('listing_sale_deposit', 'sale_refund', 'bank_transfer', 'transaction_fee', 'discount_code', 'connect_transfer', 'connect_reversal')),
  ADD CONSTRAINT wallet_entries_deposit_adds CHECK ((type IN ('listing_sale_deposit', 'connect_reversal')) = (amount_cents > 0)),
  ADD CONSTRAINT wallet_entries_connect CHECK ((type IN ('connect_transfer', 'connect_reversal')) = (connect_transfer_id IS NOT NULL));
CREATE UNIQUE INDEX wallet_entries_connect_once ON wallet_entries (connect_transfer_id, type) WHERE connect_transfer_id IS NOT NULL;

-- SEPA: the operator's batches of requested bank transfers (a pain.001.001.09 file each). A transfer
-- is in one batch at a time (cancelling a batch frees its transfers); confirming marks them paid.
CREATE TABLE sepa_batches (
  id serial PRIMARY KEY,
  message_id text NOT NULL UNIQUE,
  transfers integer NOT NULL,
  total_cents bigint NOT NULL,
  xml text NOT NULL,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  cancelled_at timestamptz,
  CHECK (confirmed_at IS NULL OR cancelled_at IS NULL)
);
CREATE TABLE sepa_batch_transfers (
  batch_id integer NOT NULL REFERENCES sepa_batches (id),
  reference text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (batch_id, reference)
);
CREATE UNIQUE INDEX sepa_batch_transfers_once ON sepa_batch_transfers (reference) WHERE active;
