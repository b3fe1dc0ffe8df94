import { BRAND_ID, CURRENCY_SYMBOL_CODE, MAX_CART_IDS, subtotalOf, type BagLine, type CheckoutData } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../../db/db';
import { productText, type ContentLanguage } from '../../../lib/language';

interface LineRow {
  id: number;
  listing_id: number;
  offer_id: number | null;
  valid_listing: boolean;
  valid_offer: boolean;
  offer_expire: Date | string | null;
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
  /** The lines with the seller's first name, and the subtotal of those that can be bought. */
  checkout(customerId: number, lang?: ContentLanguage, tx?: Queryable): Promise<CheckoutData>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bagRepository: BagRepository;
  }
}

// The photo is the listing's own first photo (photos[1]: arrays are 1-based), as stored. A line
// with an offer carries the offer's price; the offer is valid while accepted, not over and within
// its buy window at $2 (the app's clock), else the line is "Offer unavailable".
const linesSql = (lang: ContentLanguage) => `
  SELECT b.id, b.listing_id, b.offer_id, l.status = 'active' AS valid_listing, l.product_id, l.variant_id, l.child_id,
         (b.offer_id IS NULL OR (o.accepted_at IS NOT NULL AND o.buy_by > $2 AND o.declined_at IS NULL
           AND o.withdrawn_at IS NULL AND o.purchased_at IS NULL)) AS valid_offer, o.buy_by AS offer_expire,
         ${productText('p', 'title', lang)} AS title, l.photos[1] AS photo, s.first_name AS seller_name, s.id AS seller_id, col.name AS colour, l.size,
         c.description AS condition_description, coalesce(o.price_cents, l.price_cents) AS price_cents,
         EXISTS (SELECT 1 FROM wishlist_items w WHERE w.customer_id = b.customer_id AND w.child_id = l.child_id) AS wishlisted
  FROM bag_lines b
  JOIN listings l ON l.id = b.listing_id
  JOIN products p ON p.id = l.product_id
  JOIN customers s ON s.id = l.seller_id
  JOIN colours col ON col.id = l.colour_id
  JOIN conditions c ON c.id = l.condition_id
  LEFT JOIN offers o ON o.id = b.offer_id
  WHERE b.customer_id = $1
  ORDER BY b.created_at, b.id`;

function toLine(row: LineRow): BagLine {
  return {
    id: row.id,
    listing_id: row.listing_id,
    offer_id: row.offer_id,
    valid_listing: row.valid_listing,
    valid_offer: row.valid_offer,
    offer_expire: row.offer_expire === null ? null : new Date(row.offer_expire).toISOString(),
    product_brand_id: row.product_id,
    variant_id: row.variant_id,
    product_child_id: row.child_id,
    title: row.title,
    photo: row.photo ?? '',
    customer_name: row.seller_name,
    CustomerID: row.seller_id,
    options: { O1Child: row.colour, O2Child: row.size },
    condition_description: row.condition_description,
    price: Math.round(row.price_cents) / 100,
    currency_symb_code: CURRENCY_SYMBOL_CODE,
    wishlisted: row.wishlisted,
  };
}

/** A signed-in customer's bag (bag_lines), answered as spec §3's bag lines. */
export default fp(
  async function bagRepositoryPlugin(app: FastifyInstance) {
    const lines = async (customerId: number, lang: ContentLanguage = 'en', tx: Queryable = app.db) =>
      (await tx.query<LineRow>(linesSql(lang), [customerId, app.clock.now()])).rows.map(toLine);

    const repository: BagRepository = {
      async merge(customerId, listingIds, tx = app.db) {
        if (listingIds.length === 0) return;
        // The contract caps the ids; the cap is repeated here so no caller can make one huge insert.
        const ids = listingIds.slice(0, MAX_CART_IDS);
        // The bag's cap holds across merges (each sign-in may bring up to MAX_CART_IDS ids): only the
        // room left is filled. The customer's row is locked first, so two sign-ins at once fill it once.
        await tx.query('SELECT 1 FROM customers WHERE id = $1 FOR NO KEY UPDATE', [customerId]);
        await tx.query(
          `INSERT INTO bag_lines (customer_id, listing_id)
           SELECT $1, l.id FROM listings l
           WHERE l.id = ANY($2::int[]) AND l.seller_id <> $1 AND l.brand_id = $3
             AND NOT EXISTS (SELECT 1 FROM bag_lines b WHERE b.customer_id = $1 AND b.listing_id = l.id)
           ORDER BY array_position($2::int[], l.id)
           LIMIT greatest(0, $4 - (SELECT count(*) FROM bag_lines WHERE customer_id = $1))
           ON CONFLICT (customer_id, listing_id) DO NOTHING`,
          [customerId, ids, BRAND_ID, MAX_CART_IDS],
        );
      },

      lines,

      async add(customerId, listingId, tx = app.db) {
        // One round trip: the listing, whether the bag holds it already, and the insert, which
        // happens only for someone else's active listing, into a bag of fewer than MAX_CART_IDS
        // lines (what a sign-in can merge, so no bag grows without bound).
        const { rows } = await tx.query<{ seller_id: number | null; active: boolean | null; held: boolean; inserted: boolean }>(
          `WITH listing AS (SELECT seller_id, status = 'active' AS active FROM listings WHERE id = $2 AND brand_id = $4),
                held AS (SELECT 1 FROM bag_lines WHERE customer_id = $1 AND listing_id = $2),
                inserted AS (
                  INSERT INTO bag_lines (customer_id, listing_id)
                  SELECT $1, $2 FROM listing
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
        await tx.query('UPDATE bag_lines SET offer_id = $3 WHERE customer_id = $1 AND listing_id = $2', [customerId, listingId, offerId]);
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
  { name: 'bag-repository', dependencies: ['db', 'clock'] },
);
