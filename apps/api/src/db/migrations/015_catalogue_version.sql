-- The catalogue's version (issue 13): every API instance keeps public catalogue answers in memory for
-- a few seconds and forgets them as soon as this number moves. It moves with every statement that
-- changes listings (a sale, a new or edited listing, a price), whatever code or instance ran it.
-- A sequence, not a row: no lock that checkouts would queue on.
CREATE SEQUENCE IF NOT EXISTS catalogue_version;

CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_version');
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS listings_catalogue_version ON listings;
CREATE TRIGGER listings_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
DROP TRIGGER IF EXISTS products_catalogue_version ON products;
CREATE TRIGGER products_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
