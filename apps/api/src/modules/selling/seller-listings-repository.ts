import {
  BRAND_ID,
  type SellerListing,
  type SellerListingCard,
  type SellerListingList,
  type SellerProduct,
  type SellerProductChoice,
  type SellingFees,
  nextDropAt,
  sellingAmounts,
  sellingFeesOf,
  suggestedPriceCents,
} from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { productText, type ContentLanguage } from '../../core/language';
import { euros } from '../../core/money';
import { feeRates } from '../checkout/pricing';
import { scheduleOf, type ScheduleRow } from './smart-pricing';

declare module 'fastify' {
  interface FastifyInstance {
    sellerListings: SellerListingsRepository;
  }
}

/** A listing as the seller writes it, in cents. */
export interface ListingWrite {
  childId: number;
  conditionId: number;
  comment: string;
  photos: string[];
  priceCents: number;
  minPriceCents: number;
  smartPricing: boolean;
}

interface DetailRow extends ScheduleRow {
  id: number;
  number: string;
  created_at: Date | string;
  sold_at: Date | string | null;
  buyer: string | null;
  product_id: number;
  variant_id: number;
  child_id: number;
  title: string;
  colour: string;
  size: string;
  condition_id: number;
  condition: string;
  comment: string;
  photos: string[];
  price_cents: number;
  original_price_cents: number;
  status: 'active' | 'archived' | 'sold';
  package_id: number | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

// Columns copied from the product tree, so catalogue queries read one table (migration 002).
const FROM_CHILD = `SELECT c.id, c.size, c.size_order, v.id AS variant_id, v.colour_id, p.id AS product_id, p.brand_id, p.gender, p.category_id
  FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id
  WHERE c.id = $1 AND p.brand_id = ${BRAND_ID}`;

export function sellerListingsRepository(db: Queryable, clock: { now(): Date }, fees: SellingFees) {
  function toListing(row: DetailRow): SellerListing {
    const schedule = scheduleOf(row);
    const { youReceiveCents, buyerPaysCents } = sellingAmounts(row.price_cents, fees);
    const next = row.status === 'active' ? nextDropAt({ ...schedule, baseCents: schedule.baseCents }, clock.now()) : null;
    return {
      id: row.id,
      number: row.number,
      date: iso(row.created_at),
      sold_date: row.sold_at ? iso(row.sold_at) : null,
      customer: row.buyer,
      product_id: row.product_id,
      product_variant_id: row.variant_id,
      product_child_id: row.child_id,
      product: row.title,
      colour: row.colour,
      size: row.size,
      condition_id: row.condition_id,
      condition: row.condition,
      comment: row.comment,
      photos: row.photos,
      price: euros(row.price_cents),
      you_receive: euros(youReceiveCents),
      buyer_pays: euros(buyerPaysCents),
      original_price: euros(row.original_price_cents),
      suggested_price: euros(suggestedPriceCents(row.original_price_cents, row.condition_id)),
      smart_pricing: row.smart_pricing,
      min_price: euros(row.min_price_cents),
      next_update_date: next ? next.toISOString() : null,
      status: row.status,
      package_id: row.package_id,
    };
  }

  // The product's title in the seller's language (its English one when it has no other).
  const detailSql = (lang: ContentLanguage) => `SELECT l.id, l.number, l.created_at, l.sold_at, l.product_id, l.variant_id, l.child_id, ${productText('p', 'title', lang)} AS title, col.name AS colour, l.size,
       l.condition_id, cond.option AS condition, l.comment, l.photos, l.price_cents, l.price_base_cents, l.min_price_cents, l.smart_pricing,
       l.price_anchor_at, p.original_price_cents, l.status, ol.package_id,
       -- The buyer's first name, as offers name them: a seller sees no buyer's surname.
       buyer.first_name AS buyer
     FROM listings l
     JOIN products p ON p.id = l.product_id
     JOIN colours col ON col.id = l.colour_id
     JOIN conditions cond ON cond.id = l.condition_id
     LEFT JOIN order_lines ol ON ol.listing_id = l.id
     LEFT JOIN orders o ON o.id = ol.order_id
     LEFT JOIN customers buyer ON buyer.id = o.customer_id
     WHERE l.id = $1 AND l.seller_id = $2`;

  const repository = {
    /**
     * Marks the pieces sold if, and only if, they are still active: the conditional update is what
     * sells a piece once across every instance (a concurrent buyer's update waits for this
     * transaction, then finds the status changed). Answers the ids this transaction sold.
     */
    async markSold(listingIds: number[], tx: Queryable): Promise<number[]> {
      // Row locks in id order first: two bags holding the same pieces in another order would
      // otherwise lock them crosswise and deadlock.
      await tx.query('SELECT id FROM listings WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [listingIds]);
      const { rows } = await tx.query<{ id: number }>(
        // Sold when the order is placed: the app's clock, as the order's created_at.
        `UPDATE listings SET status = 'sold', sold_at = $2 WHERE id = ANY($1::int[]) AND status = 'active' RETURNING id`,
        [listingIds, clock.now().toISOString()],
      );
      return rows.map((row) => row.id);
    },

    /** One of the seller's listings; null when it does not exist or is another seller's. */
    async get(sellerId: number, id: number, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<SellerListing | null> {
      const { rows } = await tx.query<DetailRow>(detailSql(lang), [id, sellerId]);
      return rows[0] ? toListing(rows[0]) : null;
    },

    /** The seller's listings, newest first, all or of one status. */
    async list(sellerId: number, status: 'all' | 'active' | 'archived', page: number, limit: number, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<SellerListingList> {
      const { rows } = await tx.query<{ id: number; number: string; created_at: Date | string; title: string; photo: string; colour: string; size: string; price_cents: number; status: SellerListingCard['status']; total: number }>(
        `SELECT l.id, l.number, l.created_at, ${productText('p', 'title', lang)} AS title, l.photos[1] AS photo, col.name AS colour, l.size, l.price_cents, l.status, count(*) OVER ()::int AS total
         FROM listings l JOIN products p ON p.id = l.product_id JOIN colours col ON col.id = l.colour_id
         WHERE l.seller_id = $1 AND ($2 = 'all' OR l.status = $2)
         ORDER BY l.created_at DESC, l.id DESC LIMIT $3 OFFSET $4`,
        [sellerId, status, limit, (page - 1) * limit],
      );
      return {
        listings: rows.map((row) => ({
          id: row.id,
          number: row.number,
          date: iso(row.created_at),
          product: row.title,
          // An uploaded photo's card size (the same name with -card); generated photos have one size.
          photo: row.photo.replace(/^(\/api\/photos\/[a-f0-9]{32})\.webp$/, '$1-card.webp'),
          colour: row.colour,
          size: row.size,
          price: euros(row.price_cents),
          status: row.status,
        })),
        total: rows[0]?.total ?? 0,
        page,
        limit,
      };
    },

    /** Lists a piece, active at once or waiting for the brand's review; null when the child is not one of the brand's. */
    async create(sellerId: number, input: ListingWrite, tx: Queryable = db, status: 'active' | 'in_review' = 'active'): Promise<number | null> {
      const now = clock.now().toISOString();
      const { rows } = await tx.query<{ id: number }>(
        `WITH child AS (${FROM_CHILD}), id AS (SELECT nextval(pg_get_serial_sequence('listings', 'id'))::int AS id)
         INSERT INTO listings (id, number, child_id, seller_id, condition_id, comment, photos, price_cents, min_price_cents, smart_pricing,
                               created_at, price_anchor_at, product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order, status)
         SELECT id.id, 'SL-' || lpad(id.id::text, 6, '0'), child.id, $2, $3, $4, $5::text[], $6, $7, $8, $9, $9,
                child.product_id, child.variant_id, child.brand_id, child.gender, child.category_id, child.colour_id, child.size, child.size_order, $10
         FROM child, id RETURNING id`,
        [input.childId, sellerId, input.conditionId, input.comment, input.photos, input.priceCents, input.minPriceCents, input.smartPricing, now, status],
      );
      return rows[0]?.id ?? null;
    },

    /**
     * Rewrites an unsold listing; its price schedule starts again from the new price now. Answers
     * 'missing' (no such listing of the seller's), 'sold', 'no_child' or 'ok'.
     */
    async update(sellerId: number, id: number, input: ListingWrite, tx: Queryable = db): Promise<'missing' | 'sold' | 'rejected' | 'no_child' | 'ok'> {
      const current = await tx.query<{ status: string }>('SELECT status FROM listings WHERE id = $1 AND seller_id = $2 FOR UPDATE', [id, sellerId]);
      if (!current.rows[0]) return 'missing';
      if (current.rows[0].status === 'sold') return 'sold';
      if (current.rows[0].status === 'rejected') return 'rejected';
      const now = clock.now().toISOString();
      const { rows } = await tx.query<{ id: number }>(
        `WITH child AS (${FROM_CHILD})
         UPDATE listings l SET child_id = child.id, condition_id = $4, comment = $5, photos = $6::text[],
           price_cents = $7, price_base_cents = $7, min_price_cents = $8, smart_pricing = $9, price_anchor_at = $10,
           next_price_drop_at = listing_next_drop_at($7, $8, $9, $10, $10), updated_at = $10,
           product_id = child.product_id, variant_id = child.variant_id, gender = child.gender, category_id = child.category_id,
           colour_id = child.colour_id, size = child.size, size_order = child.size_order,
           -- A listing sent back for changes goes back to the moderators once changed.
           status = CASE WHEN l.status = 'changes_requested' THEN 'in_review' ELSE l.status END
         FROM child WHERE l.id = $2 AND l.seller_id = $3 RETURNING l.id`,
        [input.childId, id, sellerId, input.conditionId, input.comment, input.photos, input.priceCents, input.minPriceCents, input.smartPricing, now],
      );
      return rows[0] ? 'ok' : 'no_child';
    },

    /**
     * Changes the minimum price and turns smart pricing on or off (spec §6). Turning it off freezes the
     * current price; turning it on starts a new schedule from the current price now; keeping it on
     * keeps the schedule, with the new floor. Answers 'missing', 'sold', 'above_price' or 'ok'.
     */
    async setPricing(sellerId: number, id: number, minPriceCents: number, smart: boolean, tx: Queryable = db): Promise<'missing' | 'sold' | 'above_price' | 'ok'> {
      const now = clock.now().toISOString();
      const { rows } = await tx.query<ScheduleRow & { status: string; current: number }>(
        `SELECT status, price_base_cents, min_price_cents, smart_pricing, price_anchor_at,
                CASE WHEN status = 'active' THEN listing_price_at(price_base_cents, min_price_cents, smart_pricing, price_anchor_at, $3) ELSE price_cents END AS current
         FROM listings WHERE id = $1 AND seller_id = $2 FOR UPDATE`,
        [id, sellerId, now],
      );
      const row = rows[0];
      if (!row) return 'missing';
      if (row.status === 'sold') return 'sold';
      if (minPriceCents > row.current) return 'above_price';
      const restart = !(row.smart_pricing && smart);
      await tx.query(
        `UPDATE listings SET min_price_cents = $3, smart_pricing = $4, updated_at = $5,
           price_base_cents = CASE WHEN $6 THEN $7 ELSE price_base_cents END,
           price_anchor_at = CASE WHEN $6 THEN $5::timestamptz ELSE price_anchor_at END
         WHERE id = $1 AND seller_id = $2`,
        [id, sellerId, minPriceCents, smart, now, restart, row.current],
      );
      await tx.query(
        `UPDATE listings SET price_cents = listing_price_at(price_base_cents, min_price_cents, smart_pricing, price_anchor_at, $2),
           next_price_drop_at = listing_next_drop_at(price_base_cents, min_price_cents, smart_pricing, price_anchor_at, $2)
         WHERE id = $1`,
        [id, now],
      );
      return 'ok';
    },

    /**
     * A new price (from My listings): the schedule starts again from it now, as an edit's
     * does. Answers 'missing', 'sold', 'below_min' (under the listing's minimum price) or 'ok'.
     */
    async setPrice(sellerId: number, id: number, priceCents: number, tx: Queryable = db): Promise<'missing' | 'sold' | 'below_min' | 'ok'> {
      const now = clock.now().toISOString();
      const { rows } = await tx.query<{ status: string; min_price_cents: number }>(
        'SELECT status, min_price_cents FROM listings WHERE id = $1 AND seller_id = $2 FOR UPDATE',
        [id, sellerId],
      );
      const row = rows[0];
      if (!row) return 'missing';
      if (row.status === 'sold') return 'sold';
      if (priceCents < row.min_price_cents) return 'below_min';
      await tx.query(
        `UPDATE listings SET price_cents = $3, price_base_cents = $3, price_anchor_at = $4, updated_at = $4,
           next_price_drop_at = listing_next_drop_at($3, min_price_cents, smart_pricing, $4, $4)
         WHERE id = $1 AND seller_id = $2`,
        [id, sellerId, priceCents, now],
      );
      return 'ok';
    },

    /**
     * Archives or reactivates (spec §4). A reactivated listing's schedule starts again from its price
     * now: the weeks it spent archived do not cut it. Answers 'missing', 'sold' or 'ok'.
     */
    async setStatus(sellerId: number, id: number, status: 'active' | 'archived', tx: Queryable = db): Promise<'missing' | 'sold' | 'moderated' | 'ok'> {
      const now = clock.now().toISOString();
      const current = await tx.query<{ status: string }>('SELECT status FROM listings WHERE id = $1 AND seller_id = $2 FOR UPDATE', [id, sellerId]);
      if (!current.rows[0]) return 'missing';
      if (current.rows[0].status === 'sold') return 'sold';
      if (!['active', 'archived'].includes(current.rows[0].status)) return 'moderated';
      if (current.rows[0].status === status) return 'ok';
      if (status === 'archived') {
        await tx.query(`UPDATE listings SET status = 'archived', archived_at = $2, updated_at = $2 WHERE id = $1`, [id, now]);
      } else {
        await tx.query(
          `UPDATE listings SET status = 'active', archived_at = NULL, updated_at = $2, price_base_cents = price_cents, price_anchor_at = $2,
             next_price_drop_at = listing_next_drop_at(price_cents, min_price_cents, smart_pricing, $2, $2)
           WHERE id = $1`,
          [id, now],
        );
      }
      return 'ok';
    },

    /**
     * The brand's products whose name, in English or Portuguese, holds `q` (case and accents aside),
     * with their colours and sizes, for the submit form; named in `lang`.
     */
    async products(q: string, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<SellerProduct[]> {
      const holds = (column: string) => `immutable_unaccent(lower(${column})) LIKE '%' || immutable_unaccent(lower($1)) || '%'`;
      return sellerProducts(tx, `($1 = '' OR ${holds('p.title')} OR ${holds("coalesce(p.title_pt, '')")})`, [q.replace(/[\\%_]/g, (c) => `\\${c}`)], lang);
    },

    /**
     * One piece of the brand's catalogue by its reference, the product child (one colour in one size):
     * its product with every colour and size, and which are this piece's. Null when no such piece is
     * the brand's (resell from the main shop: the reference is all the main shop gives).
     */
    /** A resell started from the main shop, for the back office's figures (once a customer, piece and Lisbon day). */
    async resellStarted(customerId: number, childId: number): Promise<void> {
      await db.query(
        `INSERT INTO resell_starts (customer_id, child_id, day, started_at) VALUES ($1, $2, ($3::timestamptz AT TIME ZONE 'Europe/Lisbon')::date, $3) ON CONFLICT DO NOTHING`,
        [customerId, childId, clock.now()],
      );
    },

    async productOfChild(childId: number, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<SellerProductChoice | null> {
      const { rows } = await tx.query<{ product_id: number; variant_id: number }>(
        `SELECT v.product_id, v.id AS variant_id FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id
         WHERE c.id = $1 AND p.brand_id = ${BRAND_ID}`,
        [childId],
      );
      const piece = rows[0];
      if (!piece) return null;
      const [product] = await sellerProducts(tx, 'p.id = $1', [piece.product_id], lang);
      return product ? { product, product_variant_id: piece.variant_id, product_child_id: childId } : null;
    },

    /** The conditions a listing can have (spec §6), in their order. */
    async conditions(tx: Queryable = db): Promise<{ id: number; option: string; description: string }[]> {
      return (await tx.query<{ id: number; option: string; description: string }>('SELECT id, option, description FROM conditions ORDER BY id')).rows;
    },
  };
  return repository;
}
export type SellerListingsRepository = ReturnType<typeof sellerListingsRepository>;

/** The brand's products matching `where` (on `products p`), with their colours and sizes, by title. */
async function sellerProducts(tx: Queryable, where: string, params: unknown[], lang: ContentLanguage = 'en'): Promise<SellerProduct[]> {
  const { rows } = await tx.query<{ id: number; title: string; kind: string; original_price_cents: number; variants: SellerProduct['variants'] & { colour_id: string }[] }>(
    `SELECT p.id, ${productText('p', 'title', lang)} AS title, p.kind, p.original_price_cents,
       (SELECT json_agg(json_build_object('product_variant_id', v.id, 'colour_id', v.colour_id, 'colour', col.name, 'hex', col.hex,
                 'sizes', (SELECT json_agg(json_build_object('product_child_id', c.id, 'size', c.size) ORDER BY c.size_order) FROM product_children c WHERE c.variant_id = v.id))
               ORDER BY col.name)
        FROM product_variants v JOIN colours col ON col.id = v.colour_id WHERE v.product_id = p.id) AS variants
     FROM products p
     WHERE p.brand_id = ${BRAND_ID} AND ${where}
     ORDER BY 2, p.id LIMIT 20`,
    params,
  );
  return rows.map((row) => ({
    product_id: row.id,
    title: row.title,
    original_price: euros(row.original_price_cents),
    photo: `/api/assets/photos/${row.kind}/${row.variants?.[0]?.colour_id ?? 'black'}/1.svg`,
    variants: (row.variants ?? []).map((v) => ({ product_variant_id: v.product_variant_id, colour: v.colour, hex: v.hex, sizes: v.sizes ?? [] })),
  }));
}

/** The seller's listings as `app.sellerListings`. */
export default fp(
  async function sellerListingsPlugin(app: FastifyInstance) {
    const { config } = app;
    app.decorate(
      'sellerListings',
      sellerListingsRepository(app.db, app.clock, sellingFeesOf(feeRates(config))),
    );
  },
  { name: 'seller-listings', dependencies: ['db', 'config', 'smart-pricing'] },
);
