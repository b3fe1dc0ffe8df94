-- Issue 48, Spain: the store writes in Spanish too. An account and a guest order keep the language
-- their mails are written in (migration 027), which may now be 'es'. The catalogue's product texts
-- get no Spanish columns: a Spanish reader is answered their English (core/language.ts).
ALTER TABLE customers DROP CONSTRAINT IF EXISTS customers_language_check;
ALTER TABLE customers ADD CONSTRAINT customers_language_check CHECK (language IN ('en', 'pt', 'es'));
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_language_check;
ALTER TABLE orders ADD CONSTRAINT orders_language_check CHECK (language IN ('en', 'pt', 'es'));
