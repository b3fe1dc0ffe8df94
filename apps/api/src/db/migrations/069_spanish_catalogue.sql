-- Issue 48, Spain: the catalogue's own texts in Spanish, as they are in Portuguese (migrations 011 and
-- 027): a product's title and description, a condition's description. Null: no Spanish yet, and a
-- Spanish reader is answered the English (core/language.ts). Search still matches the English and
-- Portuguese texts (their stemmers, migration 030): Spanish stems of their own are not built.
ALTER TABLE products
  ADD COLUMN IF NOT EXISTS title_es text,
  ADD COLUMN IF NOT EXISTS description_es text;
ALTER TABLE conditions ADD COLUMN IF NOT EXISTS description_es text;
