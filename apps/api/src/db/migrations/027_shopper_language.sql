-- Issue 26 item 3: every mail in the shopper's language, with dates in their time zone. An account
-- keeps the language the store was shown in when it last signed up, signed in or paid (the client's
-- Accept-Language), and the time zone its browser reported at checkout; a guest order keeps both
-- for its own mails. English and Lisbon until said otherwise (the store's fallback and home).
ALTER TABLE customers ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pt'));
ALTER TABLE customers ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Lisbon';
ALTER TABLE orders ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pt'));
ALTER TABLE orders ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Lisbon';
