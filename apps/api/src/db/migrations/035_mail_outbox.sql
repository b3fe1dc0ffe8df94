-- Issue 27: mails written in the transaction of what they tell (an order and its confirmation and
-- sale mails commit together), sent after it, and sent again by the `mail-outbox` job when the
-- process stopped between the two or the mail server refused. A row is claimed for a while before it
-- is sent, so two instances do not send it at once; `data` names what to write (an order, a
-- package), the mail itself is written when it is sent.
CREATE TABLE mail_outbox (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  tries integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz
);
CREATE INDEX mail_outbox_waiting ON mail_outbox (id) WHERE sent_at IS NULL;
