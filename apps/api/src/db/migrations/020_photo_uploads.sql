-- Issue 24: who uploaded each photo. A listing may show only its own seller's uploads (the URL
-- pattern alone let a seller use another's photos, or names never uploaded); an upload no listing
-- uses is removed after a day. Photos are named by their content, so two sellers may upload the same
-- bytes: one row per (uploader, name), the files go when no row and no listing needs them.
CREATE TABLE photo_uploads (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, name)
);
CREATE INDEX photo_uploads_created ON photo_uploads (created_at);
CREATE INDEX photo_uploads_name ON photo_uploads (name);

-- Photos already on listings are their sellers' uploads.
INSERT INTO photo_uploads (customer_id, name)
SELECT DISTINCT l.seller_id, substring(t.photo FROM '^/api/photos/([a-f0-9]{32})\.webp$')
FROM listings l, unnest(l.photos) AS t(photo)
WHERE t.photo ~ '^/api/photos/[a-f0-9]{32}\.webp$'
ON CONFLICT DO NOTHING;

-- 010 seeded a €20 main-store code that anyone holding the demo shop key could redeem: it is demo
-- data now, written by the demo seed only (DEMO=true), and gone from every other database.
DELETE FROM discount_codes d
WHERE d.code = 'MAIN-WALLET-2026' AND d.customer_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM wallet_entries w WHERE w.code = d.code);
