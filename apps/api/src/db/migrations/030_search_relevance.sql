-- Search relevance (issue 26): a query's results come by relevance, the title before the words of what
-- the piece is (kind, category, gender, colour) and before the description; and each language's
-- stems come from that language's text only.
--
-- Until now both stemmers ran over the whole text, English and Portuguese alike, so a word's stem in
-- one language matched an unrelated word of the other: "mala" (bag) has the Portuguese stem "mal",
-- and the Portuguese stemmer also cut the English gender word "male" to "mal", so "mala" found every
-- men's piece. A short stem is where this bites (a 4-letter word with a 3-letter stem); the rule is
-- now the same for every word length: a word matches the beginning of a word as written, or a stem of
-- the same language's text.

ALTER TABLE product_variants
  ADD COLUMN search_title_en text NOT NULL DEFAULT '',
  ADD COLUMN search_title_pt text NOT NULL DEFAULT '',
  ADD COLUMN search_words text NOT NULL DEFAULT '',
  ADD COLUMN search_description_en text NOT NULL DEFAULT '',
  ADD COLUMN search_description_pt text NOT NULL DEFAULT '';

-- The parts of a variant's text, lower-cased and without accents. The search words (kind, category,
-- gender, colour) are lists of both languages' forms, plurals included: they are matched as written
-- and by their English stems ("sweaters"), never by Portuguese ones (the Portuguese stemmer cuts
-- English words such as "male" to stems of Portuguese words).
CREATE FUNCTION variant_search_parts(
  variant_product_id integer, variant_colour_id text,
  OUT title_en text, OUT title_pt text, OUT words text, OUT description_en text, OUT description_pt text
)
  LANGUAGE sql STABLE
  AS $$
    SELECT immutable_unaccent(lower(p.title)),
      immutable_unaccent(lower(coalesce(p.title_pt, ''))),
      immutable_unaccent(lower(concat_ws(' ',
        (SELECT w.words FROM search_words w WHERE w.subject = 'kind' AND w.key = p.kind),
        (SELECT w.words FROM search_words w WHERE w.subject = 'category' AND w.key = p.category_id::text),
        (SELECT w.words FROM search_words w WHERE w.subject = 'gender' AND w.key = p.gender),
        c.name,
        (SELECT w.words FROM search_words w WHERE w.subject = 'colour' AND w.key = c.id)))),
      immutable_unaccent(lower(p.description)),
      immutable_unaccent(lower(coalesce(p.description_pt, '')))
    FROM products p, colours c
    WHERE p.id = variant_product_id AND c.id = variant_colour_id
  $$;

-- Every writer of a variant's text (a new variant, the refreshes of migrations 004 and 011, which set
-- search_text) passes here, so the parts follow the whole text.
CREATE OR REPLACE FUNCTION product_variants_search_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    parts record;
  BEGIN
    NEW.search_text := coalesce(variant_search_text(NEW.product_id, NEW.colour_id), '');
    SELECT * INTO parts FROM variant_search_parts(NEW.product_id, NEW.colour_id);
    NEW.search_title_en := coalesce(parts.title_en, '');
    NEW.search_title_pt := coalesce(parts.title_pt, '');
    NEW.search_words := coalesce(parts.words, '');
    NEW.search_description_en := coalesce(parts.description_en, '');
    NEW.search_description_pt := coalesce(parts.description_pt, '');
    RETURN NEW;
  END
  $$;
DROP TRIGGER product_variants_search_text ON product_variants;
CREATE TRIGGER product_variants_search_text BEFORE INSERT OR UPDATE OF product_id, colour_id, search_text ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_search_text();

-- The document, weighted: A the title (as written, and stemmed in its own language), B the search
-- words, D the description. The relevance sort ranks by these weights.
ALTER TABLE product_variants DROP COLUMN search_document;
ALTER TABLE product_variants
  ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
    setweight(
      to_tsvector('simple'::regconfig, search_title_en || ' ' || search_title_pt)
      || to_tsvector('english'::regconfig, search_title_en)
      || to_tsvector('portuguese'::regconfig, search_title_pt),
      'A')
    || setweight(to_tsvector('simple'::regconfig, search_words) || to_tsvector('english'::regconfig, search_words), 'B')
    || setweight(
      to_tsvector('simple'::regconfig, search_description_en || ' ' || search_description_pt)
      || to_tsvector('english'::regconfig, search_description_en)
      || to_tsvector('portuguese'::regconfig, search_description_pt),
      'D')
  ) STORED;
CREATE INDEX product_variants_search ON product_variants USING gin (search_document);

-- Catalogues seeded before this migration.
UPDATE product_variants SET search_text = coalesce(variant_search_text(product_id, colour_id), '');
