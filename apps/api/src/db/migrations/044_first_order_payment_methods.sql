-- Issue 41: a first-order code (WELCOME10) welcomed a new shopper per unproven e-mail, paid with the
-- same card every time. A first-order code now needs a payment method never used for one before:
-- the card's fingerprint (Stripe's `card.fingerprint`; the test provider's hash of the number, never
-- the number). One row per method that got a first-order code, written in the order's transaction;
-- the primary key makes two orders racing with one card queue, and the second is refused.
CREATE TABLE first_order_payment_methods (
  provider text NOT NULL,
  fingerprint text NOT NULL,
  order_id integer NOT NULL REFERENCES orders (id),
  code text NOT NULL REFERENCES discount_codes (code),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, fingerprint)
);
CREATE INDEX first_order_payment_methods_order ON first_order_payment_methods (order_id);
