-- GDPR: an account its owner deleted (issue 46). The row stays, anonymised, because the records the law
-- makes the store keep (orders, wallet ledger, payouts, DAC7) point at it; `deleted_at` says why it is
-- empty and keeps it out of sign-in (sessions refuse it as they refuse a blocked account).
ALTER TABLE customers ADD COLUMN deleted_at timestamptz;
