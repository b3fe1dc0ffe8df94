-- Real labels and tracking (issue 42). With CARRIER_MODE=sendcloud the store buys a prepaid label
-- from Sendcloud at the sale (plugins/app/carriers/carrier-labels.ts): the parcel's id, its carrier,
-- tracking number and tracking page are kept on the package, and the carrier's reports (the signed
-- webhook, or the polling fallback) say when it left (shipped_at) and when it was delivered
-- (carrier_delivered_at, which releases the seller's credit). The test carrier's packages keep these
-- columns empty (label_status NULL): their seller types the tracking number as before.

-- A carrier is whatever Sendcloud answers as `carrier.code` (ctt, dpd, correos_express, …), no longer
-- only the two whose numbers a seller may type.
ALTER TABLE order_packages DROP CONSTRAINT IF EXISTS order_packages_carrier_check;
ALTER TABLE order_packages ADD CONSTRAINT order_packages_carrier_code CHECK (carrier ~ '^[a-z0-9_]{1,40}$');

ALTER TABLE order_packages
  -- pending: to be bought (a job retries it; the sale never waits for Sendcloud); bought; failed: gave up
  -- after the tries (the operator and the seller see it; the job stops trying).
  ADD COLUMN label_status text CHECK (label_status IN ('pending', 'bought', 'failed')),
  ADD COLUMN label_tries integer NOT NULL DEFAULT 0,
  -- A buyer of the label holds it this long (two instances never buy the same label at once).
  ADD COLUMN label_claimed_until timestamptz,
  ADD COLUMN label_error text,
  ADD COLUMN parcel_id bigint UNIQUE,
  ADD COLUMN tracking_url text,
  -- The carrier's latest status (Sendcloud's status id) and when the carrier set it: an older report
  -- arriving late changes nothing.
  ADD COLUMN parcel_status_id integer,
  ADD COLUMN parcel_status_at timestamptz,
  -- When the polling fallback last asked Sendcloud about the parcel.
  ADD COLUMN carrier_checked_at timestamptz,
  ADD CONSTRAINT order_packages_parcel_bought CHECK ((label_status = 'bought') = (parcel_id IS NOT NULL));
CREATE INDEX order_packages_label_pending ON order_packages (id) WHERE label_status = 'pending';
CREATE INDEX order_packages_in_transit ON order_packages (carrier_checked_at) WHERE parcel_id IS NOT NULL AND carrier_delivered_at IS NULL;

-- A pickup point's id in the carrier's network (Sendcloud's service point id): a parcel for a pickup
-- point goes to it (`to_service_point`); without one, to the point's address.
ALTER TABLE pickup_points ADD COLUMN carrier_point_id bigint;

-- Sendcloud's webhook carries no event id: a report is known by the digest of its signed body, so a
-- replay is answered as a duplicate and changes nothing.
CREATE TABLE carrier_webhook_events (
  digest text PRIMARY KEY,
  parcel_id bigint,
  status_id integer,
  received_at timestamptz NOT NULL DEFAULT now()
);
