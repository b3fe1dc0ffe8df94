-- Newsletter double opt-in (issue 9 item 9): an address is subscribed once its owner confirms it from
-- the mail we send; until then it holds the hash of the confirmation token. Addresses stored before
-- this migration were taken as subscribed then and stay so.
ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at timestamptz;
ALTER TABLE newsletter_subscriptions ADD COLUMN token_hash text UNIQUE;
ALTER TABLE newsletter_subscriptions ADD COLUMN token_expires_at timestamptz;
UPDATE newsletter_subscriptions SET confirmed_at = created_at;
