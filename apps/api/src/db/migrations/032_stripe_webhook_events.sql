-- Stripe's webhook events, each handled once (issue 28). A row is written after its handler has
-- finished: a repeated delivery of a handled event answers 200 and does nothing; an event whose
-- handler failed has no row, so Stripe's retry runs it again (the handlers are idempotent too).
CREATE TABLE stripe_webhook_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  payment_intent text,
  handled_at timestamptz NOT NULL DEFAULT now()
);
