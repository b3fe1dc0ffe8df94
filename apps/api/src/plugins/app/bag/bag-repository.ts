import { BRAND_ID, CURRENCY_SYMBOL_CODE, type BagLine } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    bagRepository: ReturnType<typeof createBagRepository>;
  }
}

interface LineRow {
  id: number;
  listing_id: number;
  offer_id: number | null;
  valid_listing: boolean;
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
}

/** A signed-in customer's bag (bag_lines), answered as spec §3's bag lines. */
export function createBagRepository(app: FastifyInstance) {
  return {
    /**
     * Adds a guest bag's listings (spec §4: merged at sign-in). Unknown, inactive and own listings are
     * skipped, and a listing already in the bag stays one line.
     */
    async merge(customerId: number, listingIds: number[], tx: Queryable = app.db): Promise<void> {
      if (listingIds.length === 0) return;
      await tx.query(
        `INSERT INTO bag_lines (customer_id, listing_id)
         SELECT $1, l.id FROM listings l
         WHERE l.id = ANY($2::int[]) AND l.status = 'active' AND l.seller_id <> $1 AND l.brand_id = $3
         ORDER BY array_position($2::int[], l.id)
         ON CONFLICT (customer_id, listing_id) DO NOTHING`,
        [customerId, listingIds, BRAND_ID],
      );
    },

    /** The bag in the order lines were added; sold or archived listings stay, flagged invalid. */
    async lines(customerId: number, tx: Queryable = app.db): Promise<BagLine[]> {
      // The photo is the listing's own first photo (photos[1]: arrays are 1-based), as stored.
      const { rows } = await tx.query<LineRow>(
        `SELECT b.id, b.listing_id, b.offer_id, l.status = 'active' AS valid_listing, l.product_id, l.variant_id, l.child_id,
                p.title, l.photos[1] AS photo, s.first_name AS seller_name, s.id AS seller_id, col.name AS colour, l.size,
                c.description AS condition_description, l.price_cents
         FROM bag_lines b
         JOIN listings l ON l.id = b.listing_id
         JOIN products p ON p.id = l.product_id
         JOIN customers s ON s.id = l.seller_id
         JOIN colours col ON col.id = l.colour_id
         JOIN conditions c ON c.id = l.condition_id
         WHERE b.customer_id = $1
         ORDER BY b.created_at, b.id`,
        [customerId],
      );
      return rows.map((row) => ({
        id: row.id,
        listing_id: row.listing_id,
        offer_id: row.offer_id,
        valid_listing: row.valid_listing,
        // Offers are not built yet: a line without an offer has nothing to invalidate.
        valid_offer: true,
        offer_expire: null,
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
        wishlisted: false,
      }));
    },
  };
}

export default fp(
  async function bagRepository(app: FastifyInstance) {
    app.decorate('bagRepository', createBagRepository(app));
  },
  { name: 'bag-repository', dependencies: ['db'] },
);
