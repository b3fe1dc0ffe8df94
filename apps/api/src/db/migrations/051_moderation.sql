-- Moderation: a listing can wait for the brand's review (in_review), be sent back for changes
-- (changes_requested) or be rejected; none of those is 'active', so no shopper's page shows them.
-- The brand's settings live in store_settings, one JSON value per key, each change in the audit log.
ALTER TABLE listings DROP CONSTRAINT listings_status_check;
ALTER TABLE listings ADD CONSTRAINT listings_status_check CHECK (status IN ('active', 'archived', 'sold', 'in_review', 'changes_requested', 'rejected'));
ALTER TABLE listings
  ADD COLUMN moderation_reason text,
  ADD COLUMN moderation_note text,
  ADD COLUMN moderated_at timestamptz,
  ADD COLUMN moderated_by integer REFERENCES staff (id);
CREATE INDEX listings_in_review ON listings (created_at, id) WHERE status = 'in_review';

CREATE TABLE store_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
