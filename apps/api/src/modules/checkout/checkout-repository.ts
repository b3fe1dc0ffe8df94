import { BRAND_ID, type PickupPoint } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { conditionText, productText, type ContentLanguage } from '../../core/language';
import { offerLinePriceSql } from '../offers/offers-repository';

declare module 'fastify' {
  interface FastifyInstance {
    checkoutRepository: CheckoutRepository;
  }
}

/** Lisbon's centre: the map's default centre (spec §3 map defaults), and the default "near". */
export const LISBON = { lat: 38.7071, lng: -9.13549 };

/** A piece as checkout prices it, read straight from the listing (never from the client). */
export interface CheckoutPiece {
  listing_id: number;
  available: boolean;
  seller_id: number;
  seller_first_name: string;
  seller_email: string;
  title: string;
  photo: string;
  colour: string;
  size: string;
  condition_description: string;
  price_cents: number;
  /** The accepted offer the piece is bought through (price_cents: the lower of its price and the listing's); null at the listing's price. */
  offer_id: number | null;
}

export interface DiscountCodeRow {
  code: string;
  scope: 'storefront' | 'main_store';
  percent_off: number | null;
  amount_off_cents: number | null;
  active: boolean;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  max_uses: number | null;
  uses: number;
  max_uses_per_shopper: number | null;
  first_order_only: boolean;
  min_order_cents: number | null;
  max_discount_cents: number | null;
}

/** Who a code's per-shopper rules count: the account (when signed in) and the shopper e-mail. */
export interface Shopper {
  customerId: number | null;
  email: string;
}
const shopperKeys = (shopper: Shopper) => [...(shopper.customerId === null ? [] : [`customer:${shopper.customerId}`]), `email:${shopper.email}`];

/** Why a code's rules refuse an order (message keys of the contract). */
export type CodeRefusal = 'discount_code_used_up' | 'discount_code_already_used' | 'discount_code_first_order';

const pieceColumns = (lang: ContentLanguage) => `l.id AS listing_id, l.status = 'active' AS available, l.seller_id, s.first_name AS seller_first_name, s.email AS seller_email,
  ${productText('p', 'title', lang)} AS title, coalesce(l.photos[1], '') AS photo, col.name AS colour, l.size, ${conditionText('c', lang)} AS condition_description, l.price_cents`;
const PIECE_JOINS = `JOIN products p ON p.id = l.product_id
  JOIN customers s ON s.id = l.seller_id
  JOIN colours col ON col.id = l.colour_id
  JOIN conditions c ON c.id = l.condition_id`;

type PointRow = Omit<PickupPoint, 'distance_km'> & { distance_km: number };

export function checkoutRepository(db: Queryable) {
  /** Whether the shopper (their account, or their e-mail as a guest) has an order other than `except`. */
  async function hasOrdered(shopper: Shopper, except: number | null, tx: Queryable): Promise<boolean> {
    const { rows } = await tx.query(
      'SELECT 1 FROM orders WHERE (customer_id = $1 OR shopper_email = $2) AND id IS DISTINCT FROM $3 LIMIT 1',
      [shopper.customerId, shopper.email, except],
    );
    return rows.length > 0;
  }

  return {
    /**
     * The pieces of a signed-in customer's bag, in the order they were added. A line with an offer
     * is priced at the offer (the listing's price when it fell below it) and is available only while
     * the offer is buyable at `now`.
     */
    async bagPieces(customerId: number, now: Date, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<CheckoutPiece[]> {
      const { rows } = await tx.query<CheckoutPiece>(
        `SELECT ${pieceColumns(lang).replace("l.status = 'active' AS available", `l.status = 'active' AND (b.offer_id IS NULL OR (o.accepted_at IS NOT NULL
           AND o.buy_by > $2 AND o.declined_at IS NULL AND o.withdrawn_at IS NULL AND o.purchased_at IS NULL)) AS available`).replace(
           'l.price_cents', `${offerLinePriceSql()} AS price_cents`)}, b.offer_id
         FROM bag_lines b JOIN listings l ON l.id = b.listing_id ${PIECE_JOINS} LEFT JOIN offers o ON o.id = b.offer_id
         WHERE b.customer_id = $1 ORDER BY b.created_at, b.id`,
        [customerId, now],
      );
      return rows;
    },

    /** The pieces of a guest's local bag (listing ids); unknown ids and other brands' are absent. */
    async pieces(listingIds: number[], lang: ContentLanguage = 'en', tx: Queryable = db): Promise<CheckoutPiece[]> {
      if (listingIds.length === 0) return [];
      const { rows } = await tx.query<CheckoutPiece>(
        `SELECT ${pieceColumns(lang)}, NULL::int AS offer_id FROM listings l ${PIECE_JOINS}
         WHERE l.id = ANY($1::int[]) AND l.brand_id = $2 ORDER BY array_position($1::int[], l.id)`,
        [listingIds, BRAND_ID],
      );
      return rows;
    },

    /**
     * Active pickup points, nearest to `near` (Lisbon when not given) first (great-circle distance),
     * optionally of one city, or matching every word of `place` in their name, address, postcode or city.
     */
    /** `country` (PT, ES): only that country's points, the delivery address's (migration 065); every point without it. */
    async pickupPoints(near: { lat: number; lng: number } = LISBON, city: string | undefined, limit: number, place?: string, country?: string, tx: Queryable = db): Promise<PickupPoint[]> {
      const words = (place ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
      const { rows } = await tx.query<PointRow>(
        `SELECT id, name, address, zip_code, city, country, lat, lng, opening_hours, carrier,
                round((6371 * 2 * asin(sqrt(power(sin(radians(lat - $1) / 2), 2)
                  + cos(radians($1)) * cos(radians(lat)) * power(sin(radians(lng - $2) / 2), 2))))::numeric, 1)::float8 AS distance_km
         FROM pickup_points
         WHERE active AND ($3::text IS NULL OR immutable_unaccent(lower(city)) = immutable_unaccent(lower($3::text)))
           AND ($6::text IS NULL OR country = $6::text)
           AND NOT EXISTS (SELECT 1 FROM unnest($5::text[]) AS word
             WHERE strpos(immutable_unaccent(lower(concat_ws(' ', name, address, zip_code, city))), immutable_unaccent(lower(word))) = 0)
         ORDER BY distance_km, id LIMIT $4`,
        [near.lat, near.lng, city ?? null, limit, words, country ?? null],
      );
      return rows;
    },

    async pickupPoint(id: number, tx: Queryable = db): Promise<Omit<PickupPoint, 'distance_km'> | null> {
      const { rows } = await tx.query<Omit<PickupPoint, 'distance_km'>>(
        'SELECT id, name, address, zip_code, city, country, lat, lng, opening_hours, carrier FROM pickup_points WHERE id = $1 AND active',
        [id],
      );
      return rows[0] ?? null;
    },

    async customerEmail(customerId: number, tx: Queryable = db): Promise<string | null> {
      const { rows } = await tx.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [customerId]);
      return rows[0]?.email ?? null;
    },

    /** Whether the account's e-mail is proven (first-order codes need it). */
    async emailVerified(customerId: number, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query<{ verified: boolean }>('SELECT email_verified_at IS NOT NULL AS verified FROM customers WHERE id = $1', [customerId]);
      return rows[0]?.verified ?? false;
    },

    /** Whether a payment method already got a first-order code (read only: `recordFirstOrderMethod` decides). */
    async firstOrderMethodUsed(provider: string, fingerprint: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query('SELECT 1 FROM first_order_payment_methods WHERE provider = $1 AND fingerprint = $2', [provider, fingerprint]);
      return rows.length > 0;
    },

    /**
     * Writes down, in the order's transaction, that the method got a first-order code: false when it
     * had one already. The primary key serialises two orders racing with one card: the second waits
     * for the first's commit and then inserts nothing.
     */
    async recordFirstOrderMethod(provider: string, fingerprint: string, orderId: number, code: string, tx: Queryable): Promise<boolean> {
      const { rows } = await tx.query(
        `INSERT INTO first_order_payment_methods (provider, fingerprint, order_id, code) VALUES ($1, $2, $3, $4)
         ON CONFLICT (provider, fingerprint) DO NOTHING RETURNING order_id`,
        [provider, fingerprint, orderId, code],
      );
      return rows.length > 0;
    },

    async discountCode(code: string, tx: Queryable = db): Promise<DiscountCodeRow | null> {
      const { rows } = await tx.query<DiscountCodeRow>(
        `SELECT code, scope, percent_off, amount_off_cents, active, starts_at, ends_at, max_uses, uses, max_uses_per_shopper,
           first_order_only, min_order_cents, max_discount_cents
         FROM discount_codes WHERE code = $1`,
        [code.toUpperCase()],
      );
      return rows[0] ?? null;
    },

    /** What a shopper's rules say before paying (read only; `redeem` decides, in the order's transaction). */
    async shopperRefusal(code: DiscountCodeRow, shopper: Shopper, tx: Queryable = db): Promise<CodeRefusal | null> {
      if (code.max_uses !== null && code.uses >= code.max_uses) return 'discount_code_used_up';
      if (code.max_uses_per_shopper !== null) {
        const { rows } = await tx.query<{ uses: number }>('SELECT coalesce(max(uses), 0)::int AS uses FROM discount_code_shoppers WHERE code = $1 AND shopper = ANY($2::text[])', [
          code.code,
          shopperKeys(shopper),
        ]);
        if ((rows[0]?.uses ?? 0) >= code.max_uses_per_shopper) return 'discount_code_already_used';
      }
      if (code.first_order_only && (await hasOrdered(shopper, null, tx))) return 'discount_code_first_order';
      return null;
    },

    /**
     * Uses the code for an order, in the order's transaction: the total count is a conditional
     * UPDATE and each shopper key an upsert, so two orders racing for the last use (or one shopper's
     * two orders at once) queue on the same row and the second sees the first's use. "First order"
     * is read after those locks, when a concurrent first order has committed. The redemption row
     * says who pays the discount: the marketplace.
     */
    async redeem(code: DiscountCodeRow, shopper: Shopper, orderId: number, amountCents: number, now: Date, tx: Queryable): Promise<CodeRefusal | null> {
      const counted = await tx.query('UPDATE discount_codes SET uses = uses + 1 WHERE code = $1 AND (max_uses IS NULL OR uses < max_uses) RETURNING uses', [code.code]);
      if (counted.rows.length === 0) return 'discount_code_used_up';
      for (const key of shopperKeys(shopper)) {
        const { rows } = await tx.query(
          `INSERT INTO discount_code_shoppers (code, shopper, uses) VALUES ($1, $2, 1)
           ON CONFLICT (code, shopper) DO UPDATE SET uses = discount_code_shoppers.uses + 1
           WHERE $3::int IS NULL OR discount_code_shoppers.uses < $3::int
           RETURNING uses`,
          [code.code, key, code.max_uses_per_shopper],
        );
        if (rows.length === 0) return 'discount_code_already_used';
      }
      if (code.first_order_only && (await hasOrdered(shopper, orderId, tx))) return 'discount_code_first_order';
      await tx.query(
        `INSERT INTO discount_redemptions (order_id, code, customer_id, shopper_email, amount_cents, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [orderId, code.code, shopper.customerId, shopper.email, amountCents, now],
      );
      return null;
    },
  };
}
export type CheckoutRepository = ReturnType<typeof checkoutRepository>;

export default fp(
  async function checkoutRepositoryPlugin(app: FastifyInstance) {
    app.decorate('checkoutRepository', checkoutRepository(app.db));
  },
  { name: 'checkout-repository', dependencies: ['db'] },
);
