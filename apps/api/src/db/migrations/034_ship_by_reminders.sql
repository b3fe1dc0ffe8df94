-- Issue 27: a seller whose package is not shipped is reminded once, the day before its ship-by date
-- (a job on the queue claims the reminder by setting this, so two instances send it once).
ALTER TABLE order_packages ADD COLUMN reminded_at timestamptz;
