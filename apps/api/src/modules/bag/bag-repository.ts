import { bagLine, BRAND_ID, CURRENCY_SYMBOL_CODE, MAX_CART_IDS, subtotalOf, type BagLine, type BagPriceItem, type CheckoutData } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/db';
import { conditionText, productText, type ContentLanguage } from '../../core/language';
import { offerLinePriceSql } from '../offers/offers-repository';

interface LineRow {
  id: number;
  listing_id: number;
  offer_id: number | null;
  valid_listing: boolean;
  valid_offer: boolean;
  offer_expire: Date | string | null;
  offer_price_cents: number | null;
  product_id: number;
  variant_id: number;
  child_id: number;
  title: string;
  photo: string | null;
  seller_name: string;
  seller_id: number;
  colour: string;
  size: string;
  condition_description: string;
  price_cents: number;
  added_price_cents: number | null;
  wishlisted: boolean;
}

/** Why a listing cannot go into the bag; null when it can. */
export type AddRefusal = 'unknown' | 'unavailable' | 'own' | 'full';

export interface BagRepository {
  /**
   * Adds a guest bag's listings (spec §4: merged at sign-in). Unknown listings, other brands' and the
   * customer's own are skipped; sold and archived ones are kept, so they show as unavailable lines;
   * a listing already in the bag stays one line.
   */
  merge(customerId: number, listingIds: number[], tx?: Queryable): Promise<void>;
  /** The bag in the order lines were added; sold or archived listings stay, flagged invalid. */
  lines(customerId: number, lang?: ContentLanguage, tx?: Queryable): Promise<BagLine[]>;
  /** Puts an active listing of someone else in the bag (once, at most MAX_CART_IDS lines); otherwise says why not. */
  add(customerId: number, listingId: number, tx?: Queryable): Promise<AddRefusal | null>;
  /** Ties the bag's line of the listing to one of the customer's accepted offers for it (its price applies). */
  attachOffer(customerId: number, listingId: number, offerId: number, tx?: Queryable): Promise<void>;
  /** Removes one of the customer's own lines; false when the customer has no such line. */
  remove(customerId: number, lineId: number, tx?: Queryable): Promise<boolean>;
  /** The bought pieces leave the buyer's bag (part of the order's transaction); other bags keep them, now invalid (sold). */
  removeBought(customerId: number, listingIds: number[], tx: Queryable): Promise<void>;
  /**
   * A bag the browser keeps (a visitor's), priced as `lines` prices the server bag: each listing
   * once, in the order given; unknown listings and other brands' left out. An offer counts only
   * when it is `customerId`'s (null: a visitor, whose offers never count).
   */
  price(items: BagPriceItem[], customerId: number | null, lang?: ContentLanguage, tx?: Queryable): Promise<BagLine[]>;
  /** The lines with the seller's first name, and the subtotal of those that can be bought. */
  checkout(customerId: number, lang?: ContentLanguage, tx?: Queryable): Promise<CheckoutData>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bagRepository: BagRepository;
  }
}

// One pricing of bag lines for the server bag (GET cart, checkout) and for a bag the browser keeps
// (POST cart/price), from a source `b` of (id, listing_id, offer_id, added_price_cents) rows. $1 is
// the customer (null for a visitor), $2 "now" on the app's clock. The photo is the listing's own
// first photo (photos[1]: arrays are 1-based), as stored. A line with an offer carries the offer's
// price, or the listing's when it fell below it (offerLinePriceSql); the offer counts only when it is
// the customer's for that listing (a visitor has none), and is valid while accepted, not over and
// within its buy window at $2, else "Offer unavailable".
interface LineSource {
  /** The line's id and the price it was added at, from `b`. */
  line: string;
  from: string;
  where: string;
  order: string;
}
const pricedLinesSql = (lang: ContentLanguage, { line, from, where, order }: LineSource) => `
  SELECT ${line}, b.listing_id, b.offer_id, l.status = 'active' AS valid_listing, l.product_id, l.variant_id, l.child_id,
         (b.offer_id IS NULL OR (o.accepted_at IS NOT NULL AND o.buy_by > $2 AND o.declined_at IS NULL
           AND o.withdrawn_at IS NULL AND o.purchased_at IS NULL)) AS valid_offer, o.buy_by AS offer_expire, o.price_cents AS offer_price_cents,
         ${productText('p', 'title', lang)} AS title, l.photos[1] AS photo, s.first_name AS seller_name, s.id AS seller_id, col.name AS colour, l.size,
         ${conditionText('c', lang)} AS condition_description, ${offerLinePriceSql()} AS price_cents,
         EXISTS (SELECT 1 FROM wishlist_items w WHERE w.customer_id = $1 AND w.child_id = l.child_id) AS wishlisted
  FROM ${from}
  JOIN listings l ON l.id = b.listing_id
  JOIN products p ON p.id = l.product_id
  JOIN customers s ON s.id = l.seller_id
  JOIN colours col ON col.id = l.colour_id
  JOIN conditions c ON c.id = l.condition_id
  LEFT JOIN offers o ON o.id = b.offer_id AND o.listing_id = b.listing_id AND o.buyer_id = $1
  WHERE ${where}
  ORDER BY ${order}`;

const linesSql = (lang: ContentLanguage) =>
  pricedLinesSql(lang, { line: 'b.id, b.added_price_cents', from: 'bag_lines b', where: 'b.customer_id = $1', order: 'b.created_at, b.id' });

// The browser's lines ($3 listing ids, each once, $4 their offers, in the bag's order) of the
// store's brand ($5); an unknown listing has no row, so it drops out.
const idLinesSql = (lang: ContentLanguage) =>
  pricedLinesSql(lang, {
    line: '0 AS id, NULL::int AS added_price_cents',
    from: 'unnest($3::int[], $4::int[]) WITH ORDINALITY AS b(listing_id, offer_id, position)',
    where: 'l.brand_id = $5',
    order: 'b.position',
  });

/** How many listings' public lines (a visitor's view of them) one instance keeps. */
const PUBLIC_LINES_KEPT = 20_000;
/** A seller's name or a colour changes no listing (the version does not move): kept at most this long. */
const PUBLIC_LINE_TTL_MS = 60_000;

function toLine(row: LineRow): BagLine {
  return bagLine(
    {
      listingId: row.listing_id,
      productId: row.product_id,
      variantId: row.variant_id,
      childId: row.child_id,
      title: row.title,
      photo: row.photo ?? '',
      sellerName: row.seller_name,
      sellerId: row.seller_id,
      colour: row.colour,
      size: row.size,
      condition: row.condition_description,
      price: Math.round(row.price_cents) / 100,
    },
    {
      id: row.id,
      offerId: row.offer_id,
      validListing: row.valid_listing,
      validOffer: row.valid_offer,
      offerExpire: row.offer_expire === null ? null : new Date(row.offer_expire).toISOString(),
      offerPrice: row.offer_price_cents === null ? null : Math.round(row.offer_price_cents) / 100,
      wishlisted: row.wishlisted,
      priceAdded: row.added_price_cents === null ? null : Math.round(row.added_price_cents) / 100,
    },
  );
}

/** A signed-in customer's bag (bag_lines), answered as spec §3's bag lines. */
export default fp(
  async function bagRepositoryPlugin(app: FastifyInstance) {
    // Each line carries its seller's bundle tiers (the bag takes a package's bundle discount
    // off as checkout does). Read after the lines, so a visitor's kept lines never hold stale tiers.
    async function withTiers(bag: BagLine[], tx: Queryable): Promise<BagLine[]> {
      const tiers = await app.bundlesRepository.tiersOf(bag.map((line) => line.CustomerID), tx);
      return tiers.size === 0 ? bag : bag.map((line) => ({ ...line, bundle_tiers: tiers.get(line.CustomerID) ?? [] }));
    }

    const lines = async (customerId: number, lang: ContentLanguage = 'en', tx: Queryable = app.db) =>
      withTiers((await tx.query<LineRow>(linesSql(lang), [customerId, app.clock.now()])).rows.map(toLine), tx);

    // A visitor's lines are public catalogue data (no offer of theirs counts, no wishlist): kept per
    // listing while the catalogue's version (migration 015: it moves with every statement that
    // changes a listing or product — a sale, an edit, a smart-price cut) stays where it was. The
    // version is read on every call, so an answer is never older than the call; the embedded
    // database, one connection for every request, then does one tiny read instead of the join.
    const kept = new LRUCache<string, LineRow | false>({ max: PUBLIC_LINES_KEPT, ttl: PUBLIC_LINE_TTL_MS });
    let keptVersion = -1n;
    async function publicLines(items: BagPriceItem[], lang: ContentLanguage, tx: Queryable, read: (ids: number[]) => Promise<LineRow[]>): Promise<BagLine[]> {
      const { rows } = await tx.query<{ version: string }>('SELECT last_value::text AS version FROM catalogue_version');
      const version = BigInt(rows[0]?.version ?? '0');
      if (version > keptVersion) {
        kept.clear();
        keptVersion = version;
      }
      // An answer that read an older version than another one already did is not kept.
      const keep = version === keptVersion;
      const fresh = new Map<number, LineRow>();
      const missing = keep ? items.filter((item) => !kept.has(`${lang}:${item.listing_id}`)).map((item) => item.listing_id) : items.map((item) => item.listing_id);
      if (missing.length > 0) {
        for (const row of await read(missing)) fresh.set(row.listing_id, row);
        if (keep && version === keptVersion) for (const id of missing) kept.set(`${lang}:${id}`, fresh.get(id) ?? false);
      }
      return items.flatMap((item) => {
        const row = fresh.get(item.listing_id) ?? (keep ? kept.get(`${lang}:${item.listing_id}`) : undefined);
        if (!row) return [];
        // As the query answers a visitor: an offer of theirs never counts (the listing's price).
        return [toLine({ ...row, offer_id: item.offer_id ?? null, valid_offer: item.offer_id == null })];
      });
    }

    const repository: BagRepository = {
      async merge(customerId, listingIds, tx = app.db) {
        if (listingIds.length === 0) return;
        // The contract caps the ids; the cap is repeated here so no caller can make one huge insert.
        const ids = listingIds.slice(0, MAX_CART_IDS);
        // The bag's cap holds across merges (each sign-in may bring up to MAX_CART_IDS ids): only the
        // room left is filled. The customer's row is locked first, so two sign-ins at once fill it once.
        await tx.query('SELECT 1 FROM customers WHERE id = $1 FOR NO KEY UPDATE', [customerId]);
        await tx.query(
          `INSERT INTO bag_lines (customer_id, listing_id, added_price_cents)
           SELECT $1, l.id, l.price_cents FROM listings l
           WHERE l.id = ANY($2::int[]) AND l.seller_id <> $1 AND l.brand_id = $3
             AND NOT EXISTS (SELECT 1 FROM bag_lines b WHERE b.customer_id = $1 AND b.listing_id = l.id)
           ORDER BY array_position($2::int[], l.id)
           LIMIT greatest(0, $4 - (SELECT count(*) FROM bag_lines WHERE customer_id = $1))
           ON CONFLICT (customer_id, listing_id) DO NOTHING`,
          [customerId, ids, BRAND_ID, MAX_CART_IDS],
        );
      },

      lines,

      async price(items, customerId, lang = 'en', tx = app.db) {
        if (items.length === 0) return [];
        // The contract caps the lines; repeated here so no caller can make one huge query.
        // Each listing once, its first line.
        const some = items.filter((item, index) => items.findIndex((other) => other.listing_id === item.listing_id) === index).slice(0, MAX_CART_IDS);
        const priced = (ids: BagPriceItem[]) =>
          tx.query<LineRow>(idLinesSql(lang), [customerId, app.clock.now(), ids.map((item) => item.listing_id), ids.map((item) => item.offer_id ?? null), BRAND_ID]);
        if (customerId !== null) return withTiers((await priced(some)).rows.map(toLine), tx);
        return withTiers(await publicLines(some, lang, tx, async (ids) => (await priced(ids.map((listing_id) => ({ listing_id })))).rows), tx);
      },

      async add(customerId, listingId, tx = app.db) {
        // One round trip: the listing, whether the bag holds it already, and the insert, which
        // happens only for someone else's active listing, into a bag of fewer than MAX_CART_IDS
        // lines (what a sign-in can merge, so no bag grows without bound).
        const { rows } = await tx.query<{ seller_id: number | null; active: boolean | null; held: boolean; inserted: boolean }>(
          `WITH listing AS (SELECT seller_id, status = 'active' AS active, price_cents FROM listings WHERE id = $2 AND brand_id = $4),
                held AS (SELECT 1 FROM bag_lines WHERE customer_id = $1 AND listing_id = $2),
                inserted AS (
                  INSERT INTO bag_lines (customer_id, listing_id, added_price_cents)
                  SELECT $1, $2, listing.price_cents FROM listing
                  WHERE listing.active AND listing.seller_id <> $1 AND NOT EXISTS (SELECT 1 FROM held)
                    AND (SELECT count(*) FROM bag_lines WHERE customer_id = $1) < $3
                  ON CONFLICT (customer_id, listing_id) DO NOTHING
                  RETURNING id)
           SELECT (SELECT seller_id FROM listing) AS seller_id, (SELECT active FROM listing) AS active,
                  EXISTS (SELECT 1 FROM held) AS held, EXISTS (SELECT 1 FROM inserted) AS inserted`,
          [customerId, listingId, MAX_CART_IDS, BRAND_ID],
        );
        const { seller_id, active, held, inserted } = rows[0]!;
        if (seller_id === null) return 'unknown';
        if (seller_id === customerId) return 'own';
        // Already in the bag (even if it sold since: it stays as an unavailable line): nothing to refuse.
        if (held || inserted) return null;
        if (!active) return 'unavailable';
        // Not inserted: the bag is full, or a concurrent add of the same listing (a double click) won.
        const again = await tx.query('SELECT 1 FROM bag_lines WHERE customer_id = $1 AND listing_id = $2', [customerId, listingId]);
        return again.rows.length > 0 ? null : 'full';
      },

      async attachOffer(customerId, listingId, offerId, tx = app.db) {
        // From now on the line is bought at the offer's price: that is the price it was "added" at.
        await tx.query(
          `UPDATE bag_lines SET offer_id = $3, added_price_cents = (SELECT ${offerLinePriceSql()} FROM offers o JOIN listings l ON l.id = o.listing_id WHERE o.id = $3)
           WHERE customer_id = $1 AND listing_id = $2`,
          [customerId, listingId, offerId],
        );
      },

      async removeBought(customerId, listingIds, tx) {
        await tx.query('DELETE FROM bag_lines WHERE customer_id = $1 AND listing_id = ANY($2::int[])', [customerId, listingIds]);
      },
      async remove(customerId, lineId, tx = app.db) {
        const { rows } = await tx.query('DELETE FROM bag_lines WHERE id = $1 AND customer_id = $2 RETURNING id', [lineId, customerId]);
        return rows.length > 0;
      },

      async checkout(customerId, lang = 'en', tx = app.db) {
        const bag = await lines(customerId, lang, tx);
        return {
          lines: bag.map((line) => ({ ...line, FirstName: line.customer_name })),
          subtotal: subtotalOf(bag),
          currency_symb_code: CURRENCY_SYMBOL_CODE,
        };
      },
    };
    app.decorate('bagRepository', repository);
  },
  { name: 'bag-repository', dependencies: ['db', 'clock', 'bundles-repository'] },
);
