-- Whether a seller sells as a private person or as a business (Digital Services Act Art. 30,
-- Consumer Rights Directive Art. 6a). No row: not declared, treated as a private person. A business
-- keeps its Art. 30 details here; the phone and the self-certification are for the store, the rest is
-- shown to buyers (Art. 31). One row per seller, replaced when the seller changes their answer.
CREATE TABLE trader_declarations (
  customer_id integer PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('private', 'business')),
  name text,
  address text,
  address2 text,
  zip_code text,
  city text,
  country text,
  email text,
  phone text,
  registration_number text,
  vat_number text,
  self_certified_at timestamptz,
  declared_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'private' OR (name IS NOT NULL AND address IS NOT NULL AND zip_code IS NOT NULL AND city IS NOT NULL AND country IS NOT NULL
                              AND email IS NOT NULL AND phone IS NOT NULL AND registration_number IS NOT NULL AND vat_number IS NOT NULL
                              AND self_certified_at IS NOT NULL))
);

-- The trader's details are on public catalogue answers (product and seller pages): a change moves the
-- catalogue's version (migration 015) so no instance keeps showing the old ones.
DROP TRIGGER IF EXISTS trader_declarations_catalogue_version ON trader_declarations;
CREATE TRIGGER trader_declarations_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON trader_declarations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
