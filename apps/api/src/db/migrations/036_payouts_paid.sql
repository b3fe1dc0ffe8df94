-- Issue 27: a requested bank transfer (its bank_transfer row and its transaction_fee row, one
-- reference) is marked paid by the `payouts-paid` job on the next business day (see
-- plugins/app/payouts/payout-runs.ts). Only those two kinds of row are ever paid.
ALTER TABLE wallet_entries ADD COLUMN paid_at timestamptz;
ALTER TABLE wallet_entries ADD CONSTRAINT wallet_entries_paid_transfer CHECK (paid_at IS NULL OR type IN ('bank_transfer', 'transaction_fee'));
CREATE INDEX wallet_entries_unpaid_transfers ON wallet_entries (created_at) WHERE paid_at IS NULL AND type IN ('bank_transfer', 'transaction_fee');
