import { addBusinessDays, lisbonDate, CURRENCY_SYMBOL_CODE, type OrderAddress, type OrderDetail, type OrderProduct, type OrderSummary, type OrderTracking, type PackageVerification, type PickupPoint, type Sale } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { productText, type ContentLanguage } from '../../core/language';
import { euros } from '../../core/money';
import { CARRIERS, trackingUrl, type Carrier } from '../shipping/tracking-numbers';
import { verificationStates } from './hub-verification';

declare module 'fastify' {
  interface FastifyInstance {
    ordersRepository: OrdersRepository;
  }
}

/** Days a guest order's claim secrets work after it was placed. */
export const CLAIM_DAYS = 30;

export interface NewOrder {
  customerId: number | null;
  email: string;
  /** The e-mail in the one form a code's per-shopper rules count (modules/identity/shopper-email.ts). */
  shopperEmail: string;
  claimHash: string | null;
  /** The confirmation mail's claim link: only the inbox holds it. */
  mailClaimHash: string | null;
  deliveryOption: 'home' | 'pickup';
  pickupPointId: number | null;
  deliveryAddress: OrderAddress;
  billingAddress: OrderAddress;
  amounts: {
    subtotal: number;
    processing: number;
    verification: number;
    shipping: number;
    delivery: number;
    discount: number;
    total: number;
    /** The sellers' bundle discounts, one per package that earned one; absent in attempts kept from before. */
    bundle_discount?: number;
    bundles?: { seller_id: number; percent: number; discount: number }[];
  };
  discountCode: string | null;
  payment: { provider: string; reference: string; cardBrand: string; last4: string };
  shipBy: string;
  createdAt: Date;
  /** The language and time zone of the order's mails (a guest's are kept only here). */
  language: ContentLanguage;
  timeZone: string;
  pieces: { listing_id: number; seller_id: number; title: string; photo: string; colour: string; size: string; price_cents: number }[];
}

interface OrderRow {
  id: number;
  number: string;
  customer_id: number | null;
  email: string;
  status: 'paid' | 'shipped' | 'delivered';
  delivery_option: 'home' | 'pickup';
  pickup_point_id: number | null;
  delivery_address: OrderAddress;
  billing_address: OrderAddress;
  subtotal_cents: number;
  processing_cents: number;
  verification_cents: number;
  shipping_cents: number;
  delivery_cents: number;
  discount_cents: number;
  bundle_discount_cents: number;
  total_cents: number;
  payment_provider: string;
  card_brand: string;
  card_last4: string;
  review_rating: number | null;
  review_comment: string | null;
  reviewed_at: Date | string | null;
  delivered_at: Date | string | null;
  created_at: Date | string;
  problem_reported_at: Date | string | null;
  problem_resolution: 'refund' | 'partial' | 'release' | null;
  problem_resolved_at: Date | string | null;
  language: string;
  time_zone: string;
  /** Cancelled before shipping, by whom, and every euro cent its refunds gave back. */
  cancelled_at: Date | string | null;
  cancelled_by: 'buyer' | 'seller' | 'ship_by' | 'provider' | null;
  refunded_total_cents: number;
}

interface LineRow {
  order_id: number;
  package_id: number;
  listing_id: number;
  title: string;
  photo: string;
  colour: string;
  size: string;
  price_cents: number;
  /** A line cancelled alone: what its refund gave the buyer, and when; null otherwise. */
  refunded_cents: number | null;
  refunded_at: Date | string | null;
  /** What the seller's credit gave back for it (sales only). */
  taken_back_cents?: number | null;
}

interface PackageRow {
  id: number;
  order_id: number;
  seller_id: number;
  seller_first_name: string;
  seller_email: string;
  ship_by: string;
  shipped_at: Date | string | null;
  tracking_number: string | null;
  /** `ctt`/`dpd` for a typed number; Sendcloud's carrier code for a bought label. */
  carrier: string | null;
  tracking_url: string | null;
  label_status: 'pending' | 'bought' | 'failed' | null;
  seller_language: string;
  seller_time_zone: string;
  /** Sent to the brand's hub to be checked first (issue 48): its label goes to the hub. */
  via_hub: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const product = (line: LineRow): OrderProduct => ({
  listing_id: line.listing_id,
  title: line.title,
  photo: line.photo,
  options: { O1Child: line.colour, O2Child: line.size },
  price: euros(line.price_cents),
  refunded: line.refunded_cents === null || line.refunded_at === null ? null : { amount: euros(line.refunded_cents), date: iso(line.refunded_at) },
});
/** The order lines' columns with a line's own refund (alias ol; joins payment_refunds as rf). */
const LINE_REFUND_JOIN = 'LEFT JOIN payment_refunds rf ON rf.line_id = ol.id';
const LINE_REFUND_COLUMNS = 'rf.amount_cents AS refunded_cents, rf.created_at AS refunded_at';
/**
 * When the buyer has (or should have) the order: the day it was delivered, else each package's
 * shipping day (its ship-by date until the seller ships, then the day it left) plus the carrier's
 * business days, the latest of them. Shipping early brings the date forward.
 */
export function deliveryDate(order: Pick<OrderRow, 'delivered_at' | 'created_at'>, packages: Pick<PackageRow, 'ship_by' | 'shipped_at'>[], businessDays: number) {
  if (order.delivered_at) return { date: lisbonDate(new Date(order.delivered_at)), estimated: false };
  const leaves = packages.map((pkg) => (pkg.shipped_at ? lisbonDate(new Date(pkg.shipped_at)) : pkg.ship_by)).sort().at(-1) ?? lisbonDate(new Date(order.created_at));
  return { date: addBusinessDays(leaves, businessDays), estimated: true };
}

/** The carrier's page for a package: the one Sendcloud gave for a bought label, else the typed carrier's. */
export const trackingPage = (pkg: Pick<PackageRow, 'carrier' | 'tracking_number' | 'tracking_url'>): string | null =>
  pkg.tracking_url ?? (pkg.tracking_number && (CARRIERS as readonly string[]).includes(pkg.carrier ?? '') ? trackingUrl(pkg.carrier as Carrier, pkg.tracking_number) : null);

const tracking = (packages: PackageRow[]): OrderTracking[] =>
  packages.flatMap((pkg) => (pkg.tracking_number && pkg.carrier ? [{ number: pkg.tracking_number, carrier: pkg.carrier, url: trackingPage(pkg) ?? '' }] : []));

/** An order as its list shows it: number, date, total, status, first piece, delivery and tracking. */
const summary = (row: OrderRow, lines: LineRow[], packages: PackageRow[], businessDays: number): OrderSummary => {
  const delivery = deliveryDate(row, packages, businessDays);
  return {
    id: row.id,
    number: row.number,
    date: iso(row.created_at),
    total: euros(row.total_cents),
    currency_symb_code: CURRENCY_SYMBOL_CODE,
    status: row.status,
    title: lines[0]?.title ?? '',
    photo: lines[0]?.photo ?? '',
    pieces: lines.length,
    delivery_date: delivery.date,
    delivery_date_estimated: delivery.estimated,
    tracking: tracking(packages),
    // Pieces cancelled alone by their sellers and what they gave back, so the list shows it.
    refunded_pieces: lines.filter((line) => line.refunded_cents !== null).length,
    refunded_pieces_amount: euros(lines.reduce((sum, line) => sum + (line.refunded_cents ?? 0), 0)),
    cancelled:
      row.cancelled_at && row.cancelled_by ? { by: row.cancelled_by, date: iso(row.cancelled_at), refunded: euros(row.refunded_total_cents) } : null,
  };
};

/** What marking a package shipped needs to know of it. */
interface ShippingFacts {
  buyer_id: number | null;
  order_id: number;
  number: string;
  shipped: boolean;
  title: string;
  title_pt: string;
  title_es: string;
  pickup_carrier: string | null;
  pickup_zip: string | null;
}

const ORDER_COLUMNS = `id, number, customer_id, email, status, delivery_option, pickup_point_id, delivery_address, billing_address, subtotal_cents,
  processing_cents, verification_cents, shipping_cents, delivery_cents, discount_cents, bundle_discount_cents, total_cents, payment_provider, card_brand, card_last4,
  review_rating, review_comment, reviewed_at, delivered_at, created_at, problem_reported_at, problem_resolution, problem_resolved_at, language, time_zone,
  cancelled_at, cancelled_by, (SELECT coalesce(sum(r.amount_cents), 0)::int FROM payment_refunds r WHERE r.order_id = orders.id) AS refunded_total_cents`;
const PACKAGE_COLUMNS = `k.id, k.order_id, k.seller_id, s.first_name AS seller_first_name, s.email AS seller_email, to_char(k.ship_by, 'YYYY-MM-DD') AS ship_by,
  k.shipped_at, k.tracking_number, k.carrier, k.tracking_url, k.label_status, s.language AS seller_language, s.time_zone AS seller_time_zone, k.via_hub`;

/** An order with everything its pages and mails show. */
export interface OrderRecord {
  order: OrderRow;
  lines: LineRow[];
  packages: PackageRow[];
  pickupPoint: Omit<PickupPoint, 'distance_km'> | null;
  /** Where each package sent through the hub is (by package id); a package sent straight to the buyer is absent. */
  verifications?: Map<number, PackageVerification>;
}

export function ordersRepository(db: Queryable) {
  /** The order's lines: the title the order kept (English), or the product's in `lang` when it has one. */
  async function record(orderId: number, tx: Queryable, lang: ContentLanguage = 'en'): Promise<OrderRecord | null> {
    const { rows } = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [orderId]);
    const order = rows[0];
    if (!order) return null;
    const lines = await tx.query<LineRow>(
      `SELECT ol.order_id, ol.package_id, ol.listing_id, ${productText('p', 'title', lang, 'ol.title')} AS title, ol.photo, ol.colour, ol.size, ol.price_cents, ${LINE_REFUND_COLUMNS}
       FROM order_lines ol JOIN listings l ON l.id = ol.listing_id JOIN products p ON p.id = l.product_id ${LINE_REFUND_JOIN}
       WHERE ol.order_id = $1 ORDER BY ol.id`,
      [orderId],
    );
    const packages = await tx.query<PackageRow>(
      `SELECT ${PACKAGE_COLUMNS} FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.order_id = $1 ORDER BY k.id`,
      [orderId],
    );
    const point = order.pickup_point_id
      ? (
          await tx.query<Omit<PickupPoint, 'distance_km'>>(
            'SELECT id, name, address, zip_code, city, country, lat, lng, opening_hours, carrier FROM pickup_points WHERE id = $1',
            [order.pickup_point_id],
          )
        ).rows[0] ?? null
      : null;
    const verifications = await verificationStates(packages.rows.map((pkg) => pkg.id), tx);
    return { order, lines: lines.rows, packages: packages.rows, pickupPoint: point, verifications };
  }

  const repo = {
    /** Titles of listings, for naming the pieces a shopper lost. */
    async titles(listingIds: number[], tx: Queryable = db): Promise<Map<number, string>> {
      const { rows } = await tx.query<{ id: number; title: string }>(
        'SELECT l.id, p.title FROM listings l JOIN products p ON p.id = l.product_id WHERE l.id = ANY($1::int[])',
        [listingIds],
      );
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    /** Writes the order, one package per seller and its lines. Part of the order's transaction. */
    async create(input: NewOrder, tx: Queryable): Promise<{ id: number; number: string }> {
      const { rows } = await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id`);
      const id = rows[0]!.id;
      const number = `PO-${String(id).padStart(7, '0')}`;
      const a = input.amounts;
      await tx.query(
        `INSERT INTO orders (id, number, customer_id, email, claim_hash, delivery_option, pickup_point_id, delivery_address, billing_address,
           subtotal_cents, processing_cents, verification_cents, shipping_cents, delivery_cents, discount_cents, total_cents, discount_code,
           payment_provider, payment_reference, card_brand, card_last4, shopper_email, created_at, language, time_zone, bundle_discount_cents,
           mail_claim_hash, claim_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26,
           $27, CASE WHEN $5::text IS NULL THEN NULL ELSE $23::timestamptz + make_interval(days => ${CLAIM_DAYS}) END)`,
        [
          id, number, input.customerId, input.email, input.claimHash, input.deliveryOption, input.pickupPointId,
          JSON.stringify(input.deliveryAddress), JSON.stringify(input.billingAddress),
          a.subtotal, a.processing, a.verification, a.shipping, a.delivery, a.discount, a.total, input.discountCode,
          input.payment.provider, input.payment.reference, input.payment.cardBrand, input.payment.last4, input.shopperEmail, input.createdAt,
          input.language, input.timeZone, a.bundle_discount ?? 0, input.mailClaimHash,
        ],
      );
      const sellers = [...new Set(input.pieces.map((piece) => piece.seller_id))];
      // One package per seller, with the bundle discount it earned (its seller's deposit is its pieces less it).
      const bundleOf = new Map((a.bundles ?? []).map((line) => [line.seller_id, line]));
      const packages = await tx.query<{ id: number; seller_id: number }>(
        `INSERT INTO order_packages (order_id, seller_id, ship_by, bundle_percent, bundle_discount_cents)
         SELECT $1, s.seller_id, $3::date, s.percent, s.discount FROM unnest($2::int[], $4::int[], $5::int[]) AS s(seller_id, percent, discount)
         RETURNING id, seller_id`,
        [id, sellers, input.shipBy, sellers.map((seller) => bundleOf.get(seller)?.percent ?? 0), sellers.map((seller) => bundleOf.get(seller)?.discount ?? 0)],
      );
      const packageOf = new Map(packages.rows.map((row) => [row.seller_id, row.id]));
      const pieces = input.pieces;
      await tx.query(
        `INSERT INTO order_lines (order_id, package_id, listing_id, title, photo, colour, size, price_cents)
         SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[])`,
        [
          id,
          pieces.map((piece) => packageOf.get(piece.seller_id)!),
          pieces.map((piece) => piece.listing_id),
          pieces.map((piece) => piece.title),
          pieces.map((piece) => piece.photo),
          pieces.map((piece) => piece.colour),
          pieces.map((piece) => piece.size),
          pieces.map((piece) => piece.price_cents),
        ],
      );
      return { id, number };
    },

    record: (orderId: number, tx: Queryable = db, lang: ContentLanguage = 'en') => record(orderId, tx, lang),

    /** A page of the buyer's orders, newest first; titles in `lang` (`businessDays`: the carrier's delivery time). */
    async listForBuyer(
      customerId: number,
      page: number,
      limit: number,
      options: { businessDays: number; lang?: ContentLanguage },
      tx: Queryable = db,
    ): Promise<{ orders: OrderSummary[]; count: number }> {
      const { rows } = await tx.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [customerId, limit, (page - 1) * limit],
      );
      const ids = rows.map((row) => row.id);
      const lines = await tx.query<LineRow>(
        `SELECT ol.order_id, ol.package_id, ol.listing_id, ${productText('p', 'title', options.lang ?? 'en', 'ol.title')} AS title, ol.photo, ol.colour, ol.size, ol.price_cents, ${LINE_REFUND_COLUMNS}
         FROM order_lines ol JOIN listings l ON l.id = ol.listing_id JOIN products p ON p.id = l.product_id ${LINE_REFUND_JOIN}
         WHERE ol.order_id = ANY($1::int[]) ORDER BY ol.id`,
        [ids],
      );
      const packages = await tx.query<PackageRow>(
        `SELECT ${PACKAGE_COLUMNS} FROM order_packages k JOIN customers s ON s.id = k.seller_id WHERE k.order_id = ANY($1::int[]) ORDER BY k.id`,
        [ids],
      );
      const count = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [customerId]);
      return {
        orders: rows.map((row) =>
          summary(
            row,
            lines.rows.filter((line) => line.order_id === row.id),
            packages.rows.filter((pkg) => pkg.order_id === row.id),
            options.businessDays,
          ),
        ),
        count: count.rows[0]?.n ?? 0,
      };
    },

    /** The buyer's order; null for another customer's (or an unknown) id. */
    async forBuyer(customerId: number, orderId: number, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<OrderRecord | null> {
      const { rows } = await tx.query<{ id: number }>('SELECT id FROM orders WHERE id = $1 AND customer_id = $2', [orderId, customerId]);
      return rows[0] ? record(orderId, tx, lang) : null;
    },

    /** The buyer confirms the parcel arrived; allowed once every package is shipped. */
    async markReceived(customerId: number, orderId: number, now: Date, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query<{ id: number }>(
        // A package on its way to the hub, or at the hub being checked, is not with the buyer yet.
        `UPDATE orders SET status = 'delivered', delivered_at = $3 WHERE id = $1 AND customer_id = $2 AND status = 'shipped'
           AND NOT EXISTS (SELECT 1 FROM order_packages k JOIN package_verifications v ON v.package_id = k.id WHERE k.order_id = $1 AND v.status IN ('to_hub', 'at_hub'))
         RETURNING id`,
        [orderId, customerId, now],
      );
      return rows.length > 0;
    },

    /** Rates a delivered order, once (a second review finds reviewed_at set and changes nothing). */
    async review(customerId: number, orderId: number, rating: number, comment: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE orders SET review_rating = $3, review_comment = $4, reviewed_at = now()
         WHERE id = $1 AND customer_id = $2 AND status = 'delivered' AND reviewed_at IS NULL RETURNING id`,
        [orderId, customerId, rating, comment],
      );
      return rows.length > 0;
    },

    /**
     * One guest order joins the account: the one whose claim secret this is (`kind`: the
     * confirmation mail's link or the payment answer's token), placed with the account's e-mail,
     * within CLAIM_DAYS; both secrets die with it. Never into the account of one of its sellers:
     * nobody buys their own piece. Answers the order id, or null.
     */
    async claimOne(customerId: number, email: string, kind: 'mail' | 'payment', claimHash: string, now: Date, tx: Queryable = db): Promise<number | null> {
      const column = kind === 'mail' ? 'mail_claim_hash' : 'claim_hash';
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE orders SET customer_id = $1, claim_hash = NULL, mail_claim_hash = NULL
          WHERE ${column} = $2 AND customer_id IS NULL AND email = $3 AND claim_expires_at > $4
            AND NOT EXISTS (SELECT 1 FROM order_packages k WHERE k.order_id = orders.id AND k.seller_id = $1)
          RETURNING id`,
        [customerId, claimHash, email.toLowerCase(), now],
      );
      return rows[0]?.id ?? null;
    },

    /** Whether a payment answer's token names a guest order of `email` that can still be claimed. */
    async claimable(email: string, claimHash: string, now: Date, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query('SELECT 1 FROM orders WHERE claim_hash = $1 AND customer_id IS NULL AND email = $2 AND claim_expires_at > $3', [claimHash, email.toLowerCase(), now]);
      return rows.length > 0;
    },

    /**
     * Every guest order of `email` joins the account: the caller has just proven the inbox (a code
     * mailed now). Orders with the account's own pieces stay out. Answers how many joined.
     */
    async claimAll(customerId: number, email: string, tx: Queryable = db): Promise<number> {
      const { rows } = await tx.query(
        `UPDATE orders SET customer_id = $1, claim_hash = NULL, mail_claim_hash = NULL
          WHERE customer_id IS NULL AND email = $2
            AND NOT EXISTS (SELECT 1 FROM order_packages k WHERE k.order_id = orders.id AND k.seller_id = $1)
          RETURNING id`,
        [customerId, email.toLowerCase()],
      );
      return rows.length;
    },

    async sales(sellerId: number, page: number, limit: number, lang: ContentLanguage = 'en', tx: Queryable = db): Promise<{ sales: Sale[]; count: number }> {
      const { rows } = await tx.query<{ id: number }>(
        'SELECT id FROM order_packages WHERE seller_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3',
        [sellerId, limit, (page - 1) * limit],
      );
      const sales: Sale[] = [];
      for (const row of rows) {
        const sale = await repo.sale(sellerId, row.id, tx, lang);
        if (sale) sales.push(sale);
      }
      const count = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM order_packages WHERE seller_id = $1', [sellerId]);
      return { sales, count: count.rows[0]?.n ?? 0 };
    },

    /** One of the seller's packages; null for another seller's (or an unknown) id. */
    async sale(sellerId: number, packageId: number, tx: Queryable = db, lang: ContentLanguage = 'en'): Promise<Sale | null> {
      const { rows } = await tx.query<
        PackageRow & {
          number: string;
          created_at: Date | string;
          status: OrderRow['status'];
          delivery_address: OrderAddress;
          bundle_discount_cents: number;
          bundle_percent: number;
          cancelled: Date | string | null;
          problem: boolean;
          sole_seller: boolean;
        }
      >(
        `SELECT ${PACKAGE_COLUMNS}, o.number, o.created_at, o.status, o.delivery_address, k.bundle_discount_cents, k.bundle_percent,
                coalesce(o.cancelled_at, k.cancelled_at) AS cancelled, o.problem_reported_at IS NOT NULL AS problem,
                NOT EXISTS (SELECT 1 FROM order_packages x WHERE x.order_id = o.id AND x.seller_id <> k.seller_id) AS sole_seller
         FROM order_packages k JOIN customers s ON s.id = k.seller_id JOIN orders o ON o.id = k.order_id
         WHERE k.id = $1 AND k.seller_id = $2`,
        [packageId, sellerId],
      );
      const row = rows[0];
      if (!row) return null;
      // Before shipping, with no problem reported and nothing cancelled, the seller may still cancel (order-cancellation.ts).
      const open = !row.shipped_at && !row.cancelled && !row.problem && row.status === 'paid';
      const lines = await tx.query<LineRow>(
        `SELECT ol.order_id, ol.package_id, ol.listing_id, ${productText('p', 'title', lang, 'ol.title')} AS title, ol.photo, ol.colour, ol.size, ol.price_cents, ${LINE_REFUND_COLUMNS}, -tb.amount_cents AS taken_back_cents
         FROM order_lines ol JOIN listings l ON l.id = ol.listing_id JOIN products p ON p.id = l.product_id ${LINE_REFUND_JOIN} LEFT JOIN wallet_entries tb ON tb.refunded_line_id = ol.id WHERE ol.package_id = $1 ORDER BY ol.id`,
        [packageId],
      );
      return {
        id: row.id,
        order_number: row.number,
        date: iso(row.created_at),
        buyer: row.delivery_address.first_name,
        ship_by: row.ship_by,
        shipped_at: row.shipped_at ? iso(row.shipped_at) : null,
        tracking_number: row.tracking_number,
        carrier: row.carrier,
        tracking_url: trackingPage(row),
        label: row.label_status === null ? null : row.label_status === 'bought' ? 'ready' : row.label_status,
        status: row.shipped_at && row.status === 'paid' ? 'shipped' : row.status,
        products: lines.rows.map(product),
        // The seller gives the bundle discount: they receive the pieces' prices less it, less what the
        // pieces they cancelled alone took back.
        amount: euros(lines.rows.reduce((sum, line) => sum + line.price_cents - (line.taken_back_cents ?? 0), 0) - row.bundle_discount_cents),
        bundle_discount: euros(row.bundle_discount_cents),
        bundle_percent: row.bundle_percent,
        cancelled_at: row.cancelled ? iso(row.cancelled) : null,
        can_cancel: open && row.sole_seller,
        can_cancel_pieces: open,
        verification: (await verificationStates([row.id], tx)).get(row.id) ?? null,
      };
    },

    /** The order and package a seller's package belongs to (for the label mail); null if not theirs. */
    async packageOrder(sellerId: number, packageId: number, tx: Queryable = db): Promise<number | null> {
      const { rows } = await tx.query<{ order_id: number }>('SELECT order_id FROM order_packages WHERE id = $1 AND seller_id = $2', [packageId, sellerId]);
      return rows[0]?.order_id ?? null;
    },

    /**
     * What the buyer's "shipped" feed entry says about a seller's package (locked for the transaction),
     * and whether it had shipped before; null when it is not the seller's or the order has no account.
     */
    async shippingFacts(
      sellerId: number,
      packageId: number,
      tx: Queryable,
    ): Promise<ShippingFacts | null> {
      // pickup_carrier, pickup_zip: the pickup point the package goes to straight (not by way of the hub),
      // whose carrier's number it must carry (shipping/tracking-numbers.ts, migration 065).
      const { rows } = await tx.query<ShippingFacts>(
        `SELECT o.customer_id AS buyer_id, o.id AS order_id, o.number, k.shipped_at IS NOT NULL AS shipped,
                (SELECT l.title FROM order_lines l WHERE l.package_id = k.id ORDER BY l.id LIMIT 1) AS title,
                (SELECT ${productText('p', 'title', 'pt', 'l.title')} FROM order_lines l JOIN listings li ON li.id = l.listing_id JOIN products p ON p.id = li.product_id
                  WHERE l.package_id = k.id ORDER BY l.id LIMIT 1) AS title_pt,
                (SELECT ${productText('p', 'title', 'es', 'l.title')} FROM order_lines l JOIN listings li ON li.id = l.listing_id JOIN products p ON p.id = li.product_id
                  WHERE l.package_id = k.id ORDER BY l.id LIMIT 1) AS title_es,
                pp.carrier AS pickup_carrier, pp.zip_code AS pickup_zip
         FROM order_packages k JOIN orders o ON o.id = k.order_id
         LEFT JOIN pickup_points pp ON pp.id = o.pickup_point_id AND NOT k.via_hub
         WHERE k.id = $1 AND k.seller_id = $2
         FOR UPDATE OF k`,
        [packageId, sellerId],
      );
      return rows[0] ?? null;
    },

    /** The ids of an order's packages (one per seller). */
    async packageIds(orderId: number, tx: Queryable = db): Promise<number[]> {
      const { rows } = await tx.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1 ORDER BY id', [orderId]);
      return rows.map((row) => row.id);
    },

    /**
     * Claims the packages whose seller is reminded now: not shipped, order and package
     * (every piece cancelled alone) not cancelled,
     * its ship-by date `lastDay` or earlier but not past (`today`), not reminded before. Once each.
     */
    async takeShipByReminders(today: string, lastDay: string, now: Date, tx: Queryable = db): Promise<{ package_id: number; order_id: number }[]> {
      const { rows } = await tx.query<{ package_id: number; order_id: number }>(
        `UPDATE order_packages k SET reminded_at = $3
           FROM orders o
          WHERE o.id = k.order_id AND o.cancelled_at IS NULL AND k.cancelled_at IS NULL AND k.shipped_at IS NULL AND k.reminded_at IS NULL
            AND k.ship_by >= $1::date AND k.ship_by <= $2::date
          RETURNING k.id AS package_id, k.order_id`,
        [today, lastDay, now],
      );
      return rows;
    },

    /**
     * Marks a package shipped with its carrier's tracking number (again: a corrected number replaces
     * the old one, the shipping time stays); the order is 'shipped' once every package is. A number
     * is used once across all packages: 'used' when another package has it (the unique index decides
     * a race). Not while the order is delivered, has a problem reported or is cancelled, nor once the
     * package's every piece was cancelled: 'closed'. Run in a transaction.
     */
    async markShipped(
      sellerId: number,
      packageId: number,
      tracking: { carrier: Carrier; number: string },
      now: Date,
      tx: Queryable,
    ): Promise<'shipped' | 'closed' | 'used'> {
      const taken = await tx.query('SELECT 1 FROM order_packages WHERE tracking_number = $1 AND carrier IS NOT NULL AND id <> $2', [tracking.number, packageId]);
      if (taken.rows.length) return 'used';
      let rows: { order_id: number }[];
      // The order's row first, as a cancellation takes it: a package is shipped or its order cancelled, never both.
      await tx.query('SELECT 1 FROM orders WHERE id = (SELECT order_id FROM order_packages WHERE id = $1) FOR UPDATE', [packageId]);
      try {
        ({ rows } = await tx.query<{ order_id: number }>(
          `UPDATE order_packages k SET tracking_number = $3, carrier = $4, shipped_at = coalesce(k.shipped_at, $5)
           FROM orders o WHERE k.id = $1 AND k.seller_id = $2 AND k.cancelled_at IS NULL AND o.id = k.order_id AND o.status <> 'delivered' AND o.problem_reported_at IS NULL AND o.cancelled_at IS NULL
           RETURNING k.order_id`,
          [packageId, sellerId, tracking.number, tracking.carrier, now],
        ));
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return 'used';
        throw error;
      }
      const orderId = rows[0]?.order_id;
      if (orderId === undefined) return 'closed';
      await tx.query(
        `UPDATE orders SET status = 'shipped' WHERE id = $1 AND status = 'paid'
           AND NOT EXISTS (SELECT 1 FROM order_packages WHERE order_id = $1 AND shipped_at IS NULL AND cancelled_at IS NULL)`,
        [orderId],
      );
      return 'shipped';
    },
  };
  return repo;
}
export type OrdersRepository = ReturnType<typeof ordersRepository>;

/** The order as the buyer's pages show it (spec §3 "Order"). */
export function orderDetail(record: OrderRecord, businessDays: number): OrderDetail {
  const { order, lines, packages, pickupPoint } = record;
  const numbers = packages.map((pkg) => pkg.tracking_number).filter((value): value is string => Boolean(value));
  return {
    ...summary(order, lines, packages, businessDays),
    subtotal: euros(order.subtotal_cents),
    fees: {
      processing: euros(order.processing_cents),
      // No line for an order placed while nothing was checked (VERIFICATION_MODE=none).
      ...(order.verification_cents > 0 ? { verification: euros(order.verification_cents) } : {}),
      shipping: euros(order.shipping_cents),
      delivery: euros(order.delivery_cents),
      discount: euros(order.discount_cents),
      bundle_discount: euros(order.bundle_discount_cents),
    },
    products: lines.map(product),
    packages: packages.map((pkg) => ({
      id: pkg.id,
      seller: pkg.seller_first_name,
      ship_by: pkg.ship_by,
      shipped_at: pkg.shipped_at ? iso(pkg.shipped_at) : null,
      tracking_number: pkg.tracking_number,
      products: lines.filter((line) => line.package_id === pkg.id).map(product),
      verification: record.verifications?.get(pkg.id) ?? null,
    })),
    shipped_by: packages.map((pkg) => pkg.ship_by).sort().at(-1) ?? '',
    tracking_number: numbers.length ? numbers.join(', ') : null,
    delivery_option: order.delivery_option,
    pickup_point: pickupPoint,
    delivery_address: order.delivery_address,
    billing_address: order.billing_address,
    email: order.email,
    payment: { provider: order.payment_provider, card_brand: order.card_brand, card_last4: order.card_last4, amount: euros(order.total_cents) },
    review: order.reviewed_at ? { rating: order.review_rating ?? 0, comment: order.review_comment ?? '', date: iso(order.reviewed_at) } : null,
    can_review: order.status === 'delivered' && !order.reviewed_at,
    // The buyer's cancellation's own rules (order-cancellation.ts): nothing shipped, no problem, not cancelled.
    can_cancel: order.status === 'paid' && !order.cancelled_at && !order.problem_reported_at && packages.every((pkg) => pkg.shipped_at === null),
    problem: order.problem_reported_at
      ? { reported_at: iso(order.problem_reported_at), resolution: order.problem_resolution, resolved_at: order.problem_resolved_at ? iso(order.problem_resolved_at) : null }
      : null,
  };
}

export default fp(
  async function ordersRepositoryPlugin(app: FastifyInstance) {
    app.decorate('ordersRepository', ordersRepository(app.db));
  },
  { name: 'orders-repository', dependencies: ['db'] },
);
