-- Issue 26 item 3: every mail in the shopper's language, with dates in their time zone. An account
-- keeps the language the store was shown in when it last signed up, signed in or paid (the client's
-- Accept-Language), and the time zone its browser reported at checkout; a guest order keeps both
-- for its own mails. English and Lisbon until said otherwise (the store's fallback and home).
ALTER TABLE customers ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pt'));
ALTER TABLE customers ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Lisbon';
ALTER TABLE orders ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pt'));
ALTER TABLE orders ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Lisbon';

-- A condition's description in Portuguese (the catalogue's own data, like products' title_pt): the
-- product page, the bag and the checkout answer it in the language the client asks for.
ALTER TABLE conditions ADD COLUMN description_pt text;
UPDATE conditions SET description_pt = CASE id
  WHEN 1 THEN 'Nunca usado, com as etiquetas originais.'
  WHEN 2 THEN 'Usado uma ou duas vezes, sem sinais de uso.'
  WHEN 3 THEN 'Pouco usado, sem defeitos dignos de nota.'
  WHEN 4 THEN 'Usado e estimado, com pequenos sinais de uso descritos pelo vendedor.'
  WHEN 5 THEN 'Sinais de uso visíveis ou um pequeno defeito, com o preço a condizer.'
END
WHERE id BETWEEN 1 AND 5;
