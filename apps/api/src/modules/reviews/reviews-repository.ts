import type { SellerRating, SellerReview } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { productText, type ContentLanguage } from '../../core/language';

declare module 'fastify' {
  interface FastifyInstance {
    reviewsRepository: ReturnType<typeof reviewsRepository>;
  }
}

const NO_RATING: SellerRating = { average: null, count: 0 };

/**
 * Sellers' ratings by id: a buyer's review of an order counts once for each seller who
 * shipped a package of it. The mean is rounded half up to one decimal by PostgreSQL's numeric round,
 * so every page shows the same figure. A seller nobody rated has `{ average: null, count: 0 }`.
 */
export async function sellerRatings(db: Queryable, sellerIds: readonly number[]): Promise<Map<number, SellerRating>> {
  const ratings = new Map<number, SellerRating>();
  const ids = [...new Set(sellerIds)];
  for (const id of ids) ratings.set(id, NO_RATING);
  if (ids.length === 0) return ratings;
  const { rows } = await db.query<{ seller_id: number; average: number; count: number }>(
    `SELECT k.seller_id, round(avg(o.review_rating)::numeric, 1)::float8 AS average, count(*)::int AS count
     FROM order_packages k JOIN orders o ON o.id = k.order_id
     WHERE k.seller_id = ANY($1::int[]) AND o.reviewed_at IS NOT NULL
     GROUP BY k.seller_id`,
    [ids],
  );
  for (const row of rows) ratings.set(row.seller_id, { average: Number(row.average), count: row.count });
  return ratings;
}

interface ReviewRow {
  id: number;
  rating: number;
  comment: string | null;
  reviewed_at: Date | string;
  pieces: string[];
  reply: string | null;
  replied_at: Date | string | null;
}

const toReview = (row: ReviewRow): SellerReview => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment ?? '',
  date: new Date(row.reviewed_at).toISOString(),
  pieces: row.pieces,
  reply: row.reply === null ? null : { text: row.reply, date: new Date(row.replied_at!).toISOString() },
});

/** What a seller's answer to a review came to. */
export type ReplyOutcome = { review: SellerReview } | 'not_found' | 'not_yours' | 'already_answered';

export function reviewsRepository(db: Queryable) {
  const select = (lang: ContentLanguage) =>
    `SELECT o.id, o.review_rating AS rating, o.review_comment AS comment, o.reviewed_at,
            ARRAY(SELECT ${productText('p', 'title', lang, 'ol.title')} FROM order_lines ol
                  JOIN listings li ON li.id = ol.listing_id JOIN products p ON p.id = li.product_id
                  WHERE ol.package_id = k.id ORDER BY ol.id) AS pieces,
            r.body AS reply, r.created_at AS replied_at
     FROM order_packages k JOIN orders o ON o.id = k.order_id
     LEFT JOIN review_replies r ON r.order_id = k.order_id AND r.seller_id = k.seller_id`;

  return {
    ratings: (sellerIds: readonly number[], tx: Queryable = db) => sellerRatings(tx, sellerIds),

    /** True when the customer has ever listed something: only sellers have a public page. */
    async isSeller(customerId: number, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query('SELECT 1 FROM listings WHERE seller_id = $1 LIMIT 1', [customerId]);
      return rows.length > 0;
    },

    /** A seller's reviews, newest first: with or without words (stars alone count in the rating too). */
    async list(sellerId: number, page: number, limit: number, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<SellerReview[]> {
      const { rows } = await tx.query<ReviewRow>(
        `${select(lang)}
         WHERE k.seller_id = $1 AND o.reviewed_at IS NOT NULL
         ORDER BY o.reviewed_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
        [sellerId, limit, (page - 1) * limit],
      );
      return rows.map(toReview);
    },

    /**
     * The seller's one answer to a review of their package. The primary key (migration 024) refuses
     * a second answer, whatever requests race.
     */
    async reply(sellerId: number, orderId: number, text: string, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<ReplyOutcome> {
      const order = await tx.query<{ mine: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM order_packages k WHERE k.order_id = o.id AND k.seller_id = $2) AS mine
         FROM orders o WHERE o.id = $1 AND o.reviewed_at IS NOT NULL`,
        [orderId, sellerId],
      );
      if (!order.rows[0]) return 'not_found';
      if (!order.rows[0].mine) return 'not_yours';
      const inserted = await tx.query(
        'INSERT INTO review_replies (order_id, seller_id, body) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING order_id',
        [orderId, sellerId, text],
      );
      if (inserted.rows.length === 0) return 'already_answered';
      const { rows } = await tx.query<ReviewRow>(`${select(lang)} WHERE k.order_id = $1 AND k.seller_id = $2`, [orderId, sellerId]);
      return { review: toReview(rows[0]!) };
    },
  };
}

export default fp(
  async function reviewsRepositoryPlugin(app: FastifyInstance) {
    app.decorate('reviewsRepository', reviewsRepository(app.db));
  },
  { name: 'reviews-repository', dependencies: ['db'] },
);
