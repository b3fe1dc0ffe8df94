import { BRAND_ID } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import type { BrowseQuery, CardDetail, CardRow, FacetRow } from './browse-query';
import { productText, type ContentLanguage } from '../../core/language';
import { matchesSearch, searchRank } from './search-text';
import { Where } from './where';

declare module 'fastify' {
  interface FastifyInstance {
    variantSummaries: ReturnType<typeof createVariantSummaries>;
  }
}

/**
 * The reader of the variants' summaries (migrations 004 and 006: one row per card, and per card, size
 * and condition) and of the search lexicon: a search or a browse costs the same whether a variant has
 * one listing or a thousand.
 */
export function createVariantSummaries(app: FastifyInstance) {
  /** The variants with active listings in the query's scope whose document has every word. */
  function scope(query: BrowseQuery, words: string[]) {
    const where = new Where();
    where.is('s.listings_count > 0');
    where.add((p) => `p.brand_id = ${p}`, BRAND_ID);
    where.add((p) => matchesSearch('v', p, words.length), words);
    if (query.gender) where.add((p) => `p.gender = ${p}`, query.gender);
    if (query.category?.length) where.add((p) => `p.category_id = ANY(${p}::int[])`, query.category);
    return {
      sql: `variant_summaries s JOIN product_variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id WHERE ${where.sql()}`,
      // The words are the scope's second parameter ($2, after the brand).
      rank: searchRank('v', '$2', words.length),
      params: where.params,
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
     * aggregates listings either; the filter values describe the whole scope. A card's sizes, conditions
     * and prices are those of the pieces that match the filters, so it never describes another piece.
     */
    async cards(query: BrowseQuery, words: string[], limit: number, tx: Queryable = app.db): Promise<{ rows: CardRow[]; details: CardDetail[]; facets: FacetRow }> {
      const { sql, rank, params } = scope(query, words);
      // The shopper's filters on the per-size-and-condition summaries, numbered after the scope's parameters.
      const offers = new Where(params);
      if (query.size?.length) offers.add((p) => `o.size = ANY(${p}::text[])`, query.size);
      if (query.condition?.length) offers.add((p) => `o.condition_id = ANY(${p}::int[])`, query.condition);
      if (query.colour?.length) offers.add((p) => `m.colour_id = ANY(${p}::text[])`, query.colour);
      const order = {
        price_asc: 'min_price_cents ASC, variant_id',
        price_desc: 'max_price_cents DESC, variant_id',
        newest: 'newest DESC, variant_id',
        relevance: 'relevance DESC, min_price_cents ASC, variant_id',
      }[query.sort];
      params.push(limit, (query.page - 1) * limit);
      const shown = offers.clauses.length
        ? `SELECT o.variant_id, m.product_id, m.colour_id, min(o.min_price_cents) AS min_price_cents, max(o.max_price_cents) AS max_price_cents,
                  min(o.condition_id) AS best_condition_id, sum(o.listings_count)::int AS listings_count, max(o.newest) AS newest,
                  array_agg(DISTINCT o.size) AS sizes, array_agg(DISTINCT o.condition_id) AS condition_ids, m.relevance
           FROM matched m JOIN variant_offer_summaries o ON o.variant_id = m.variant_id
           WHERE ${offers.sql()}
           GROUP BY o.variant_id, m.product_id, m.colour_id, m.relevance`
        : 'SELECT * FROM matched';
      const { rows } = await tx.query<FacetRow & { total: number; cards: (CardRow & CardDetail)[] }>(
        `WITH matched AS MATERIALIZED (
           SELECT s.variant_id, v.product_id, v.colour_id, s.min_price_cents, s.max_price_cents, s.best_condition_id,
                  s.listings_count, s.newest, s.sizes, s.condition_ids, ${rank} AS relevance
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
                     'max_price', page.max_price_cents, 'condition_id', page.best_condition_id, 'condition_ids', page.condition_ids, 'n', page.listings_count,
                     'id', page.variant_id, 'title', ${productText('p', 'title', query.lang)}, 'kind', p.kind, 'colour_id', page.colour_id, 'sizes', page.sizes,
                     'colour', (SELECT c.name FROM colours c WHERE c.id = page.colour_id),
                     'colours', ${productColours('page.product_id')}) ORDER BY page.rank), '[]'::json)
              FROM page JOIN products p ON p.id = page.product_id) AS cards,
           ${facetColumns('matched')}`,
        params,
      );
      const { total, cards, ...facets } = rows[0]!;
      return { rows: cards.map((card) => ({ ...card, total })), details: cards, facets };
    },

    /** The filter values of the whole search (paging and the shopper's filters aside). */
    async facets(query: BrowseQuery, words: string[], tx: Queryable = app.db): Promise<FacetRow> {
      const { sql, params } = scope(query, words);
      const { rows } = await tx.query<FacetRow>(
        `WITH matched AS (SELECT s.sizes, s.condition_ids, s.min_price_cents, s.max_price_cents, v.colour_id FROM ${sql})
         SELECT ${facetColumns('matched')}`,
        params,
      );
      return rows[0]!;
    },

    /** Title and photo of the variant, and the colours of its product that have active listings. */
    async details(ids: number[], lang: ContentLanguage = 'en', tx: Queryable = app.db): Promise<CardDetail[]> {
      if (ids.length === 0) return [];
      const { rows } = await tx.query<CardDetail>(
        `SELECT v.id, ${productText('p', 'title', lang)} AS title, p.kind, v.colour_id, (SELECT c.name FROM colours c WHERE c.id = v.colour_id) AS colour, ${productColours('p.id')} AS colours
         FROM product_variants v JOIN products p ON p.id = v.product_id
         WHERE v.id = ANY($1::int[])`,
        [ids],
      );
      return rows;
    },

    /**
     * Typo tolerance: each word that begins no known word is replaced by the most similar known word
     * (pg_trgm similarity above its threshold, 0.3). Null when a word has no similar word at all: then
     * nothing can match.
     */
    async correctWords(words: string[], tx: Queryable = app.db): Promise<string[] | null> {
      const { rows } = await tx.query<{ word: string | null }>(
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
    },
  };
}

export default fp(
  async function variantSummaries(app: FastifyInstance) {
    app.decorate('variantSummaries', createVariantSummaries(app));
  },
  { name: 'variant-summaries', dependencies: ['db'] },
);
