import { BRAND_ID } from '@preloved/contract';
import type { Queryable } from '../db/db';
import type { BrowseQuery, CardDetail, CardRow, FacetRow } from './listings';

// Full-text search over the variants' search documents (migration 004): English and Portuguese
// stems plus the plain words, accents ignored, every word a prefix (the shopper is still typing).

/** More words than this add nothing a shopper means and only make the query slower. */
export const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * The words of a query: case and accents folded, split on anything that is not a letter or a digit,
 * so quotes, SQL fragments, emoji and control characters never reach a tsquery. One-letter words
 * ("t-shirt" → "t", "shirt") are dropped when a longer one is there: as a prefix they match nearly
 * everything.
 */
export function searchWords(q: string): string[] {
  const words = q
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  const long = words.filter((word) => word.length > 1);
  return [...new Set(long.length > 0 ? long : words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * SQL: the variant `alias` matches every word of the text[] parameter `param`. A word matches as an
 * English or a Portuguese stem (plurals, "vestidos" → "vestido"), or as the beginning of a plain word
 * (the shopper is still typing). Stems are not used as prefixes: the Portuguese stem of "vestidos"
 * is "vest", which would also begin "vestuário".
 */
export function matchesSearch(alias: string, param: string, count: number): string {
  // No words: browsing, not searching; every variant of the scope matches (the parameter is still
  // named, so PostgreSQL knows its type).
  if (count === 0) return `cardinality(${param}::text[]) = 0`;
  const word = (index: number) => {
    const text = `immutable_unaccent((${param}::text[])[${index}])`;
    return `(to_tsquery('english', ${text}) || to_tsquery('portuguese', ${text}) || to_tsquery('simple', ${text} || ':*'))`;
  };
  const query = Array.from({ length: count }, (_, index) => word(index + 1)).join(' && ');
  return `${alias}.search_document @@ (${query})`;
}

/**
 * Typo tolerance: each word that begins no known word is replaced by the most similar known word
 * (pg_trgm similarity above its threshold, 0.3). Null when a word has no similar word at all: then
 * nothing can match.
 */
export async function correctWords(db: Queryable, words: string[]): Promise<string[] | null> {
  const { rows } = await db.query<{ word: string | null }>(
    `SELECT coalesce(
              (SELECT w FROM search_lexicon WHERE starts_with(word, w) LIMIT 1),
              (SELECT word FROM search_lexicon WHERE word % w ORDER BY similarity(word, w) DESC, length(word), word LIMIT 1)
            ) AS word
     FROM unnest($1::text[]) WITH ORDINALITY AS t(raw, n), LATERAL (SELECT immutable_unaccent(raw) AS w) AS u
     ORDER BY n`,
    [words],
  );
  const corrected = rows.map((row) => row.word);
  return corrected.every((word): word is string => word !== null) ? corrected : null;
}

/**
 * Searches over the variants' summaries (migration 004): one row per card, so a search costs the
 * same whether a variant has one listing or a thousand.
 */
export function searchRepository(db: Queryable) {
  /** The variants with active listings in the query's scope whose document has every word. */
  function scope(query: BrowseQuery, words: string[]) {
    const params: unknown[] = [BRAND_ID, words];
    const clauses = ['s.listings_count > 0', 'p.brand_id = $1', matchesSearch('v', '$2', words.length)];
    if (query.gender) {
      params.push(query.gender);
      clauses.push(`p.gender = $${params.length}`);
    }
    if (query.category?.length) {
      params.push(query.category);
      clauses.push(`p.category_id = ANY($${params.length}::int[])`);
    }
    return {
      sql: `variant_summaries s JOIN product_variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id WHERE ${clauses.join(' AND ')}`,
      params,
    };
  }

  const facetColumns = (base: string) => `
    (SELECT coalesce(json_agg(json_build_object('id', c.id, 'option', c.option) ORDER BY c.id), '[]'::json)
       FROM conditions c WHERE c.id IN (SELECT unnest(condition_ids) FROM ${base})) AS conditions,
    (SELECT coalesce(json_agg(DISTINCT size), '[]'::json) FROM ${base}, unnest(${base}.sizes) AS size) AS sizes,
    (SELECT coalesce(json_agg(json_build_object('id', c.id, 'option', c.name, 'hex', c.hex) ORDER BY c.name), '[]'::json)
       FROM colours c WHERE c.id IN (SELECT colour_id FROM ${base})) AS colours,
    (SELECT min(min_price_cents) FROM ${base}) AS min_price,
    (SELECT max(max_price_cents) FROM ${base}) AS max_price`;

  // The colours of a product that have active listings (a card shows how many).
  const productColours = (product: string) => `
    (SELECT array_agg(DISTINCT c.name) FROM product_variants v2
       JOIN variant_summaries s2 ON s2.variant_id = v2.id AND s2.listings_count > 0
       JOIN colours c ON c.id = v2.colour_id
     WHERE v2.product_id = ${product})`;

  return {
    /**
     * One page of cards with their details, the total and the filter values, in one statement: the
     * scope is matched once, and a keystroke costs one round trip. A size, condition or colour filter
     * narrows the cards through the per-size-and-condition summaries (migration 006), so it never
     * aggregates listings either; the filter values describe the whole scope.
     */
    async cards(query: BrowseQuery, words: string[], limit: number): Promise<{ rows: CardRow[]; details: CardDetail[]; facets: FacetRow }> {
      const { sql, params } = scope(query, words);
      const offers: string[] = [];
      const add = (clause: (p: string) => string, value: unknown) => {
        params.push(value);
        offers.push(clause(`$${params.length}`));
      };
      if (query.size?.length) add((p) => `o.size = ANY(${p}::text[])`, query.size);
      if (query.condition?.length) add((p) => `o.condition_id = ANY(${p}::int[])`, query.condition);
      if (query.colour?.length) add((p) => `m.colour_id = ANY(${p}::text[])`, query.colour);
      const order = {
        price_asc: 'min_price_cents ASC, variant_id',
        price_desc: 'max_price_cents DESC, variant_id',
        newest: 'newest DESC, variant_id',
      }[query.sort];
      params.push(limit, (query.page - 1) * limit);
      const shown = offers.length
        ? `SELECT o.variant_id, m.product_id, m.colour_id, min(o.min_price_cents) AS min_price_cents, max(o.max_price_cents) AS max_price_cents,
                  min(o.condition_id) AS best_condition_id, sum(o.listings_count)::int AS listings_count, max(o.newest) AS newest, m.sizes
           FROM matched m JOIN variant_offer_summaries o ON o.variant_id = m.variant_id
           WHERE ${offers.join(' AND ')}
           GROUP BY o.variant_id, m.product_id, m.colour_id, m.sizes`
        : 'SELECT * FROM matched';
      const { rows } = await db.query<FacetRow & { total: number; cards: (CardRow & CardDetail)[] }>(
        `WITH matched AS MATERIALIZED (
           SELECT s.variant_id, v.product_id, v.colour_id, s.min_price_cents, s.max_price_cents, s.best_condition_id,
                  s.listings_count, s.newest, s.sizes, s.condition_ids
           FROM ${sql}
         ),
         shown AS MATERIALIZED (${shown}),
         page AS (
           SELECT m.*, row_number() OVER (ORDER BY ${order}) AS rank FROM shown m
           ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}
         )
         SELECT
           (SELECT count(*)::int FROM shown) AS total,
           (SELECT coalesce(json_agg(json_build_object(
                     'variant_id', page.variant_id, 'product_id', page.product_id, 'min_price', page.min_price_cents,
                     'max_price', page.max_price_cents, 'condition_id', page.best_condition_id, 'n', page.listings_count,
                     'id', page.variant_id, 'title', p.title, 'kind', p.kind, 'colour_id', page.colour_id, 'sizes', page.sizes,
                     'colours', ${productColours('page.product_id')}) ORDER BY page.rank), '[]'::json)
              FROM page JOIN products p ON p.id = page.product_id) AS cards,
           ${facetColumns('matched')}`,
        params,
      );
      const { total, cards, ...facets } = rows[0]!;
      return { rows: cards.map((card) => ({ ...card, total })), details: cards, facets };
    },

    /** The filter values of the whole search (paging and the shopper's filters aside). */
    async facets(query: BrowseQuery, words: string[]): Promise<FacetRow> {
      const { sql, params } = scope(query, words);
      const { rows } = await db.query<FacetRow>(
        `WITH matched AS (SELECT s.sizes, s.condition_ids, s.min_price_cents, s.max_price_cents, v.colour_id FROM ${sql})
         SELECT ${facetColumns('matched')}`,
        params,
      );
      return rows[0]!;
    },

    /** Title, photo, sizes of the variant and colours of its product that have active listings. */
    async details(ids: number[]): Promise<CardDetail[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<CardDetail>(
        `SELECT v.id, p.title, p.kind, v.colour_id, s.sizes, ${productColours('p.id')} AS colours
         FROM product_variants v JOIN products p ON p.id = v.product_id LEFT JOIN variant_summaries s ON s.variant_id = v.id
         WHERE v.id = ANY($1::int[])`,
        [ids],
      );
      return rows;
    },
  };
}
