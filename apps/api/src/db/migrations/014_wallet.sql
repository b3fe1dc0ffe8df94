-- The seller's wallet (issue 16): a ledger of movements in integer cents, the balance being their
-- sum; main-store discount codes turned from credit; the notifications feed.

-- One row per customer with a wallet: every withdrawal locks it first (SELECT ... FOR UPDATE), so
-- two withdrawals of one customer run one after the other and cannot both spend the same credit.
CREATE TABLE wallets (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Discount codes turned from wallet credit are 'main_store' codes (010): this store refuses them.
-- The main shop redeems one once; a redeemed code is inactive.
ALTER TABLE discount_codes
  ADD COLUMN customer_id integer REFERENCES customers (id),
  ADD COLUMN redeemed_at timestamptz,
  ADD COLUMN redeemed_reference text,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- The ledger. Rows are never updated or deleted: a deposit adds (amount > 0), a bank transfer, its
-- fee and a discount code take (amount < 0). Whether a deposit is still pending is derived from its
-- sale's dates when read (the buyer's confirmation, or 7 days after the delivery date): no job runs.
CREATE TABLE wallet_entries (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES wallets (customer_id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('listing_sale_deposit', 'bank_transfer', 'transaction_fee', 'discount_code')),
  amount_cents integer NOT NULL,
  -- A deposit's sale (one deposit per package, whatever retries happen).
  package_id integer UNIQUE REFERENCES order_packages (id),
  -- A bank transfer and its fee share a reference ('BT-…').
  reference text,
  iban text,
  code text REFERENCES discount_codes (code),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'listing_sale_deposit') = (amount_cents > 0)),
  CHECK ((type = 'listing_sale_deposit') = (package_id IS NOT NULL)),
  CHECK ((type = 'discount_code') = (code IS NOT NULL)),
  CHECK ((type IN ('bank_transfer', 'transaction_fee')) = (reference IS NOT NULL))
);
CREATE INDEX wallet_entries_customer ON wallet_entries (customer_id, id DESC);

-- Sales made before this migration are deposited too.
INSERT INTO wallets (customer_id) SELECT DISTINCT seller_id FROM order_packages ON CONFLICT DO NOTHING;
INSERT INTO wallet_entries (customer_id, type, amount_cents, package_id, created_at)
SELECT k.seller_id, 'listing_sale_deposit', sum(l.price_cents), k.id, o.created_at
FROM order_packages k JOIN orders o ON o.id = k.order_id JOIN order_lines l ON l.package_id = k.id
GROUP BY k.id, k.seller_id, o.created_at;

-- The notifications feed. `data` holds what the entry's sentence needs (amount in cents, reference,
-- title, link); the storefront writes the sentence in the shopper's language.
CREATE TABLE notification_feed (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('sale', 'payout', 'discount_code', 'code_redeemed', 'offer', 'price_drop')),
  data jsonb NOT NULL DEFAULT '{}',
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_feed_customer ON notification_feed (customer_id, id DESC);
CREATE INDEX notification_feed_unread ON notification_feed (customer_id) WHERE read_at IS NULL;
