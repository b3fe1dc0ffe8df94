-- The back office blocks a customer (a fraudster, a seller of fakes): no session opens for them, their
-- live sessions are revoked, their pieces on sale are archived and their payouts frozen (the money
-- stays in the wallet for the team to decide). The reason is the audit log's, kept here for the page.
ALTER TABLE customers ADD COLUMN blocked_at timestamptz, ADD COLUMN blocked_reason text;
CREATE INDEX orders_number_lower ON orders (lower(number));
CREATE INDEX order_packages_tracking_lower ON order_packages (lower(tracking_number)) WHERE tracking_number IS NOT NULL;
