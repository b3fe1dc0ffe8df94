import { BRAND_ID, CURRENCY_SYMBOL_CODE, type WishlistEntry } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { productText, type ContentLanguage } from '../../core/language';

interface EntryRow {
  child_id: number;
  product_id: number;
  variant_id: number;
  title: string;
  kind: string;
  colour_id: string;
  colour: string;
  size: string;
  available: number;
  min_price_cents: number | null;
  was_cents: number | null;
}

export interface WishlistRepository {
  /** Saves the product child, or removes it when it was saved; null when the child does not exist. */
  toggle(customerId: number, childId: number, tx?: Queryable): Promise<'added' | 'removed' | null>;
  /** The saved pieces, newest first, with their availability and cheapest price now. */
  entries(customerId: number, lang?: ContentLanguage, tx?: Queryable): Promise<WishlistEntry[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    wishlistRepository: WishlistRepository;
  }
}

/** A signed-in customer's wishlist (wishlist_items): product children, not listings, are saved. */
export default fp(
  async function wishlistRepositoryPlugin(app: FastifyInstance) {
    const repository: WishlistRepository = {
      async toggle(customerId, childId, tx = app.db) {
        const removed = await tx.query('DELETE FROM wishlist_items WHERE customer_id = $1 AND child_id = $2 RETURNING child_id', [customerId, childId]);
        if (removed.rows.length > 0) return 'removed';
        const { rows } = await tx.query(
          `INSERT INTO wishlist_items (customer_id, child_id)
           SELECT $1, ch.id FROM product_children ch
           JOIN product_variants v ON v.id = ch.variant_id
           JOIN products p ON p.id = v.product_id
           WHERE ch.id = $2 AND p.brand_id = $3
           ON CONFLICT (customer_id, child_id) DO NOTHING
           RETURNING child_id`,
          [customerId, childId, BRAND_ID],
        );
        // A concurrent toggle may have saved it first: it is saved either way.
        if (rows.length > 0) return 'added';
        const { rows: exists } = await tx.query('SELECT 1 FROM wishlist_items WHERE customer_id = $1 AND child_id = $2', [customerId, childId]);
        return exists.length > 0 ? 'added' : null;
      },

      async entries(customerId, lang = 'en', tx = app.db) {
        const { rows } = await tx.query<EntryRow>(
          `SELECT w.child_id, p.id AS product_id, v.id AS variant_id, ${productText('p', 'title', lang)} AS title, p.kind, v.colour_id, col.name AS colour, ch.size,
                  a.available, a.min_price_cents, w.was_cents
           FROM wishlist_items w
           JOIN product_children ch ON ch.id = w.child_id
           JOIN product_variants v ON v.id = ch.variant_id
           JOIN products p ON p.id = v.product_id
           JOIN colours col ON col.id = v.colour_id
           CROSS JOIN LATERAL (
             SELECT count(*)::int AS available, min(l.price_cents) AS min_price_cents
             FROM listings l WHERE l.child_id = w.child_id AND l.status = 'active'
           ) a
           WHERE w.customer_id = $1
           ORDER BY w.created_at DESC, w.child_id`,
          [customerId],
        );
        return rows.map((row) => ({
          product_child_id: row.child_id,
          product_brand_id: row.product_id,
          variant_id: row.variant_id,
          title: row.title,
          photo: `/api/assets/photos/${row.kind}/${row.colour_id}/1.svg`,
          options: { O1Child: row.colour, O2Child: row.size },
          available: row.available,
          price: row.min_price_cents === null ? null : Math.round(row.min_price_cents) / 100,
          // "was €X": while the cheapest price is below what it was before it fell.
          was_price: row.min_price_cents !== null && row.was_cents !== null && row.was_cents > row.min_price_cents ? row.was_cents / 100 : null,
          currency_symb_code: CURRENCY_SYMBOL_CODE,
        }));
      },
    };
    app.decorate('wishlistRepository', repository);
  },
  { name: 'wishlist-repository', dependencies: ['db'] },
);
