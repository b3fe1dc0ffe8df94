-- Resells started from the main shop (issue 45's figures): a customer who opens the selling flow from
-- "Resell this" on a main-shop order (the selling page looks the piece up by its catalogue reference).
-- Once per customer, piece and Lisbon day, so reloading the page does not count again.
CREATE TABLE resell_starts (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  child_id integer NOT NULL,
  day date NOT NULL,
  started_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, child_id, day)
);
CREATE INDEX resell_starts_started ON resell_starts (started_at);
