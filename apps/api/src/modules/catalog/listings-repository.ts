import {
  publicNextDrop,
  BRAND_ID,
  DEFAULT_PAGE_SIZE,
  type ListingsResponse,
  type ProductResponse,
  type SavedSearchFilters,
  type SimilarPiece,
  type VendorResponse,
} from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { conditionText, productText, type ContentLanguage } from '../../core/language';
import type { BrowseQuery, CardDetail, CardRow, FacetCounts, FacetRow } from './browse-query';
import { matchesSearch, searchRank, searchWords } from './search-text';
import { Where } from './where';
import { sellerRatings } from '../reviews/reviews-repository';
import { sellerTraders } from '../traders/traders-repository';
import { scheduleOf, type ScheduleRow } from '../selling/smart-pricing';

declare module 'fastify' {
  interface FastifyInstance {
    listingsRepository: ReturnType<typeof createListingsRepository>;
  }
}

const euros = (cents: number) => Math.round(cents) / 100;

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
/** Sizes in the order a shopper reads them: letters, then numbers, then "One size". */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string) => {
    const letter = LETTER_SIZES.indexOf(size);
    if (letter >= 0) return [0, letter] as const;
    const number = Number(size);
    if (Number.isFinite(number)) return [1, number] as const;
    return [2, 0] as const;
  };
  const [ga, va] = rank(a);
  const [gb, vb] = rank(b);
  return ga - gb || va - vb || a.localeCompare(b);
}

export function toFilters(row: FacetRow, counts?: FacetCounts): ListingsResponse['filters'] {
  const count = (facet: keyof FacetCounts, id: string | number) => (counts ? { count: counts[facet][String(id)] ?? 0 } : {});
  return {
    condition: { values: row.conditions.map((value) => ({ ...value, ...count('condition', value.id) })) },
    size: { values: [...row.sizes].sort(compareSizes).map((size) => ({ id: size, option: size, ...count('size', size) })) },
    colour: { values: row.colours.map((value) => ({ ...value, ...count('colour', value.id) })) },
    price: { min: euros(row.min_price ?? 0), max: euros(row.max_price ?? 0) },
  };
}

function toAnswer(query: BrowseQuery, limit: number, rows: CardRow[], filters: ListingsResponse['filters'], details: CardDetail[]): ListingsResponse {
  const byId = new Map(details.map((row) => [row.id, row]));
  return {
    products_listings: rows.map((row) => {
      const detail = byId.get(row.variant_id)!;
      return {
        product_id: row.product_id,
        product_variant_id: row.variant_id,
        title: detail.title,
        photo: `/api/assets/photos/${detail.kind}/${detail.colour_id}/1.svg`,
        min_price: euros(row.min_price),
        max_price: euros(row.max_price),
        condition_id: row.condition_id,
        condition_ids: [...row.condition_ids].sort((a, b) => a - b),
        Size: [...row.sizes].sort(compareSizes).map((size) => ({ O2Child: size })),
        option1array: [...(detail.colours ?? [])].sort(),
        colour: { id: detail.colour_id, option: detail.colour },
        listings_count: row.n,
      };
    }),
    filters,
    total: rows[0]?.total ?? 0,
    page: query.page,
    limit,
  };
}

/** The answer when nothing can match: no cards, no filter values. */
function emptyAnswer(query: BrowseQuery): ListingsResponse {
  return {
    products_listings: [],
    filters: { condition: { values: [] }, size: { values: [] }, colour: { values: [] }, price: { min: 0, max: 0 } },
    total: 0,
    page: query.page,
    limit: query.limit === 0 ? DEFAULT_PAGE_SIZE : query.limit,
  };
}

/**
 * A product page shows at most this many listings of each size, cheapest first: every size stays
 * choosable, and a variant with hundreds of listings does not become a megabyte page. The variant's
 * `listings_count` still says how many there are.
 */
export const PRODUCT_LISTINGS_PER_SIZE = 12;

/** The catalogue as shoppers read it: listing cards and their filter values, a product page, a seller's page. */
export function createListingsRepository(app: FastifyInstance) {
  const summaries = app.variantSummaries;
  /** What a buyer is told of a listing's next smart-pricing cut (never the seller's minimum). */
  const nextPriceDrop = (row: ScheduleRow) => {
    const drop = publicNextDrop(scheduleOf(row), app.clock.now());
    return drop ? { date: drop.date.toISOString(), price: euros(drop.priceCents) } : null;
  };

  function baseWhere(query: BrowseQuery, search: string[] | null, params: unknown[] = []) {
    const where = new Where(params);
    where.is(`l.status = 'active'`);
    where.add((p) => `l.brand_id = ${p}`, BRAND_ID);
    if (query.gender) where.add((p) => `l.gender = ${p}`, query.gender);
    if (query.category?.length) where.add((p) => `l.category_id = ANY(${p}::int[])`, query.category);
    if (search?.length) where.add((p) => `l.variant_id IN (SELECT v.id FROM product_variants v WHERE ${matchesSearch('v', p, search.length)})`, search);
    return where;
  }

  /** The scope (brand, gender, category, search) narrowed by the shopper's size, colour, condition and price filters. */
  function filteredWhere(query: BrowseQuery, search: string[] | null) {
    const where = baseWhere(query, search);
    if (query.size?.length) where.add((p) => `l.size = ANY(${p}::text[])`, query.size);
    if (query.colour?.length) where.add((p) => `l.colour_id = ANY(${p}::text[])`, query.colour);
    if (query.condition?.length) where.add((p) => `l.condition_id = ANY(${p}::int[])`, query.condition);
    if (query.min_price !== undefined) where.add((p) => `l.price_cents >= ${p}`, Math.round(query.min_price * 100));
    if (query.max_price !== undefined) where.add((p) => `l.price_cents <= ${p}`, Math.round(query.max_price * 100));
    return where;
  }

  /** One page of cards (product variants) over the listings `where` selects, with the total. */
  function pageOfListings(query: BrowseQuery, where: Where, words: string[], limit: number, tx: Queryable) {
    const params = [...where.params];
    // Browsing has no words to rank by: the spec's order.
    const relevance = () =>
      words.length === 0
        ? 'min_price ASC, variant_id'
        : `(SELECT ${searchRank('v', `$${params.push(words)}`, words.length)} FROM product_variants v WHERE v.id = l.variant_id) DESC, min_price ASC, variant_id`;
    const order = {
      price_asc: () => 'min_price ASC, variant_id',
      price_desc: () => 'max_price DESC, variant_id',
      newest: () => 'newest DESC, variant_id',
      relevance,
    }[query.sort]();
    params.push(limit, (query.page - 1) * limit);
    return tx.query<CardRow>(
      `SELECT l.variant_id, l.product_id, min(l.price_cents) AS min_price, max(l.price_cents) AS max_price,
              min(l.condition_id) AS condition_id, array_agg(DISTINCT l.condition_id) AS condition_ids, array_agg(DISTINCT l.size) AS sizes,
              count(*)::int AS n, max(l.created_at) AS newest, (count(*) OVER ())::int AS total
       FROM listings l WHERE ${where.sql()}
       GROUP BY l.variant_id, l.product_id
       ORDER BY ${order}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  }

  /**
   * How many cards each size, condition and colour would show, each with the shopper's other filters
   * (faceted counts: a size's count keeps the colour, condition and price filters, not the size one).
   * From the per-size-and-condition summaries, or from the listings when a price filter is on.
   */
  async function facetCounts(query: BrowseQuery, words: string[], tx: Queryable): Promise<FacetCounts> {
    const byPrice = query.min_price !== undefined || query.max_price !== undefined;
    const source = byPrice ? filteredWhere({ ...query, size: undefined, colour: undefined, condition: undefined }, words) : new Where();
    let from: string;
    if (byPrice) {
      from = `SELECT l.variant_id, l.size, l.condition_id, l.colour_id FROM listings l WHERE ${source.sql()}`;
    } else {
      source.is('o.listings_count > 0');
      source.add((p) => `p.brand_id = ${p}`, BRAND_ID);
      if (words.length) source.add((p) => matchesSearch('v', p, words.length), words);
      if (query.gender) source.add((p) => `p.gender = ${p}`, query.gender);
      if (query.category?.length) source.add((p) => `p.category_id = ANY(${p}::int[])`, query.category);
      from = `SELECT o.variant_id, o.size, o.condition_id, v.colour_id
              FROM variant_offer_summaries o JOIN product_variants v ON v.id = o.variant_id JOIN products p ON p.id = v.product_id
              WHERE ${source.sql()}`;
    }
    const params = source.params;
    const clause = (facet: 'size' | 'condition' | 'colour') => {
      const where = new Where(params);
      where.is('TRUE');
      if (facet !== 'size' && query.size?.length) where.add((p) => `size = ANY(${p}::text[])`, query.size);
      if (facet !== 'condition' && query.condition?.length) where.add((p) => `condition_id = ANY(${p}::int[])`, query.condition);
      if (facet !== 'colour' && query.colour?.length) where.add((p) => `colour_id = ANY(${p}::text[])`, query.colour);
      return where.sql();
    };
    const counted = (facet: 'size' | 'condition' | 'colour', column: string) =>
      `(SELECT coalesce(json_object_agg(k, n), '{}'::json) FROM (SELECT ${column}::text AS k, count(DISTINCT variant_id)::int AS n FROM src WHERE ${clause(facet)} GROUP BY ${column}) AS c) AS ${facet}`;
    const { rows } = await tx.query<FacetCounts>(
      `WITH src AS MATERIALIZED (${from})
       SELECT ${counted('size', 'size')}, ${counted('condition', 'condition_id')}, ${counted('colour', 'colour_id')}`,
      params,
    );
    return rows[0]!;
  }

  /**
   * A search: every word in the variant's search document. The cards, the filter values and the
   * card details come from the summaries (one row per card, or per card, size and condition);
   * only a price filter needs the listings themselves.
   */
  async function searchOnce(query: BrowseQuery, words: string[], tx: Queryable): Promise<ListingsResponse> {
    const limit = query.limit === 0 ? DEFAULT_PAGE_SIZE : query.limit;
    // Only a price filter needs the listings themselves; the rest is answered from the summaries.
    if (query.min_price === undefined && query.max_price === undefined) {
      const { rows, details, facets } = await summaries.cards(query, words, limit, tx);
      return withBrandPieces(toAnswer(query, limit, rows, toFilters(facets, await facetCounts(query, words, tx)), details), tx);
    }
    const [page, facetRow, counts] = await Promise.all([
      pageOfListings(query, filteredWhere(query, words), words, limit, tx),
      summaries.facets(query, words, tx),
      facetCounts(query, words, tx),
    ]);
    return withBrandPieces(toAnswer(query, limit, page.rows, toFilters(facetRow, counts), await summaries.details(page.rows.map((row) => row.variant_id), query.lang, tx)), tx);
  }

  /** Cards with pieces the brand sells itself say how many (Brand Direct, migration 067): one probe of the brand's active listings. */
  async function withBrandPieces(answer: ListingsResponse, tx: Queryable): Promise<ListingsResponse> {
    const ids = answer.products_listings.map((card) => card.product_variant_id);
    if (ids.length === 0) return answer;
    const { rows } = await tx.query<{ variant_id: number; n: number }>(
      `SELECT l.variant_id, count(*)::int AS n FROM listings l
       WHERE l.seller_id = (SELECT id FROM customers WHERE brand_account) AND l.status = 'active' AND l.variant_id = ANY($1::int[]) GROUP BY l.variant_id`,
      [ids],
    );
    if (rows.length === 0) return answer;
    const brand = new Map(rows.map((row) => [row.variant_id, row.n]));
    return {
      ...answer,
      products_listings: answer.products_listings.map((card) => (brand.has(card.product_variant_id) ? { ...card, brand_pieces: Math.min(brand.get(card.product_variant_id)!, card.listings_count) } : card)),
    };
  }

  return {
    /**
     * Cards of product variants over active listings, filtered, sorted and paged (spec §7). With `q`:
     * the variants whose search document has every word (prefixes too); when that finds nothing at
     * all (the filter values, which ignore paging and filters, are empty), misspelt words are
     * corrected to their most similar known words and the search runs once more.
     */
    async browse(query: BrowseQuery, tx: Queryable = app.db): Promise<ListingsResponse> {
      if (query.q?.trim()) {
        const words = searchWords(query.q);
        // Only punctuation, emoji or control characters: nothing can match.
        if (words.length === 0) return emptyAnswer(query);
        const exact = await searchOnce(query, words, tx);
        if (exact.filters.condition.values.length > 0) return exact;
        const corrected = await summaries.correctWords(words, tx);
        if (!corrected || corrected.join(' ') === words.join(' ')) return exact;
        const answer = await searchOnce(query, corrected, tx);
        // Said only when the corrected words found something: otherwise the shopper's own words stand.
        return answer.filters.condition.values.length > 0 ? { ...answer, corrected_q: corrected.join(' ') } : answer;
      }
      // Browsing is a search without words: cards and filter values come from the variants' summaries.
      return searchOnce(query, [], tx);
    },

    /** A product with its variants and the selected variant's active listings; null when unknown. */
    async product(
      productId: number,
      variantId: number | undefined,
      sampleCustomerId: number | null,
      listingId?: number,
      lang: ContentLanguage = 'en',
      tx: Queryable = app.db,
    ): Promise<Omit<ProductResponse, 'delivery'> | null> {
      const product = await tx.query<{ id: number; title: string; description: string; gender: 'women' | 'men'; category_id: number; category: string; kind: string; original_price_cents: number }>(
        `SELECT p.id, ${productText('p', 'title', lang)} AS title, ${productText('p', 'description', lang)} AS description, p.gender, p.category_id, c.name AS category, p.kind, p.original_price_cents
         FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1 AND p.brand_id = $2`,
        [productId, BRAND_ID],
      );
      const row = product.rows[0];
      if (!row) return null;
      const variants = await tx.query<{ id: number; colour_id: string; name: string; hex: string; n: number }>(
        `SELECT v.id, v.colour_id, c.name, c.hex,
                coalesce((SELECT s.listings_count FROM variant_summaries s WHERE s.variant_id = v.id), 0) AS n
         FROM product_variants v JOIN colours c ON c.id = v.colour_id WHERE v.product_id = $1 ORDER BY v.id`,
        [productId],
      );
      const toVariant = (v: (typeof variants.rows)[number]) => ({
        product_variant_id: v.id,
        O1Child: v.name,
        hex: v.hex,
        photo: `/api/assets/photos/${row.kind}/${v.colour_id}/1.svg`,
        listings_count: v.n,
      });
      const chosen = variantId
        ? variants.rows.find((v) => v.id === variantId)
        : (variants.rows.find((v) => v.n > 0) ?? variants.rows[0]);
      if (!chosen) return null;
      const listings = await tx.query<{
        id: number; number: string; child_id: number; condition_id: number; option: string; description: string; size: string;
        price_cents: number; comment: string; photos: string[]; created_at: Date | string; first_name: string; seller_id: number;
      } & ScheduleRow>(
        `SELECT l.id, l.number, l.child_id, l.condition_id, c.option, ${conditionText('c', lang)} AS description, l.size, l.price_cents, l.comment, l.photos,
                l.created_at, cu.first_name, cu.id AS seller_id, l.price_base_cents, l.min_price_cents, l.smart_pricing, l.price_anchor_at
         FROM unnest(coalesce((SELECT s.sizes FROM variant_summaries s WHERE s.variant_id = $1), '{}')) AS sz(size)
         CROSS JOIN LATERAL (
           (SELECT * FROM listings l WHERE l.variant_id = $1 AND l.size = sz.size AND l.status = 'active'
            ORDER BY l.price_cents, l.id LIMIT $2)
           -- The linked listing (a bag line's, a seller's card's) is shown even when it is not among the cheapest.
           UNION SELECT * FROM listings l WHERE l.id = $3::int AND l.variant_id = $1 AND l.status = 'active' AND l.size = sz.size) l
         JOIN conditions c ON c.id = l.condition_id JOIN customers cu ON cu.id = l.seller_id
         ORDER BY l.price_cents, l.id`,
        [chosen.id, PRODUCT_LISTINGS_PER_SIZE, listingId ?? null],
      );
      const ratings = await sellerRatings(tx, listings.rows.map((l) => l.seller_id));
      const traders = await sellerTraders(tx, listings.rows.map((l) => l.seller_id));
      const offers = await tx.query<{ size: string; n: number; lo: number }>(
        `SELECT size, sum(listings_count)::int AS n, min(min_price_cents) AS lo FROM variant_offer_summaries WHERE variant_id = $1 GROUP BY size`,
        [chosen.id],
      );
      return {
        product: {
          product_id: row.id,
          title: row.title,
          description: row.description,
          gender: row.gender,
          category_id: row.category_id,
          category: row.category,
          original_price: euros(row.original_price_cents),
        },
        variants: variants.rows.map(toVariant),
        variant: toVariant(chosen),
        listings: listings.rows.map((l) => ({
          listing_id: l.id,
          number: l.number,
          product_child_id: l.child_id,
          condition_id: l.condition_id,
          condition: l.option,
          condition_description: l.description,
          O2Child: l.size,
          price: euros(l.price_cents),
          comment: l.comment,
          photos: l.photos,
          date: new Date(l.created_at).toISOString(),
          FirstName: l.first_name,
          CustomerID: l.seller_id,
          verified: l.seller_id === sampleCustomerId,
          seller_rating: ratings.get(l.seller_id)!,
          trader: traders.get(l.seller_id) ?? null,
          currency_symb_code: 'EUR',
          next_price_drop: nextPriceDrop(l),
        })),
        sizes: [...new Set(listings.rows.map((l) => l.size))].sort(compareSizes),
        size_offers: offers.rows
          .sort((a, b) => compareSizes(a.size, b.size))
          .map((offer) => ({ size: offer.size, listings_count: offer.n, min_price: euros(offer.lo) })),
      };
    },

    /**
     * The active listings with an id in (afterId, throughId] that a saved search's filters select, by
     * the same WHERE as the listing pages and the search (words, gender, category, size, colour,
     * condition, price); the newest `limit`.
     */
    async newMatches(filters: SavedSearchFilters, afterId: number, throughId: number, limit = 50, tx: Queryable = app.db): Promise<number[]> {
      const words = filters.q?.trim() ? searchWords(filters.q) : [];
      if (filters.q?.trim() && words.length === 0) return [];
      const where = filteredWhere({ ...filters, id_brand: BRAND_ID, limit: 0, page: 1, sort: 'relevance' }, words);
      where.add((p) => `l.id > ${p}`, afterId);
      where.add((p) => `l.id <= ${p}`, throughId);
      const { rows } = await tx.query<{ id: number }>(`SELECT l.id FROM listings l WHERE ${where.sql()} ORDER BY l.id DESC LIMIT ${where.param(limit)}`, where.params);
      return rows.map((row) => row.id);
    },

    /**
     * Up to `limit` pieces like a product's variant: other products' active listings
     * of the same category (and gender), the same colour first, then any colour, each group nearest
     * the variant's price; one piece per variant, its listing nearest the price. The candidates are
     * the variants of the category's other products that have pieces for sale (variant_summaries, one
     * row per variant, kept by the listings' triggers), and each one's nearest listing is two lookups
     * of listings_active_variant_price, from the price up and down: the work follows the number of
     * variants in the category, never the number of listings (a variant may have hundreds).
     */
    async similar(productId: number, variantId: number | undefined, limit: number, lang: ContentLanguage = 'en', tx: Queryable = app.db): Promise<SimilarPiece[] | null> {
      const { rows: found } = await tx.query<{ gender: string; category_id: number; colour_id: string; price_cents: number }>(
        `SELECT p.gender, p.category_id, v.colour_id, coalesce(s.min_price_cents, p.original_price_cents) AS price_cents
         FROM products p JOIN product_variants v ON v.product_id = p.id LEFT JOIN variant_summaries s ON s.variant_id = v.id
         WHERE p.id = $1 AND p.brand_id = $2 AND ($3::int IS NULL OR v.id = $3)
         ORDER BY v.id LIMIT 1`,
        [productId, BRAND_ID, variantId ?? null],
      );
      const ref = found[0];
      if (!ref) return null;
      // The nearest listing of a variant: the cheapest at or above the price, or the dearest below it,
      // whichever is nearer (the lower id between equals).
      const nearest = (up: boolean) =>
        `(SELECT l.id, l.price_cents, l.size, l.condition_id FROM listings l
          WHERE l.variant_id = c.variant_id AND l.status = 'active' AND l.price_cents ${up ? '>=' : '<'} $6
          ORDER BY l.price_cents ${up ? 'ASC' : 'DESC'}, l.id LIMIT 1)`;
      // A variant's nearest listing is at least `low` from the price (the distance to its price range)
      // and at most `high` (its cheapest or dearest listing is that far): a variant whose best possible
      // place is behind the `limit`-th best worst place (`bound`) is never looked up.
      const { rows } = await tx.query<{ id: number; product_id: number; variant_id: number; title: string; kind: string; colour_id: string; colour: string; price_cents: number; size: string; condition_id: number }>(
        `WITH c AS (
           SELECT v.id AS variant_id, v.product_id, v.colour_id, ${productText('p', 'title', lang)} AS title, p.kind, v.colour_id <> $5 AS other_colour,
                  greatest(s.min_price_cents - $6, $6 - s.max_price_cents, 0) AS low,
                  least(abs(s.min_price_cents - $6), abs(s.max_price_cents - $6)) AS high
           FROM products p JOIN product_variants v ON v.product_id = p.id JOIN variant_summaries s ON s.variant_id = v.id
           WHERE p.brand_id = $1 AND p.gender = $2 AND p.category_id = $3 AND p.id <> $4 AND s.listings_count > 0
         ),
         bound AS (SELECT other_colour, high FROM c ORDER BY other_colour, high LIMIT 1 OFFSET $7 - 1)
         SELECT n.id, c.product_id, c.variant_id, c.title, c.kind, c.colour_id, col.name AS colour, n.price_cents, n.size, n.condition_id
         FROM c
         CROSS JOIN LATERAL (
           SELECT x.* FROM (${nearest(true)} UNION ALL ${nearest(false)}) x ORDER BY abs(x.price_cents - $6), x.id LIMIT 1
         ) n
         JOIN colours col ON col.id = c.colour_id
         WHERE NOT EXISTS (SELECT 1 FROM bound b WHERE (c.other_colour, c.low) > (b.other_colour, b.high))
         ORDER BY c.other_colour, abs(n.price_cents - $6), n.id
         LIMIT $7`,
        [BRAND_ID, ref.gender, ref.category_id, productId, ref.colour_id, ref.price_cents, limit],
      );
      return rows.map((row) => ({
        listing_id: row.id,
        product_id: row.product_id,
        product_variant_id: row.variant_id,
        title: row.title,
        photo: `/api/assets/photos/${row.kind}/${row.colour_id}/1.svg`,
        price: euros(row.price_cents),
        size: row.size,
        colour: { id: row.colour_id, option: row.colour },
        condition_id: row.condition_id,
      }));
    },

    /** A seller's page: first name, member since and active listings, newest first; null when unknown. */
    async vendor(customerId: number, sampleCustomerId: number | null, lang: ContentLanguage = 'en', tx: Queryable = app.db): Promise<VendorResponse | null> {
      // Only customers who have listed something have a seller page (a shopper's account is nobody's
      // business), and the sign-up shows its month only: the 15th at noon UTC, which is in the same
      // month in every time zone the page may format it in.
      const customer = await tx.query<{ id: number; first_name: string; created_at: Date | string }>(
        `SELECT c.id, c.first_name, (date_trunc('month', c.created_at AT TIME ZONE 'UTC') + interval '14 days 12 hours') AT TIME ZONE 'UTC' AS created_at
         FROM customers c WHERE c.id = $1 AND EXISTS (SELECT 1 FROM listings l WHERE l.seller_id = c.id)`,
        [customerId],
      );
      const row = customer.rows[0];
      if (!row) return null;
      const listings = await tx.query<{ id: number; product_id: number; variant_id: number; title: string; kind: string; colour_id: string; colour: string; price_cents: number; condition_id: number; option: string; size: string }>(
        `SELECT l.id, l.product_id, l.variant_id, ${productText('p', 'title', lang)} AS title, p.kind, l.colour_id, col.name AS colour, l.price_cents, l.condition_id, c.option, l.size
         FROM listings l JOIN products p ON p.id = l.product_id JOIN conditions c ON c.id = l.condition_id JOIN colours col ON col.id = l.colour_id
         WHERE l.seller_id = $1 AND l.status = 'active' ORDER BY l.created_at DESC, l.id DESC LIMIT 200`,
        [customerId],
      );
      return {
        CustomerID: row.id,
        FirstName: row.first_name,
        member_since: new Date(row.created_at).toISOString(),
        verified: row.id === sampleCustomerId,
        rating: (await sellerRatings(tx, [row.id])).get(row.id)!,
        trader: (await sellerTraders(tx, [row.id])).get(row.id) ?? null,
        listings: listings.rows.map((l) => ({
          listing_id: l.id,
          product_id: l.product_id,
          product_variant_id: l.variant_id,
          title: l.title,
          photo: `/api/assets/photos/${l.kind}/${l.colour_id}/1.svg`,
          price: euros(l.price_cents),
          condition_id: l.condition_id,
          condition: l.option,
          O2Child: l.size,
          O1Child: l.colour,
        })),
      };
    },
  };
}

export default fp(
  async function listingsRepository(app: FastifyInstance) {
    app.decorate('listingsRepository', createListingsRepository(app));
  },
  { name: 'listings-repository', dependencies: ['db', 'variant-summaries'] },
);
