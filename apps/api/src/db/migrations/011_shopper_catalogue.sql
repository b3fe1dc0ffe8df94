-- The shopper's view (issue 12): products in both languages, and blazers as a kind of garment.

-- A product's title and description in Portuguese; the API answers in the language the client asks
-- for (Accept-Language) and falls back to the English text when a product has none.
ALTER TABLE products
  ADD COLUMN title_pt text,
  ADD COLUMN description_pt text;

-- The search text now has the Portuguese title and description too ("vestido de linho").
CREATE OR REPLACE FUNCTION variant_search_text(variant_product_id integer, variant_colour_id text) RETURNS text
  LANGUAGE sql STABLE
  AS $$
    SELECT immutable_unaccent(lower(concat_ws(' ',
      p.title,
      p.title_pt,
      (SELECT w.words FROM search_words w WHERE w.subject = 'kind' AND w.key = p.kind),
      (SELECT w.words FROM search_words w WHERE w.subject = 'category' AND w.key = p.category_id::text),
      (SELECT w.words FROM search_words w WHERE w.subject = 'gender' AND w.key = p.gender),
      c.name,
      (SELECT w.words FROM search_words w WHERE w.subject = 'colour' AND w.key = c.id),
      p.description,
      p.description_pt)))
    FROM products p, colours c
    WHERE p.id = variant_product_id AND c.id = variant_colour_id
  $$;

DROP TRIGGER products_search_refresh ON products;
CREATE TRIGGER products_search_refresh AFTER UPDATE OF title, description, title_pt, description_pt, kind, category_id, gender ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh();

-- A new kind of garment; the statement trigger of search_words refreshes every document.
INSERT INTO search_words (subject, key, words) VALUES
  ('kind', 'blazer', 'blazer blazers jacket casaco casacos')
  ON CONFLICT (subject, key) DO NOTHING;
