-- Checkout, payment and orders (issue 11): the address book, pickup points, discount codes, payment
-- attempts (idempotency), orders with their lines and one package per seller. Money in integer cents.

-- The address book (spec §3 "Address"). At most one default per customer, enforced here.
CREATE TABLE addresses (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text NOT NULL,
  address text NOT NULL,
  address2 text NOT NULL DEFAULT '',
  zip_code text NOT NULL,
  city text NOT NULL,
  country text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_customer ON addresses (customer_id);
CREATE UNIQUE INDEX addresses_one_default ON addresses (customer_id) WHERE is_default;

-- Where a parcel can be collected instead of delivered home. Reference data, seeded below.
CREATE TABLE pickup_points (
  id serial PRIMARY KEY,
  name text NOT NULL,
  address text NOT NULL,
  zip_code text NOT NULL,
  city text NOT NULL,
  country text NOT NULL DEFAULT 'PT',
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  opening_hours text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true
);

-- Discount codes. A 'main_store' code is one turned from wallet credit (spec §9): it exists, but
-- is valid only in the brand's main shop, so this store refuses it like an unknown one.
CREATE TABLE discount_codes (
  code text PRIMARY KEY CHECK (code = upper(code)),
  scope text NOT NULL DEFAULT 'storefront' CHECK (scope IN ('storefront', 'main_store')),
  percent_off integer CHECK (percent_off BETWEEN 1 AND 100),
  amount_off_cents integer CHECK (amount_off_cents > 0),
  active boolean NOT NULL DEFAULT true,
  CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL))
);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  -- NULL for a guest order until an account claims it.
  customer_id integer REFERENCES customers (id),
  email text NOT NULL CHECK (email = lower(email)),
  -- SHA-256 of the guest's claim token (the checkout answer and the confirmation mail carry the token).
  claim_hash text UNIQUE,
  status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'shipped', 'delivered')),
  delivery_option text NOT NULL CHECK (delivery_option IN ('home', 'pickup')),
  pickup_point_id integer REFERENCES pickup_points (id),
  -- Copies, not references: editing the address book later must not rewrite a past order.
  delivery_address jsonb NOT NULL,
  billing_address jsonb NOT NULL,
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  processing_cents integer NOT NULL CHECK (processing_cents >= 0),
  verification_cents integer NOT NULL CHECK (verification_cents >= 0),
  shipping_cents integer NOT NULL CHECK (shipping_cents >= 0),
  delivery_cents integer NOT NULL CHECK (delivery_cents >= 0),
  discount_cents integer NOT NULL CHECK (discount_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  discount_code text,
  payment_provider text NOT NULL,
  payment_reference text NOT NULL,
  card_brand text NOT NULL,
  card_last4 text NOT NULL,
  review_rating integer CHECK (review_rating BETWEEN 1 AND 5),
  review_comment text,
  reviewed_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_customer ON orders (customer_id, created_at DESC);

-- One package per seller of an order: each seller ships their pieces themselves (spec §9).
CREATE TABLE order_packages (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id),
  seller_id integer NOT NULL REFERENCES customers (id),
  ship_by date NOT NULL,
  shipped_at timestamptz,
  tracking_number text,
  UNIQUE (order_id, seller_id)
);
CREATE INDEX order_packages_seller ON order_packages (seller_id, id DESC);

CREATE TABLE order_lines (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id),
  package_id integer NOT NULL REFERENCES order_packages (id),
  -- UNIQUE: a listing belongs to one order, whatever else went wrong.
  listing_id integer NOT NULL UNIQUE REFERENCES listings (id),
  title text NOT NULL,
  photo text NOT NULL,
  colour text NOT NULL,
  size text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents > 0)
);
CREATE INDEX order_lines_order ON order_lines (order_id);

-- Payment attempts, keyed by the client's Idempotency-Key. The key is claimed (inserted) before
-- anything else happens; the final answer is stored in the same transaction as the order, so a
-- repeated key answers the first result and a crash leaves a 'processing' claim, nothing half done.
CREATE TABLE payment_attempts (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  request_hash text NOT NULL,
  customer_id integer REFERENCES customers (id),
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'requires_action', 'done')),
  -- What the confirmation step needs to finish the order (the checkout as priced, the authorization).
  pending jsonb,
  response_status integer,
  response_body jsonb,
  order_id integer REFERENCES orders (id),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO discount_codes (code, scope, percent_off, amount_off_cents, active) VALUES
  ('WELCOME10', 'storefront', 10, NULL, true),
  ('PRELOVED5', 'storefront', NULL, 500, true),
  ('SUMMER2025', 'storefront', 15, NULL, false),
  ('MAIN-WALLET-2026', 'main_store', NULL, 2000, true);

INSERT INTO pickup_points (name, address, zip_code, city, lat, lng, opening_hours) VALUES
  ('Papelaria Rossio', 'Praça Dom Pedro IV 21', '1100-200', 'Lisboa', 38.7139, -9.1394, 'Mon–Sat 09:00–19:00'),
  ('Quiosque Cais do Sodré', 'Praça Duque da Terceira 12', '1200-161', 'Lisboa', 38.7066, -9.1445, 'Every day 08:00–22:00'),
  ('Loja Avenidas Novas', 'Avenida da República 45', '1050-187', 'Lisboa', 38.7385, -9.1455, 'Mon–Fri 09:00–20:00'),
  ('Mercearia Alvalade', 'Avenida da Igreja 30', '1700-237', 'Lisboa', 38.7536, -9.1432, 'Mon–Sat 08:30–20:00'),
  ('Drogaria Belém', 'Rua de Belém 62', '1300-085', 'Lisboa', 38.6975, -9.2030, 'Mon–Sat 09:30–19:30'),
  ('Centro Comercial Oeiras', 'Rua Cândido dos Reis 100', '2780-211', 'Oeiras', 38.6913, -9.3106, 'Every day 10:00–23:00'),
  ('Papelaria Almada', 'Rua Capitão Leitão 14', '2800-133', 'Almada', 38.6790, -9.1569, 'Mon–Sat 09:00–19:00'),
  ('Quiosque Sintra Vila', 'Rua Visconde de Monserrate 3', '2710-591', 'Sintra', 38.7978, -9.3884, 'Every day 09:00–18:00'),
  ('Livraria Aliados', 'Avenida dos Aliados 107', '4000-065', 'Porto', 41.1486, -8.6110, 'Mon–Sat 09:00–20:00'),
  ('Loja Boavista', 'Avenida da Boavista 1277', '4100-130', 'Porto', 41.1590, -8.6380, 'Mon–Sat 10:00–20:00'),
  ('Mercearia Ribeira', 'Cais da Ribeira 24', '4050-510', 'Porto', 41.1408, -8.6131, 'Every day 09:00–21:00'),
  ('Papelaria Gaia', 'Avenida da República 1500', '4430-192', 'Vila Nova de Gaia', 41.1270, -8.6090, 'Mon–Sat 09:00–19:00'),
  ('Quiosque Matosinhos', 'Rua Brito Capelo 180', '4450-073', 'Matosinhos', 41.1826, -8.6890, 'Mon–Sat 08:00–20:00'),
  ('Livraria Baixa de Coimbra', 'Rua Ferreira Borges 85', '3000-180', 'Coimbra', 40.2089, -8.4291, 'Mon–Sat 09:00–19:00'),
  ('Loja Solum', 'Rua General Humberto Delgado 201', '3030-327', 'Coimbra', 40.2006, -8.4093, 'Mon–Sat 10:00–20:00'),
  ('Papelaria Faro Centro', 'Rua de Santo António 40', '8000-283', 'Faro', 37.0165, -7.9333, 'Mon–Sat 09:00–19:00'),
  ('Quiosque Marina de Portimão', 'Avenida Tomás Cabreira 2', '8500-802', 'Portimão', 37.1199, -8.5371, 'Every day 09:00–21:00'),
  ('Mercearia Lagos', 'Rua 25 de Abril 48', '8600-763', 'Lagos', 37.1020, -8.6740, 'Mon–Sat 09:00–19:00'),
  ('Loja Braga Centro', 'Avenida Central 120', '4710-229', 'Braga', 41.5503, -8.4220, 'Mon–Sat 09:00–20:00'),
  ('Papelaria Aveiro', 'Rua de Viana do Castelo 9', '3800-275', 'Aveiro', 40.6405, -8.6538, 'Mon–Sat 09:00–19:00'),
  ('Quiosque Évora', 'Praça do Giraldo 73', '7000-508', 'Évora', 38.5711, -7.9093, 'Mon–Sat 09:00–19:00'),
  ('Loja Leiria', 'Rua Barão de Viamonte 15', '2400-262', 'Leiria', 39.7436, -8.8071, 'Mon–Sat 09:30–19:30'),
  ('Papelaria Viseu', 'Rua Formosa 60', '3500-135', 'Viseu', 40.6566, -7.9125, 'Mon–Sat 09:00–19:00'),
  ('Quiosque Setúbal', 'Avenida Luísa Todi 300', '2900-452', 'Setúbal', 38.5244, -8.8882, 'Mon–Sat 08:30–19:30');
