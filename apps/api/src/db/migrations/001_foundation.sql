-- Extensions live in public so every schema (and every test schema) shares them.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;

-- unaccent() is not IMMUTABLE, so it cannot be used in an index or a generated column as it is
-- (DESIGN.md §8). Naming the dictionary and the schema makes the result independent of search_path.
CREATE OR REPLACE FUNCTION immutable_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;

-- The brand the store runs inside, with the brand-details fields of spec §3 (wire names are mapped
-- in the brands repository: a column name cannot start with a digit).
CREATE TABLE brands (
  id integer PRIMARY KEY,
  name text NOT NULL,
  logo_2hand text NOT NULL,
  mini_logo text NOT NULL,
  image_sidebar text NOT NULL,
  main_domain text NOT NULL DEFAULT '',
  return_center_link text NOT NULL DEFAULT '',
  size_guide_2hand text NOT NULL DEFAULT '',
  main_logo text NOT NULL,
  sidebar_image_vertical_2hand text NOT NULL,
  -- [{ name, link, icon }]
  link_socials jsonb NOT NULL DEFAULT '[]',
  -- { collections: [...], collections_sample: [...] }
  collections jsonb NOT NULL DEFAULT '{"collections": [], "collections_sample": []}',
  sample_customer_id integer
);

-- Minimal for now: sign-in, addresses and the rest extend it in later migrations.
CREATE TABLE customers (
  id serial PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  -- Stored lower-cased (no citext): the CHECK keeps every writer honest.
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  -- A seller the brand has checked (the sample customer's verified badge, spec §6).
  verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE brands ADD CONSTRAINT brands_sample_customer_fk FOREIGN KEY (sample_customer_id) REFERENCES customers (id);

CREATE TABLE newsletter_subscriptions (
  id serial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id),
  email text NOT NULL CHECK (email = lower(email)),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, email)
);
