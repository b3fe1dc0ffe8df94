-- The store-credit bonus (issue 45): a main-shop code made from a verified seller's credit may be worth
-- more than the credit spent; the difference, paid by the brand, is kept on the code. A month's bonus of a
-- seller is summed by the code's customer and date.
ALTER TABLE discount_codes ADD COLUMN bonus_cents integer NOT NULL DEFAULT 0 CHECK (bonus_cents >= 0);
CREATE INDEX discount_codes_bonus ON discount_codes (customer_id, created_at) WHERE bonus_cents > 0;
