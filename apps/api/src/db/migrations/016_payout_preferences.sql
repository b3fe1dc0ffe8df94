-- How a seller is paid (spec §1: "paid into a wallet or by bank transfer"), chosen at /user/onboarding.
-- One row per customer who has onboarded as a seller; no row means "not onboarded yet". The IBAN is
-- kept normalised (no spaces, upper case) and was checked by its checksum before it was stored; a
-- bank transfer needs one, so `bank_transfer` without an IBAN cannot be stored.
CREATE TABLE IF NOT EXISTS payout_preferences (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('wallet', 'bank_transfer')),
  iban text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (method <> 'bank_transfer' OR iban IS NOT NULL)
);
