-- Verification at the brand's hub (issue 48, VERIFICATION_MODE=hub). A package sold while the store ran
-- in hub mode is sent by its seller to the hub (its label says so), checked there piece by piece against
-- its listing, then sent on to the buyer (the pieces that passed) or back to the seller (those that
-- failed, refunded to the buyer by the line-refund rule). The order's own columns keep their meaning:
-- order_packages.shipped_at is when the seller sent it (to the hub), carrier_delivered_at is when the
-- BUYER has it (the hub's parcel delivered), so the seller's credit is released by the buyer's delivery
-- as before and never by the parcel reaching the hub.
ALTER TABLE order_packages ADD COLUMN via_hub boolean NOT NULL DEFAULT false;

-- One row per package sent through the hub, written with the order.
--   to_hub:  sold, on its way to the hub (or not sent yet);
--   at_hub:  the hub has it (a member of staff marked it received, or the carrier reported it delivered there);
--   checked: every piece has its verdict (line_verifications): the passed ones left for the buyer, the failed ones for the seller;
--   lost:    it never reached the hub within VERIFICATION_LOST_AFTER_DAYS of being sent: the buyer was refunded.
CREATE TABLE package_verifications (
  package_id integer PRIMARY KEY REFERENCES order_packages (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'to_hub' CHECK (status IN ('to_hub', 'at_hub', 'checked', 'lost')),
  received_at timestamptz,
  received_by integer REFERENCES staff (id),
  decided_at timestamptz,
  decided_by integer REFERENCES staff (id),
  lost_at timestamptz,
  -- The hub's parcel to the buyer (the pieces that passed) and back to the seller (those that failed):
  -- the label's tracking number and when it left the hub.
  outbound_tracking text UNIQUE,
  outbound_shipped_at timestamptz,
  return_tracking text UNIQUE,
  return_shipped_at timestamptz,
  CHECK ((status IN ('at_hub', 'checked')) = (received_at IS NOT NULL)),
  CHECK ((status = 'checked') = (decided_at IS NOT NULL)),
  CHECK ((status = 'lost') = (lost_at IS NOT NULL))
);
CREATE INDEX package_verifications_open ON package_verifications (status) WHERE status IN ('to_hub', 'at_hub');

-- Each piece's verdict: the checklist of its category as ticked, and the written report a failure needs.
CREATE TABLE line_verifications (
  line_id integer PRIMARY KEY REFERENCES order_lines (id) ON DELETE CASCADE,
  package_id integer NOT NULL REFERENCES package_verifications (package_id) ON DELETE CASCADE,
  verdict text NOT NULL CHECK (verdict IN ('pass', 'fail')),
  checklist jsonb NOT NULL,
  report text NOT NULL DEFAULT '',
  decided_at timestamptz NOT NULL,
  decided_by integer REFERENCES staff (id),
  CHECK (verdict = 'pass' OR length(report) > 0)
);
CREATE INDEX line_verifications_package ON line_verifications (package_id);
