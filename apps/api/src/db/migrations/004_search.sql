-- Search (spec §7 GET /api/products/listings/all?q=): a search document per product variant (the
-- unit a result card shows), in English and Portuguese, accents ignored, kept right by triggers
-- whoever writes the catalogue; plus a word list with a trigram index for typo tolerance.

-- The words a shopper may type for a gender, a category, a colour or a kind of garment, in both
-- languages (the catalogue itself is written in English). Editing a row refreshes every document.
CREATE TABLE search_words (
  subject text NOT NULL CHECK (subject IN ('gender', 'category', 'colour', 'kind')),
  key text NOT NULL,
  words text NOT NULL,
  PRIMARY KEY (subject, key)
);

INSERT INTO search_words (subject, key, words) VALUES
  ('gender', 'women', 'women woman womens ladies female mulher mulheres senhora senhoras feminino feminina'),
  ('gender', 'men', 'men man mens male homem homens masculino'),
  ('category', '6', 'clothing clothes roupa roupas vestuário'),
  ('category', '7', 'bags bag handbags malas mala bolsas bolsa'),
  ('category', '11', 'accessories accessory acessórios acessório'),
  ('colour', 'black', 'preto preta pretos pretas'),
  ('colour', 'white', 'branco branca brancos brancas'),
  ('colour', 'ecru', 'cru crua off-white'),
  ('colour', 'beige', 'bege'),
  ('colour', 'camel', 'camelo'),
  ('colour', 'brown', 'castanho castanha castanhos'),
  ('colour', 'grey', 'gray cinzento cinzenta cinza'),
  ('colour', 'navy', 'azul-marinho marinho'),
  ('colour', 'blue', 'azul azuis'),
  ('colour', 'green', 'verde verdes'),
  ('colour', 'olive', 'verde-azeitona azeitona oliva'),
  ('colour', 'red', 'vermelho vermelha vermelhos'),
  ('colour', 'burgundy', 'bordô bordeaux'),
  ('colour', 'pink', 'rosa cor-de-rosa'),
  ('colour', 'yellow', 'amarelo amarela'),
  ('kind', 'dress', 'dress dresses vestido vestidos'),
  ('kind', 'blouse', 'blouse top tops blusa blusas'),
  ('kind', 'skirt', 'skirt skirts saia saias'),
  ('kind', 'knit', 'knitwear knit jumper sweater pullover malha camisola camisolas'),
  ('kind', 'coat', 'coat outerwear casaco casacos sobretudo'),
  ('kind', 'jacket', 'jacket outerwear casaco blusão'),
  ('kind', 'trousers', 'trousers pants calças'),
  ('kind', 'jeans', 'jeans denim ganga calças'),
  ('kind', 'tshirt', 't-shirt tshirt tee top camiseta'),
  ('kind', 'shirt', 'shirt shirts camisa camisas'),
  ('kind', 'tote', 'tote bag saco sacola mala'),
  ('kind', 'bag', 'bag handbag mala carteira'),
  ('kind', 'backpack', 'backpack rucksack mochila'),
  ('kind', 'scarf', 'scarf scarves lenço cachecol'),
  ('kind', 'belt', 'belt belts cinto cintos'),
  ('kind', 'hat', 'hat hats chapéu'),
  ('kind', 'cap', 'cap hat boné'),
  ('kind', 'sunglasses', 'sunglasses glasses óculos sol');

-- The text a variant is found by: lower-cased and without accents, so "Saía" and "saia" are one word.
CREATE FUNCTION variant_search_text(variant_product_id integer, variant_colour_id text) RETURNS text
  LANGUAGE sql STABLE
  AS $$
    SELECT immutable_unaccent(lower(concat_ws(' ',
      p.title,
      (SELECT w.words FROM search_words w WHERE w.subject = 'kind' AND w.key = p.kind),
      (SELECT w.words FROM search_words w WHERE w.subject = 'category' AND w.key = p.category_id::text),
      (SELECT w.words FROM search_words w WHERE w.subject = 'gender' AND w.key = p.gender),
      c.name,
      (SELECT w.words FROM search_words w WHERE w.subject = 'colour' AND w.key = c.id),
      p.description)))
    FROM products p, colours c
    WHERE p.id = variant_product_id AND c.id = variant_colour_id
  $$;

-- The document is generated from the text (to_tsvector with a named configuration is immutable):
-- English and Portuguese stems, plus the words as they are ('simple') for prefixes while typing.
ALTER TABLE product_variants
  ADD COLUMN search_text text NOT NULL DEFAULT '',
  ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
    to_tsvector('english'::regconfig, search_text)
    || to_tsvector('portuguese'::regconfig, search_text)
    || to_tsvector('simple'::regconfig, search_text)
  ) STORED;
CREATE INDEX product_variants_search ON product_variants USING gin (search_document);

-- Every word of every document, for "did you mean": a misspelt word is replaced by its most similar
-- known word (trigram similarity) when the exact search finds nothing. Words are never removed: a
-- stale one only leads to a corrected search that finds nothing.
CREATE TABLE search_lexicon (word text PRIMARY KEY);
CREATE INDEX search_lexicon_trgm ON search_lexicon USING gin (word gin_trgm_ops);

CREATE FUNCTION product_variants_search_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.search_text := coalesce(variant_search_text(NEW.product_id, NEW.colour_id), '');
    RETURN NEW;
  END
  $$;
CREATE TRIGGER product_variants_search_text BEFORE INSERT OR UPDATE OF product_id, colour_id ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_search_text();

CREATE FUNCTION product_variants_search_lexicon() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_lexicon (word)
      SELECT DISTINCT word FROM regexp_split_to_table(NEW.search_text, '[^a-z0-9]+') AS word
      WHERE length(word) BETWEEN 3 AND 40
      ON CONFLICT (word) DO NOTHING;
    RETURN NULL;
  END
  $$;
CREATE TRIGGER product_variants_search_lexicon AFTER INSERT OR UPDATE OF search_text ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_search_lexicon();

-- A product's words changed: its variants' documents follow.
CREATE FUNCTION products_search_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE product_variants SET search_text = coalesce(variant_search_text(product_id, colour_id), '') WHERE product_id = NEW.id;
    RETURN NULL;
  END
  $$;
CREATE TRIGGER products_search_refresh AFTER UPDATE OF title, description, kind, category_id, gender ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh();

-- Colour names and search words are reference data that rarely change: refresh every document.
CREATE FUNCTION search_refresh_all() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE product_variants SET search_text = coalesce(variant_search_text(product_id, colour_id), '');
    RETURN NULL;
  END
  $$;
CREATE TRIGGER search_words_refresh AFTER INSERT OR UPDATE OR DELETE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_all();
CREATE TRIGGER colours_search_refresh AFTER UPDATE OF name ON colours
  FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_all();

-- Catalogues seeded before this migration.
UPDATE product_variants SET search_text = coalesce(variant_search_text(product_id, colour_id), '');

-- What a variant's card shows, summarised from its active listings: a search reads one row per card
-- instead of aggregating every listing (100 000 listings over a hundred variants would otherwise be
-- aggregated on every keystroke). Kept right by statement triggers on listings, whoever writes them.
CREATE TABLE variant_summaries (
  variant_id integer PRIMARY KEY REFERENCES product_variants (id) ON DELETE CASCADE,
  listings_count integer NOT NULL DEFAULT 0,
  min_price_cents integer,
  max_price_cents integer,
  best_condition_id integer,
  newest timestamptz,
  sizes text[] NOT NULL DEFAULT '{}',
  condition_ids integer[] NOT NULL DEFAULT '{}'
);

CREATE FUNCTION refresh_variant_summaries(variant_ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF cardinality(variant_ids) = 0 THEN
      RETURN;
    END IF;
    -- The rows exist and are locked in one order first, so concurrent writers of a variant queue
    -- here; each statement below takes a new snapshot (READ COMMITTED), so the summary includes
    -- what the writer before us committed.
    INSERT INTO variant_summaries (variant_id)
      SELECT v.id FROM product_variants v WHERE v.id = ANY(variant_ids) ORDER BY v.id
      ON CONFLICT (variant_id) DO NOTHING;
    PERFORM 1 FROM variant_summaries WHERE variant_id = ANY(variant_ids) ORDER BY variant_id FOR UPDATE;
    UPDATE variant_summaries s
      SET listings_count = a.n, min_price_cents = a.min_price, max_price_cents = a.max_price, best_condition_id = a.best,
          newest = a.newest, sizes = a.sizes, condition_ids = a.condition_ids
      FROM (
        SELECT t.id, agg.*
        FROM unnest(variant_ids) AS t(id)
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS n, min(l.price_cents) AS min_price, max(l.price_cents) AS max_price,
                 min(l.condition_id) AS best, max(l.created_at) AS newest,
                 coalesce(array_agg(DISTINCT l.size) FILTER (WHERE l.size IS NOT NULL), '{}') AS sizes,
                 coalesce(array_agg(DISTINCT l.condition_id) FILTER (WHERE l.condition_id IS NOT NULL), '{}') AS condition_ids
          FROM listings l WHERE l.variant_id = t.id AND l.status = 'active'
        ) AS agg
      ) AS a
      WHERE s.variant_id = a.id;
  END
  $$;

CREATE FUNCTION listings_refresh_summaries() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM refresh_variant_summaries(ARRAY(SELECT DISTINCT variant_id FROM new_rows ORDER BY 1));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM refresh_variant_summaries(ARRAY(SELECT DISTINCT variant_id FROM old_rows ORDER BY 1));
    ELSE
      PERFORM refresh_variant_summaries(ARRAY(
        SELECT variant_id FROM new_rows UNION SELECT variant_id FROM old_rows ORDER BY 1));
    END IF;
    RETURN NULL;
  END
  $$;
CREATE TRIGGER listings_summaries_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_refresh_summaries();
CREATE TRIGGER listings_summaries_update AFTER UPDATE ON listings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_refresh_summaries();
CREATE TRIGGER listings_summaries_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_refresh_summaries();

SELECT refresh_variant_summaries(ARRAY(SELECT id FROM product_variants ORDER BY id));
