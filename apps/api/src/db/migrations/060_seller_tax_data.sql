-- Sellers' tax data for DAC7 (Council Directive (EU) 2021/514): what the yearly report to the tax
-- authority names. The personal part (name, address, date of birth, TIN, registration and VAT numbers)
-- is one AES-256-GCM box (`sealed`: 'v1:' + base64 of the 12-byte IV, the 16-byte tag and the
-- ciphertext, with the customer's id as additional data, so a box copied to another row does not open)
-- under TAX_DATA_KEY; no column holds the TIN in clear. What the pages show back in clear is the
-- TIN's last 4 characters and the countries. One row per seller, replaced when they correct it.
-- Kept as a tax record (DAC7 Art. 25(3): 5 to 10 years), not erased with the account.
CREATE TABLE seller_tax_data (
  customer_id integer PRIMARY KEY REFERENCES customers(id),
  kind text NOT NULL CHECK (kind IN ('private', 'business')),
  tin_country text NOT NULL CHECK (tin_country ~ '^[A-Z]{2}$'),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  tin_last4 text NOT NULL CHECK (length(tin_last4) <= 4),
  sealed text NOT NULL CHECK (sealed LIKE 'v1:%'),
  given_at timestamptz NOT NULL DEFAULT now()
);

