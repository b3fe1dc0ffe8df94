import { SEARCH_MAX_LENGTH, type ListingsResponse } from '@preloved/contract';
import { searchWords } from './search-text';
import { testApp } from '../../test/app';

// GET /api/products/listings/all?limit=0&q={text}&id_brand=1 (spec §7): full-text search on the
// seeded demo catalogue, on PGlite by default and on PostgreSQL with DATABASE_URL.

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

const search = async (q: string, extra = '') => {
  const limit = extra.includes('limit=') ? '' : '&limit=60';
  const response = await ctx.app.inject(`/api/products/listings/all?id_brand=1&q=${encodeURIComponent(q)}${limit}${extra}`);
  expect([q, response.statusCode]).toEqual([q, 200]);
  return response.json<ListingsResponse>();
};
/** The titles of the products found, once each. */
const titles = (body: ListingsResponse) => [...new Set(body.products_listings.map((card) => card.title))].sort();
const rows = async <T,>(sql: string, params: unknown[] = []) => (await ctx.db.query<T>(sql, params)).rows;
/** Titles of the products with active listings whose kind is one of `kinds`. */
const titlesOfKinds = async (...kinds: string[]) =>
  (
    await rows<{ title: string }>(
      `SELECT DISTINCT p.title FROM products p JOIN listings l ON l.product_id = p.id AND l.status = 'active' WHERE p.kind = ANY($1::text[]) ORDER BY 1`,
      [kinds],
    )
  ).map((row) => row.title);

describe('the search document', () => {
  it('is filled for every seeded variant, from title, description, colour, category and gender words in both languages', async () => {
    const empty = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM product_variants WHERE search_text = '' OR search_document = ''::tsvector`);
    expect(empty[0]!.n).toBe(0);
    const [variant] = await rows<{ search_text: string }>(
      `SELECT v.search_text FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.title = 'Pleated midi skirt' AND v.colour_id = 'black'
       UNION ALL SELECT v.search_text FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.title = 'Pleated midi skirt' LIMIT 1`,
    );
    expect(variant!.search_text).toEqual(expect.stringContaining('pleated midi skirt'));
    for (const word of ['saia', 'roupa', 'clothing', 'mulher', 'women']) expect(variant!.search_text.split(' ')).toContain(word);
  });

  it('follows any writer: a new variant, a renamed product, a renamed colour', async () => {
    const [product] = await rows<{ id: number }>(`SELECT id FROM products WHERE title = 'Canvas tote'`);
    const inserted = await rows<{ id: number; search_text: string }>(
      `INSERT INTO product_variants (product_id, colour_id) VALUES ($1, 'yellow') ON CONFLICT DO NOTHING RETURNING id, search_text`,
      [product!.id],
    );
    if (inserted[0]) expect(inserted[0].search_text).toEqual(expect.stringContaining('amarelo'));
    await ctx.db.query(`UPDATE products SET title = 'Canvas tote Quixotic' WHERE id = $1`, [product!.id]);
    const renamed = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM product_variants WHERE product_id = $1 AND search_document @@ to_tsquery('simple', 'quixotic')`,
      [product!.id],
    );
    expect(renamed[0]!.n).toBeGreaterThan(0);
    expect((await search('quixotic')).products_listings.every((card) => card.product_id === product!.id)).toBe(true);
    await ctx.db.query(`UPDATE products SET title = 'Canvas tote' WHERE id = $1`, [product!.id]);
    expect((await search('quixotic')).products_listings).toEqual([]);
    if (inserted[0]) await ctx.db.query('DELETE FROM product_variants WHERE id = $1', [inserted[0].id]);
    await ctx.db.query(`UPDATE colours SET name = 'Sunflower' WHERE id = 'yellow'`);
    const sunflower = await search('sunflower');
    expect(sunflower.total).toBeGreaterThan(0);
    const [notYellow] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM product_variants WHERE id = ANY($1::int[]) AND colour_id <> 'yellow'`,
      [sunflower.products_listings.map((card) => card.product_variant_id)],
    );
    expect(notYellow!.n).toBe(0);
    await ctx.db.query(`UPDATE colours SET name = 'Yellow' WHERE id = 'yellow'`);
    expect((await search('sunflower')).total).toBe(0);
  });
});

describe('GET /api/products/listings/all?q=', () => {
  it('finds by title words, groups by product variant and sorts by min_price ascending when asked', async () => {
    const body = await search('cardigan', '&sort=price_asc');
    expect(titles(body)).toEqual(['Cable-knit cardigan', 'Mohair cardigan']);
    const variants = body.products_listings.map((card) => card.product_variant_id);
    expect(new Set(variants).size).toBe(variants.length);
    const [expected] = await rows<{ n: number }>(
      `SELECT count(DISTINCT l.variant_id)::int AS n FROM listings l JOIN products p ON p.id = l.product_id WHERE l.status = 'active' AND p.title ILIKE '%cardigan%'`,
    );
    expect(body.total).toBe(expected!.n);
    const prices = body.products_listings.map((card) => card.min_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('needs every word: "linen dress" is a linen dress, not every dress and every linen thing', async () => {
    expect(titles(await search('linen dress'))).toEqual(['Linen wrap dress']);
    expect(titles(await search('dress linen'))).toEqual(['Linen wrap dress']);
  });

  it('matches prefixes while the shopper is still typing', async () => {
    expect(titles(await search('cardi'))).toEqual(['Cable-knit cardigan', 'Mohair cardigan']);
    expect(titles(await search('sungla'))).toEqual(await titlesOfKinds('sunglasses'));
    expect(titles(await search('linen dre'))).toEqual(['Linen wrap dress']);
  });

  it('understands English stems and Portuguese words: plurals, "saia", "vestidos", "calças", "mulher"', async () => {
    expect(titles(await search('dresses'))).toEqual(await titlesOfKinds('dress'));
    expect(titles(await search('saia'))).toEqual(await titlesOfKinds('skirt'));
    expect(titles(await search('saias'))).toEqual(await titlesOfKinds('skirt'));
    expect(titles(await search('vestidos'))).toEqual(await titlesOfKinds('dress'));
    expect(titles(await search('calças'))).toEqual(await titlesOfKinds('trousers', 'jeans'));
    const women = await search('mulher');
    const [otherGender] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($1::int[]) AND p.gender <> 'women'`,
      [women.products_listings.map((card) => card.product_variant_id)],
    );
    expect(women.total).toBeGreaterThan(0);
    expect(otherGender!.n).toBe(0);
  });

  it('ignores accents both ways: "Saía", "SAIA" and "saia" are one search; "calcas" finds "calças"', async () => {
    const plain = await search('saia');
    expect(plain.total).toBeGreaterThan(0);
    expect(await search('Saía')).toEqual(plain);
    expect(await search('SAIA')).toEqual(plain);
    expect(titles(await search('calcas'))).toEqual(titles(await search('calças')));
    expect(titles(await search('acessórios'))).toEqual(titles(await search('acessorios')));
  });

  it('finds a colour on the variant that has it: "vestido preto" is black dresses only', async () => {
    const body = await search('vestido preto');
    expect(body.total).toBeGreaterThan(0);
    const colours = await rows<{ colour_id: string; kind: string }>(
      `SELECT DISTINCT v.colour_id, p.kind FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($1::int[])`,
      [body.products_listings.map((card) => card.product_variant_id)],
    );
    expect(colours).toEqual(colours.map(() => ({ colour_id: 'black', kind: 'dress' })));
  });

  it('tolerates typos with trigram similarity when the exact search finds nothing', async () => {
    expect(titles(await search('cardgan'))).toEqual(['Cable-knit cardigan', 'Mohair cardigan']);
    expect(titles(await search('trosers'))).toEqual(await titlesOfKinds('trousers'));
    expect(titles(await search('linen drss'))).toEqual(['Linen wrap dress']);
    expect(titles(await search('sunglases'))).toEqual(await titlesOfKinds('sunglasses'));
  });

  it('ranks exact matches before corrections: a word that exists is never "corrected" into a similar one', async () => {
    // "coat" is a word of its own; "cotton", "cap" and "coats" are near it but must not be mixed in.
    const coats = await search('coat');
    expect(coats.total).toBeGreaterThan(0);
    const kinds = await rows<{ kind: string }>(
      `SELECT DISTINCT p.kind FROM products p WHERE p.id = ANY($1::int[]) ORDER BY 1`,
      [coats.products_listings.map((card) => card.product_id)],
    );
    expect(kinds.map((row) => row.kind).every((kind) => ['coat', 'jacket'].includes(kind))).toBe(true);
    // Of the words near "cardgan", the closest one wins: cardigans, not "card" or "cargo"-like words.
    expect(titles(await search('cardgan')).every((title) => title.includes('cardigan'))).toBe(true);
  });

  it('finds nothing for words nothing resembles, with empty filters', async () => {
    const body = await search('zzqxv wxyqk');
    expect(body).toMatchObject({ products_listings: [], total: 0 });
    expect(body.filters.condition.values).toEqual([]);
    expect((await search('cardigan leather')).products_listings).toEqual([]);
  });

  it('carries in `filters` the conditions present in the results, and filters and pages them', async () => {
    const all = await search('jumper');
    const [present] = await rows<{ ids: number[] }>(
      `SELECT array_agg(DISTINCT l.condition_id ORDER BY l.condition_id) AS ids FROM listings l
       WHERE l.status = 'active' AND l.variant_id = ANY($1::int[])`,
      [all.products_listings.map((card) => card.product_variant_id)],
    );
    expect(all.filters.condition.values.map((value) => value.id)).toEqual(present!.ids);
    expect(all.filters.condition.values[0]).toEqual({ id: expect.any(Number), option: expect.any(String), count: expect.any(Number) });
    const best = all.filters.condition.values[0]!.id;
    const filtered = await search('jumper', `&condition=${best}`);
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.products_listings.every((card) => card.condition_id === best)).toBe(true);
    // The filter values still describe the whole search, so another condition can be added.
    expect(filtered.filters.condition.values).toEqual(all.filters.condition.values);
    const firstPage = await search('jumper', '&limit=2&page=1');
    const secondPage = await search('jumper', '&limit=2&page=2');
    expect(firstPage.products_listings.map((card) => card.product_variant_id)).toEqual(all.products_listings.slice(0, 2).map((card) => card.product_variant_id));
    expect(secondPage.products_listings.map((card) => card.product_variant_id)).toEqual(all.products_listings.slice(2, 4).map((card) => card.product_variant_id));
  });

  it('reads the same cards from the variant summaries as from the listings themselves', async () => {
    for (const q of ['dress', 'saia', 'jumper', 'bag', 'cardgan']) {
      for (const sort of ['price_asc', 'price_desc', 'newest', 'relevance']) {
        const fromSummaries = await search(q, `&sort=${sort}`);
        // Any price filter makes the page read the listings; min_price=0 keeps every listing.
        const fromListings = await search(q, `&sort=${sort}&min_price=0`);
        expect([q, sort, fromSummaries]).toEqual([q, sort, fromListings]);
      }
    }
  });

  it('keeps the summaries right as listings are sold, re-listed and repriced', async () => {
    const [variant] = await rows<{ variant_id: number }>(
      `SELECT l.variant_id FROM listings l JOIN products p ON p.id = l.product_id WHERE p.title = 'Mohair cardigan' AND l.status = 'active' LIMIT 1`,
    );
    const id = variant!.variant_id;
    const cardOf = async () => (await search('mohair')).products_listings.find((card) => card.product_variant_id === id);
    expect(await cardOf()).toBeDefined();
    await ctx.db.query(`UPDATE listings SET status = 'sold', sold_at = now() WHERE variant_id = $1 AND status = 'active'`, [id]);
    expect(await cardOf()).toBeUndefined();
    await ctx.db.query(`UPDATE listings SET status = 'active', sold_at = NULL WHERE variant_id = $1 AND sold_at IS NOT NULL`, [id]);
    const [{ lowest }] = (await rows<{ lowest: number }>(`SELECT min(price_cents) AS lowest FROM listings WHERE variant_id = $1 AND status = 'active'`, [id])) as [{ lowest: number }];
    await ctx.db.query(`UPDATE listings SET price_cents = 500 WHERE id = (SELECT id FROM listings WHERE variant_id = $1 AND status = 'active' ORDER BY id LIMIT 1)`, [id]);
    expect((await cardOf())?.min_price).toBe(5);
    expect((await search('mohair')).products_listings[0]!.product_variant_id).toBe(id);
    expect(lowest).toBeGreaterThanOrEqual(500);
  });

  it('does not treat an empty filtered page as "nothing found": no typo correction then', async () => {
    const beyond = await search('cardigan', '&page=50');
    expect(beyond.products_listings).toEqual([]);
    expect(beyond.filters.condition.values.length).toBeGreaterThan(0);
  });
});

describe('search that understands', () => {
  /** The kind and colour of every card of an answer, once each. */
  const kindsAndColours = async (body: ListingsResponse) =>
    rows<{ kind: string; colour_id: string }>(
      `SELECT DISTINCT p.kind, v.colour_id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($1::int[]) ORDER BY 1, 2`,
      [body.products_listings.map((card) => card.product_variant_id)],
    );

  it('"blazer preto" is black blazers only, never other black pieces', async () => {
    const body = await search('blazer preto');
    expect(body.total).toBeGreaterThan(0);
    expect(await kindsAndColours(body)).toEqual((await kindsAndColours(body)).map(() => ({ kind: 'blazer', colour_id: 'black' })));
    expect(body.corrected_q).toBeUndefined();
    const [blackBlazers] = await rows<{ n: number }>(
      `SELECT count(DISTINCT l.variant_id)::int AS n FROM listings l JOIN products p ON p.id = l.product_id
       WHERE l.status = 'active' AND p.kind = 'blazer' AND l.colour_id = 'black'`,
    );
    expect(body.total).toBe(blackBlazers!.n);
  });

  it('says there is none when one word has nothing: a blazer in a colour nobody sells, or a word nothing resembles', async () => {
    expect((await search('blazer amarelo')).products_listings).toEqual([]);
    const nonsense = await search('blazer zzqxv');
    expect(nonsense).toMatchObject({ products_listings: [], total: 0 });
    expect(nonsense.corrected_q).toBeUndefined();
  });

  it('matches plurals in both languages: "blazers", "vestidos", "saias"', async () => {
    expect(titles(await search('blazers'))).toEqual(await titlesOfKinds('blazer'));
    expect(titles(await search('blazers'))).toEqual(titles(await search('blazer')));
    expect(titles(await search('vestidos'))).toEqual(await titlesOfKinds('dress'));
    expect(titles(await search('saias'))).toEqual(await titlesOfKinds('skirt'));
  });

  it('counts a corrected word as a word: "blazr preto" is black blazers, and the answer says which words it used', async () => {
    const corrected = await search('blazr preto');
    expect(corrected.corrected_q).toBe('blazer preto');
    expect(await kindsAndColours(corrected)).toEqual(await kindsAndColours(await search('blazer preto')));
    expect((await search('cardgan')).corrected_q).toBe('cardigan');
    // Words that were found as typed are never reported as corrected.
    expect((await search('cardigan')).corrected_q).toBeUndefined();
    expect((await search('cardi')).corrected_q).toBeUndefined();
  });

  it('sorts a search by relevance unless told otherwise, the same cards as by price', async () => {
    const byDefault = await search('linen');
    const relevant = await search('linen', '&sort=relevance');
    expect(byDefault.products_listings).toEqual(relevant.products_listings);
    const byPrice = await search('linen', '&sort=price_asc');
    const ids = (body: ListingsResponse) => body.products_listings.map((card) => card.product_variant_id).sort((a, b) => a - b);
    expect(ids(byPrice)).toEqual(ids(relevant));
    const prices = byPrice.products_listings.map((card) => card.min_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // Browsing has no words: relevance is the spec's order there, and the default stays min price ascending.
    const browse = async (sort: string) => (await ctx.app.inject(`/api/products/listings/all?id_brand=1&limit=60${sort}`)).json<ListingsResponse>();
    expect((await browse('&sort=relevance')).products_listings).toEqual((await browse('&sort=price_asc')).products_listings);
    expect((await browse('')).products_listings).toEqual((await browse('&sort=price_asc')).products_listings);
  });

  it('counts the cards each filter value would show with the other filters kept, on both readers (summaries, listings)', async () => {
    const all = await search('dress');
    const condition = all.filters.condition.values[0]!.id;
    for (const price of ['', '&min_price=0', '&max_price=60']) {
      const filtered = await search('dress', `&condition=${condition}${price}`);
      for (const size of filtered.filters.size.values) {
        // A size's count keeps the condition (and price) filter: it is the total with that size chosen.
        const withSize = await search('dress', `&condition=${condition}&size=${encodeURIComponent(String(size.id))}${price}`);
        expect([price, size.id, size.count]).toEqual([price, size.id, withSize.total]);
      }
      for (const value of filtered.filters.condition.values) {
        // The condition facet ignores the condition filter itself: its counts are those of each condition alone.
        const alone = await search('dress', `&condition=${value.id}${price}`);
        expect([price, value.id, value.count]).toEqual([price, value.id, alone.total]);
      }
      for (const colour of filtered.filters.colour.values) {
        const withColour = await search('dress', `&condition=${condition}&colour=${colour.id}${price}`);
        expect([price, colour.id, colour.count]).toEqual([price, colour.id, withColour.total]);
      }
    }
    // With a narrow filter some options lead nowhere: they are counted 0, not left out.
    const narrow = await search('dress', '&size=XS&condition=1');
    expect(narrow.filters.colour.values.some((colour) => colour.count === 0) || narrow.filters.condition.values.some((value) => value.count === 0)).toBe(true);
  });

  it('answers titles and descriptions in the language the client asks for, and finds Portuguese titles', async () => {
    const inPortuguese = await ctx.app.inject({ url: '/api/products/listings/all?id_brand=1&q=linen%20wrap', headers: { 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.8' } });
    expect(inPortuguese.headers['content-language']).toBe('pt');
    const card = inPortuguese.json<ListingsResponse>().products_listings[0]!;
    expect(card.title).toBe('Vestido traçado de linho');
    const product = await ctx.app.inject({ url: `/api/products/${card.product_id}?id_brand=1`, headers: { 'accept-language': 'pt' } });
    expect(product.json()).toMatchObject({ product: { title: 'Vestido traçado de linho', description: expect.stringContaining('segundo dono') } });
    const english = await ctx.app.inject({ url: `/api/products/${card.product_id}?id_brand=1`, headers: { 'accept-language': 'de-DE,en;q=0.5' } });
    expect(english.json()).toMatchObject({ product: { title: 'Linen wrap dress' } });
    expect(titles(await search('vestido linho'))).toEqual(['Linen wrap dress']);
  });
});

describe('relevance and one rule for every word', () => {
  /** Per variant: is every word in its title, in its title or kind/category/gender/colour words (as written, a prefix)? */
  const tiers = async (ids: number[], words: string[]) => {
    const found = await rows<{ id: number; title: string; words: string }>(
      `SELECT id, search_title_en || ' ' || search_title_pt AS title, search_words AS words FROM product_variants WHERE id = ANY($1::int[])`,
      [ids],
    );
    const has = (text: string, word: string) => text.split(/[^a-z0-9]+/).some((part) => part.startsWith(word));
    const tierOf = new Map(
      found.map((row) => [row.id, words.every((word) => has(row.title, word)) ? 2 : words.every((word) => has(`${row.title} ${row.words}`, word)) ? 1 : 0]),
    );
    return ids.map((id) => tierOf.get(id)!);
  };
  const ids = (body: ListingsResponse) => body.products_listings.map((card) => card.product_variant_id);
  const descending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! >= value);

  it('"mala" is bags, bags named "mala" first, never the men\'s pieces a Portuguese stem of "male" used to bring', async () => {
    const body = await search('mala');
    expect(body.total).toBeGreaterThan(0);
    const categories = await rows<{ category_id: number }>(
      `SELECT DISTINCT p.category_id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($1::int[])`,
      [ids(body)],
    );
    expect(categories.map((row) => row.category_id)).toEqual([7]);
    const order = await tiers(ids(body), ['mala']);
    expect(order[0]).toBe(2);
    expect(descending(order)).toBe(true);
    // The bags with "mala" in their title come before those that are bags by kind only, whatever their price.
    expect(order).toContain(1);
  });

  it('lists title matches before matches of what the piece is, and those before description-only matches', async () => {
    for (const q of ['cotton', 'linen', 'wool', 'algodao', 'preto', 'top']) {
      const body = await search(q);
      expect([q, body.total > 0]).toEqual([q, true]);
      const order = await tiers(ids(body), [q]);
      expect([q, descending(order)]).toEqual([q, true]);
    }
    // "cotton" is in some titles and only in other pieces' descriptions: both are found, titles first.
    const order = await tiers(ids(await search('cotton')), ['cotton']);
    expect(order[0]).toBe(2);
    expect(order[order.length - 1]).toBe(0);
  });

  it('applies the same rule to 3-, 4- and 5-letter words: each card has a word that begins with the word typed, or its stem in that language', async () => {
    for (const q of ['top', 'tee', 'hat', 'mala', 'saia', 'bags', 'linen', 'wools']) {
      const body = await search(q, '&sort=price_asc');
      expect([q, body.total > 0]).toEqual([q, true]);
      const found = await rows<{ id: number; ok: boolean }>(
        `SELECT v.id,
                to_tsvector('simple', v.search_text) @@ to_tsquery('simple', $2 || ':*')
                OR to_tsvector('english', v.search_title_en || ' ' || v.search_words || ' ' || v.search_description_en) @@ to_tsquery('english', $2)
                OR to_tsvector('portuguese', v.search_title_pt || ' ' || v.search_description_pt) @@ to_tsquery('portuguese', $2) AS ok
         FROM product_variants v WHERE v.id = ANY($1::int[])`,
        [ids(body), q],
      );
      expect([q, found.filter((row) => !row.ok).map((row) => row.id)]).toEqual([q, []]);
    }
    // A Portuguese stem is never matched against English words: "mala" (stem "mal") does not find "male".
    const [male] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM product_variants WHERE id = ANY($1::int[]) AND search_text ~ '\\mmale\\M' AND search_text !~ '\\mmala'`,
      [ids(await search('mala'))],
    );
    expect(male!.n).toBe(0);
  });

  it('ranks a product renamed with a word above the pieces that only describe it, at once (any writer)', async () => {
    const [product] = await rows<{ id: number }>(`SELECT p.id FROM products p JOIN listings l ON l.product_id = p.id AND l.status = 'active' WHERE p.title = 'Suede belt' LIMIT 1`);
    await ctx.db.query(`UPDATE products SET title = 'Suede belt Zephyrine', description = description || ' zephyrine' WHERE id = $1`, [product!.id]);
    const [other] = await rows<{ id: number }>(`SELECT p.id FROM products p JOIN listings l ON l.product_id = p.id AND l.status = 'active' WHERE p.title = 'Canvas tote' LIMIT 1`);
    await ctx.db.query(`UPDATE products SET description = description || ' zephyrine' WHERE id = $1`, [other!.id]);
    try {
      const body = await search('zephyrine');
      const products = body.products_listings.map((card) => card.product_id);
      expect(new Set(products)).toEqual(new Set([product!.id, other!.id]));
      expect(products[0]).toBe(product!.id);
      expect(products[products.length - 1]).toBe(other!.id);
    } finally {
      await ctx.db.query(`UPDATE products SET title = 'Suede belt', description = replace(description, ' zephyrine', '') WHERE id = $1`, [product!.id]);
      await ctx.db.query(`UPDATE products SET description = replace(description, ' zephyrine', '') WHERE id = $1`, [other!.id]);
    }
  });
});

describe('bad search input', () => {
  it('never answers 5xx to quotes, SQL, tsquery syntax, emoji or control characters', async () => {
    const nasty = [
      `'`, `"`, `''''`, `'; DROP TABLE listings; --`, `" OR 1=1 --`, `dress' & !coat`, `a:* | b <-> c`, `(((`, `\\`, `%_%`,
      '👗👗👗👗', 'dress 👗', '\u0000dress', 'dr\u0007ess\u001b[31m', '\u202edress', 'ßøæœ', '東京 ドレス', '    ', '1234',
    ];
    for (const q of nasty) {
      const response = await ctx.app.inject(`/api/products/listings/all?limit=0&id_brand=1&q=${encodeURIComponent(q)}`);
      expect([q, response.statusCode]).toEqual([q, 200]);
      expect(response.json<ListingsResponse>().products_listings).toEqual(expect.any(Array));
    }
    expect((await search('dress 👗')).total).toBe((await search('dress')).total);
  });

  it('caps the length: at most 50 characters, 422 with a message above', async () => {
    expect((await search('a'.repeat(SEARCH_MAX_LENGTH))).products_listings).toEqual(expect.any(Array));
    for (const q of ['a'.repeat(SEARCH_MAX_LENGTH + 1), 'é'.repeat(5000), 'dress '.repeat(1000)]) {
      const response = await ctx.app.inject(`/api/products/listings/all?limit=0&id_brand=1&q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message: 'q must be at most 50 characters' });
    }
  });

  it('reduces a query to plain words before it reaches SQL', () => {
    expect(searchWords(`'; DROP TABLE listings; --`)).toEqual(['drop', 'table', 'listings']);
    expect(searchWords('Saía Calças')).toEqual(['saia', 'calcas']);
    expect(searchWords('t-shirt')).toEqual(['shirt']);
    expect(searchWords('👗 & :* |')).toEqual([]);
    expect(searchWords('a b c d e f g h i j k l')).toHaveLength(8);
  });
});
