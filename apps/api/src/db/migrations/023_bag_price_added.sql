-- Issue 25: a bag line keeps the price it was added at, so the bag can say that a price fell ("was
-- €X") or rose since. Lines added before this migration have none (null: nothing to compare).
ALTER TABLE bag_lines ADD COLUMN added_price_cents integer;
