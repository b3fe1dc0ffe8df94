-- The catalogue: brand products, their colour variants, a child per size, and second-hand listings.
CREATE TABLE conditions (
  id integer PRIMARY KEY,          -- lower is better: 1 = new with tags
  option text NOT NULL,
  description text NOT NULL
);

CREATE TABLE colours (
  id text PRIMARY KEY,             -- 'black', 'ecru', ...
  name text NOT NULL,
  hex text NOT NULL
);

CREATE TABLE categories (
  id integer PRIMARY KEY,          -- clothing 6; accessories 7 and 11 (spec §9)
  name text NOT NULL
);

CREATE TABLE products (
  id serial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id),
  gender text NOT NULL CHECK (gender IN ('women', 'men')),
  category_id integer NOT NULL REFERENCES categories (id),
  kind text NOT NULL,              -- what the garment is ('dress', 'bag'): drives its generated photo
  title text NOT NULL,
  description text NOT NULL,
  original_price_cents integer NOT NULL CHECK (original_price_cents > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_brand_gender_category ON products (brand_id, gender, category_id);

CREATE TABLE product_variants (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id),
  colour_id text NOT NULL REFERENCES colours (id),
  UNIQUE (product_id, colour_id)
);

CREATE TABLE product_children (
  id serial PRIMARY KEY,
  variant_id integer NOT NULL REFERENCES product_variants (id),
  size text NOT NULL,
  size_order integer NOT NULL,
  UNIQUE (variant_id, size)
);

CREATE TABLE listings (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  child_id integer NOT NULL REFERENCES product_children (id),
  seller_id integer NOT NULL REFERENCES customers (id),
  condition_id integer NOT NULL REFERENCES conditions (id),
  comment text NOT NULL DEFAULT '',
  photos text[] NOT NULL CHECK (cardinality(photos) BETWEEN 2 AND 4),
  price_cents integer NOT NULL CHECK (price_cents > 0),
  min_price_cents integer NOT NULL CHECK (min_price_cents > 0),
  smart_pricing boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived', 'sold')),
  created_at timestamptz NOT NULL DEFAULT now(),
  sold_at timestamptz,
  -- Denormalised from the product tree so the listing pages filter and group one table.
  product_id integer NOT NULL REFERENCES products (id),
  variant_id integer NOT NULL REFERENCES product_variants (id),
  brand_id integer NOT NULL REFERENCES brands (id),
  gender text NOT NULL,
  category_id integer NOT NULL,
  colour_id text NOT NULL,
  size text NOT NULL,
  size_order integer NOT NULL
);
CREATE INDEX listings_active_browse ON listings (brand_id, gender, category_id, price_cents) WHERE status = 'active';
CREATE INDEX listings_active_variant ON listings (variant_id, price_cents) WHERE status = 'active';
CREATE INDEX listings_active_seller ON listings (seller_id) WHERE status = 'active';
CREATE INDEX listings_active_newest ON listings (brand_id, created_at DESC) WHERE status = 'active';
