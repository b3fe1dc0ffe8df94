import { randomInt } from 'node:crypto';
import {
  BRAND_RETURN_DAYS,
  BRAND_STOCK_MAX_ROWS,
  BRAND_STOCK_SOURCES,
  LISTING_MAX_PHOTOS,
  LISTING_MAX_PRICE_CENTS,
  LISTING_MIN_PHOTOS,
  LISTING_MIN_PRICE_CENTS,
  lisbonDate,
  type BrandCatalogue,
  type BrandOrders,
  type BrandSales,
  type BrandStockAdded,
  type BrandStockList,
  type BrandStockRow,
  type ErrorCode,
  type OrderAddress,
  type OrderReturns,
  type TraderDetails,
} from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { DEMO_HUB, type Config } from '../../config';
import { apiError, notFound } from '../../core/errors';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import { euros } from '../../core/money';
import { recordAudit } from '../backoffice/audit-repository';
import { givePiecesBack, piecesRefund } from '../orders/claim-refunds';
import { hubAsAddress } from '../shipping/shipping-label';
import { testDeliveryAt } from '../wallet/ledger';
import { addBrandStock, brandAccountId, syncBrandTrader, type BrandStockSource, type BrandTrader } from './brand-stock';
import { brandInvoice, returnLabel } from './documents';
import { brandMailTexts } from './mail-texts';

declare module 'fastify' {
  interface FastifyInstance {
    brandDirect: ReturnType<typeof brandDirect>;
  }
}

// Brand Direct (issue 48): the brand's own pieces, listed by staff in bulk, sold beside peer listings by
// the brand account (brand-stock.ts), sent from the hub by staff, returnable for 14 days after the
// delivery (the buyer's withdrawal right) on a prepaid label to the hub, refunded once received through
// the one per-piece refund path (orders/claim-refunds.ts), and recorded for the margin VAT scheme
// (brand_sales, migration 067). Every staff action is in the audit log, written with it.

/** Who acts in the back office, as its session says. */
export interface StaffActor {
  staff_id: number;
}

/** The brand's trader details from the API's settings: the DAC7 operator is the brand's company; its address is the hub's. */
export function brandTraderOf(config: Pick<Config, 'DAC7_OPERATOR_NAME' | 'DAC7_OPERATOR_TIN' | 'DAC7_OPERATOR_COUNTRY' | 'SUPPORT_EMAIL' | 'HUB'>): BrandTrader {
  const hub = config.HUB ?? DEMO_HUB;
  const country = config.DAC7_OPERATOR_COUNTRY;
  const tin = config.DAC7_OPERATOR_TIN.replace(/[\s.-]/g, '');
  return {
    name: config.DAC7_OPERATOR_NAME,
    address: hub.address,
    address2: '',
    zip_code: hub.zip_code,
    city: hub.city,
    country: hub.country,
    email: config.SUPPORT_EMAIL,
    phone: hub.phone || DEMO_HUB.phone,
    registration_number: tin,
    vat_number: tin.startsWith(country) ? tin : `${country}${tin}`,
  };
}

/** The moment the withdrawal period ends: the end of the 14th day after the delivery's day, Lisbon time. */
export function returnDeadline(deliveredAt: Date): Date {
  const day = new Date(`${lisbonDate(deliveredAt)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + BRAND_RETURN_DAYS + 1);
  const date = day.toISOString().slice(0, 10);
  // Lisbon is UTC or UTC+1: its midnight is at 00:00Z, or at 23:00Z the day before in summer.
  const earlier = new Date(day.getTime() - 3_600_000);
  return lisbonDate(earlier) === date ? earlier : day;
}

/** A tracking number for the brand's own parcels and prepaid returns (test carrier): `PLB` / `PLR` and 9 digits. */
const tracking = (prefix: 'PLB' | 'PLR') => `${prefix}${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const cents = (value: number) => Math.round(value * 100);

/** A CSV cell: text a spreadsheet would run as a formula is quoted with a leading '. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

interface SaleRow {
  sold_at: Date | string;
  order_number: string;
  listing_number: string;
  title: string;
  source: BrandStockSource;
  scheme: 'margin' | 'standard';
  sale_cents: number;
  purchase_cents: number | null;
  margin_cents: number | null;
  vat_rate: number | string;
  vat_cents: number;
  returned_at: Date | string | null;
  refunded_cents: number | null;
}

export function brandDirect(app: FastifyInstance) {
  const { db, clock, config } = app;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  const hub = config.HUB ?? DEMO_HUB;

  /** The brand's details as buyers read them (its trader declaration). */
  async function trader(tx: Queryable = db): Promise<TraderDetails> {
    const id = await brandAccountId(tx);
    return (await app.tradersRepository.traders([id], tx)).get(id)!;
  }

  /** The buyer's order with its brand lines and what their deliveries and returns are; null: not the buyer's. */
  async function buyerOrder(customerId: number, orderId: number, tx: Queryable, lock = false) {
    const { rows } = await tx.query<{ id: number; number: string; payment_reference: string; language: string; time_zone: string; delivery_address: OrderAddress; created_at: Date | string; email: string }>(
      `SELECT id, number, payment_reference, language, time_zone, delivery_address, created_at, email FROM orders WHERE id = $1 AND customer_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [orderId, customerId],
    );
    const order = rows[0];
    if (!order) return null;
    const lines = (
      await tx.query<{
        line_id: number;
        listing_id: number;
        title: string;
        size: string;
        price_cents: number;
        scheme: 'margin' | 'standard';
        vat_cents: number;
        vat_rate: number | string;
        carrier: string | null;
        shipped_at: Date | string | null;
        carrier_delivered_at: Date | string | null;
        refunded: boolean;
        return_id: number | null;
        requested_at: Date | string | null;
        tracking_number: string | null;
        received_at: Date | string | null;
        refunded_cents: number | null;
      }>(
        `SELECT l.id AS line_id, l.listing_id, l.title, l.size, l.price_cents, b.scheme, b.vat_cents, b.vat_rate, k.carrier, k.shipped_at, k.carrier_delivered_at,
                EXISTS (SELECT 1 FROM payment_refunds r WHERE r.line_id = l.id) OR o.cancelled_at IS NOT NULL OR k.cancelled_at IS NOT NULL OR o.problem_resolution = 'refund' AS refunded,
                t.id AS return_id, t.requested_at, t.tracking_number, t.received_at, t.refunded_cents
           FROM order_lines l JOIN brand_sales b ON b.line_id = l.id JOIN order_packages k ON k.id = l.package_id JOIN orders o ON o.id = l.order_id
           LEFT JOIN brand_returns t ON t.line_id = l.id
          WHERE l.order_id = $1 ORDER BY l.id`,
        [orderId],
      )
    ).rows;
    return { order, lines };
  }
  type Line = NonNullable<Awaited<ReturnType<typeof buyerOrder>>>['lines'][number];
  const deliveredAt = (line: Line) => app.carriers.deliveredAt({ carrier: line.carrier, shipped_at: line.shipped_at, carrier_delivered_at: line.carrier_delivered_at });

  function returnsOf(orderId: number, lines: Line[]): OrderReturns {
    const now = clock.now();
    return {
      pieces: lines.map((line) => {
        const delivered = deliveredAt(line);
        const until = delivered ? returnDeadline(delivered) : null;
        return {
          listing_id: line.listing_id,
          returnable_until: iso(until),
          returnable: line.return_id === null && !line.refunded && until !== null && delivered!.getTime() <= now.getTime() && now.getTime() < until.getTime(),
          return:
            line.return_id === null
              ? null
              : {
                  return_id: line.return_id,
                  requested_at: iso(line.requested_at)!,
                  tracking_number: line.tracking_number!,
                  label_url: `/api/orders/${orderId}/returns/${line.return_id}/label`,
                  received_at: iso(line.received_at),
                  refunded: line.refunded_cents === null ? null : euros(line.refunded_cents),
                },
        };
      }),
      invoice_url: lines.length ? `/api/orders/${orderId}/brand-invoice` : null,
    };
  }

  /** Listing rows' problems, each `pieces.N.field` with its key; none: the rows can be listed. */
  async function rowProblems(rows: BrandStockRow[], brandId: number): Promise<{ field: string; key: ErrorCode }[]> {
    const problems: { field: string; key: ErrorCode }[] = [];
    const children = new Set(
      (
        await db.query<{ id: number }>(
          'SELECT c.id FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id WHERE c.id = ANY($1::int[]) AND p.brand_id = 1',
          [rows.map((row) => row.child_id)],
        )
      ).rows.map((row) => row.id),
    );
    const conditions = new Set((await db.query<{ id: number }>('SELECT id FROM conditions')).rows.map((row) => row.id));
    for (const [index, row] of rows.entries()) {
      const at = (field: string, key: ErrorCode) => problems.push({ field: `pieces.${index}.${field}`, key });
      if (!children.has(row.child_id)) at('child_id', 'brand_stock_child_unknown');
      if (!conditions.has(row.condition_id)) at('condition_id', 'brand_stock_condition_unknown');
      const price = cents(row.price);
      if (price < LISTING_MIN_PRICE_CENTS || price > LISTING_MAX_PRICE_CENTS) at('price', 'brand_stock_price');
      if (!(BRAND_STOCK_SOURCES as readonly string[]).includes(row.source)) at('source', 'brand_stock_rows');
      const acquired = row.acquired ?? null;
      if (row.source === 'trade_in' && (acquired === null || cents(acquired) > price)) at('acquired', 'brand_stock_acquired_needed');
      if (row.source !== 'trade_in' && acquired !== null) at('acquired', 'brand_stock_acquired_not_trade_in');
      const photos = row.photos;
      if (photos.length < LISTING_MIN_PHOTOS || photos.length > LISTING_MAX_PHOTOS || new Set(photos).size !== photos.length) at('photos', 'brand_stock_photos');
      else if ((await app.photoUploads.notOwned(brandId, photos)).length > 0) at('photos', 'brand_stock_photos');
    }
    return problems;
  }

  /** The brand's parcels and the buyers' returns, for the hub's team. */
  async function orders(tx: Queryable = db): Promise<BrandOrders> {
    const brandId = await brandAccountId(tx);
    const packages = await tx.query<{ package_id: number; order_id: number; order_number: string; placed_at: Date | string; shipped_at: Date | string | null; tracking_number: string | null; pieces: { listing_id: number; title: string; size: string }[] }>(
      `SELECT k.id AS package_id, o.id AS order_id, o.number AS order_number, o.created_at AS placed_at, k.shipped_at, k.tracking_number,
              (SELECT json_agg(json_build_object('listing_id', l.listing_id, 'title', l.title, 'size', l.size) ORDER BY l.id) FROM order_lines l WHERE l.package_id = k.id) AS pieces
         FROM order_packages k JOIN orders o ON o.id = k.order_id
        WHERE k.seller_id = $1 AND k.cancelled_at IS NULL AND o.cancelled_at IS NULL AND (k.shipped_at IS NULL OR k.shipped_at > $2::timestamptz - interval '7 days')
        ORDER BY k.shipped_at IS NOT NULL, o.created_at LIMIT 200`,
      [brandId, clock.now()],
    );
    const returns = await tx.query<{ return_id: number; order_id: number; order_number: string; listing_id: number; title: string; requested_at: Date | string; tracking_number: string; received_at: Date | string | null; refunded_cents: number | null; relisted_as: number | null }>(
      `SELECT t.id AS return_id, o.id AS order_id, o.number AS order_number, l.listing_id, l.title, t.requested_at, t.tracking_number, t.received_at, t.refunded_cents, t.relisted_as
         FROM brand_returns t JOIN order_lines l ON l.id = t.line_id JOIN orders o ON o.id = t.order_id
        ORDER BY t.received_at IS NOT NULL, t.requested_at DESC LIMIT 200`,
    );
    return {
      to_send: packages.rows.map((row) => ({ ...row, placed_at: iso(row.placed_at)!, shipped_at: iso(row.shipped_at), pieces: row.pieces ?? [] })),
      returns: returns.rows.map((row) => ({
        return_id: row.return_id,
        order_id: row.order_id,
        order_number: row.order_number,
        listing_id: row.listing_id,
        title: row.title,
        requested_at: iso(row.requested_at)!,
        tracking_number: row.tracking_number,
        received_at: iso(row.received_at),
        refunded: row.refunded_cents === null ? null : euros(row.refunded_cents),
        relisted_as: row.relisted_as,
      })),
    };
  }

  async function salesRows(from: string, to: string): Promise<SaleRow[]> {
    return (
      await db.query<SaleRow>(
        `SELECT b.sold_at, o.number AS order_number, li.number AS listing_number, l.title, b.source, b.scheme, b.sale_cents, b.purchase_cents, b.margin_cents, b.vat_rate, b.vat_cents,
                coalesce(t.received_at, r.created_at) AS returned_at, r.amount_cents AS refunded_cents
           FROM brand_sales b JOIN order_lines l ON l.id = b.line_id JOIN orders o ON o.id = b.order_id JOIN listings li ON li.id = b.listing_id
           LEFT JOIN brand_returns t ON t.line_id = b.line_id LEFT JOIN payment_refunds r ON r.line_id = b.line_id
          WHERE b.sold_at >= ($1::date::timestamp AT TIME ZONE 'Europe/Lisbon') AND b.sold_at < (($2::date + 1)::timestamp AT TIME ZONE 'Europe/Lisbon')
          ORDER BY b.sold_at, b.line_id`,
        [from, to],
      )
    ).rows;
  }

  const service = {
    trader,

    /** Product children of the brand's catalogue by product code (`12` or `12-345`) or words of the name, for staff to list pieces of. */
    async catalogue(q: string): Promise<BrandCatalogue> {
      const text = q.trim();
      const code = /^(\d{1,9})(?:-(\d{1,9}))?$/.exec(text);
      if (!code && text.length < 2) throw apiError(422, 'brand_stock_search', { fields: [{ field: 'q', key: 'brand_stock_search' }] });
      const { rows } = await db.query<{ child_id: number; product_id: number; title: string; colour: string; size: string; original_price_cents: number }>(
        `SELECT c.id AS child_id, p.id AS product_id, p.title, col.name AS colour, c.size, p.original_price_cents
           FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id JOIN colours col ON col.id = v.colour_id
          WHERE p.brand_id = 1 AND ${code ? `p.id = $1::int AND ($2::int IS NULL OR c.id = $2::int)` : `immutable_unaccent(lower(p.title)) LIKE '%' || immutable_unaccent(lower($1)) || '%'`}
          ORDER BY p.id, v.id, c.size_order LIMIT 60`,
        code ? [Number(code[1]), code[2] ? Number(code[2]) : null] : [text.replace(/[%_\\]/g, '')],
      );
      return {
        children: rows.map((row) => ({
          child_id: row.child_id,
          product_id: row.product_id,
          product_code: `${row.product_id}-${row.child_id}`,
          title: row.title,
          colour: row.colour,
          size: row.size,
          original_price: euros(row.original_price_cents),
        })),
      };
    },

    /** A photo uploaded by staff belongs to the brand account: its pieces may show it (the sellers' own-photo rule). */
    async recordPhoto(name: string): Promise<void> {
      await app.photoUploads.record(await brandAccountId(db), name);
    },

    /**
     * Lists many pieces at once, all or none: a bad row is a 422 naming each problem as
     * `pieces.N.field` (N from 0) with its key. Each listing is in the audit log with the member's name.
     */
    async addPieces(by: StaffActor, rows: BrandStockRow[]): Promise<BrandStockAdded> {
      // The brand's parcels and their returns are labelled by the test carrier only (PLB, PLR): with
      // Sendcloud a piece sold would get no real label, so none is put on sale.
      if (config.CARRIER_MODE !== 'test') throw apiError(409, 'brand_stock_needs_test_carrier');
      if (rows.length === 0 || rows.length > BRAND_STOCK_MAX_ROWS) throw apiError(422, 'brand_stock_rows', { fields: [{ field: 'pieces', key: 'brand_stock_rows' }] });
      const brandId = await brandAccountId(db);
      const problems = await rowProblems(rows, brandId);
      if (problems.length) {
        const first = problems[0]!;
        const row = Number(first.field.split('.')[1]) + 1;
        throw apiError(422, first.key, { fields: problems, message: `Row ${row}: ${apiError(422, first.key).message}` });
      }
      const listings = await db.transaction(async (tx) => {
        const added: BrandStockAdded['listings'] = [];
        for (const row of rows) {
          const { listingId } = await addBrandStock(
            tx,
            {
              childId: row.child_id,
              conditionId: row.condition_id,
              photos: row.photos,
              priceCents: cents(row.price),
              comment: (row.comment ?? '').trim(),
              source: row.source as BrandStockSource,
              acquiredCents: row.acquired === null || row.acquired === undefined ? null : cents(row.acquired),
            },
            { staffId: by.staff_id },
          );
          const number = (await tx.query<{ number: string }>('SELECT number FROM listings WHERE id = $1', [listingId])).rows[0]!.number;
          await recordAudit(tx, {
            staffId: by.staff_id,
            action: 'brand_stock.add',
            targetType: 'listing',
            targetId: number,
            after: { child_id: row.child_id, condition_id: row.condition_id, price: row.price, source: row.source, acquired: row.acquired ?? null },
          });
          added.push({ listing_id: listingId, number });
        }
        return added;
      });
      app.catalogueCache.clear();
      return { listings };
    },

    /** The brand's pieces, newest first. */
    async pieces(): Promise<BrandStockList> {
      const { rows } = await db.query<{
        listing_id: number;
        number: string;
        product_id: number;
        variant_id: number;
        title: string;
        colour: string;
        size: string;
        photo: string;
        price_cents: number;
        source: BrandStockSource;
        acquired_cents: number | null;
        status: string;
        created_at: Date | string;
      }>(
        `SELECT l.id AS listing_id, l.number, l.product_id, l.variant_id, p.title, col.name AS colour, l.size, l.photos[1] AS photo, l.price_cents, s.source, s.acquired_cents, l.status, l.created_at
           FROM brand_stock s JOIN listings l ON l.id = s.listing_id JOIN products p ON p.id = l.product_id JOIN colours col ON col.id = l.colour_id
          ORDER BY l.created_at DESC, l.id DESC LIMIT 200`,
      );
      return {
        pieces: rows.map((row) => ({
          listing_id: row.listing_id,
          number: row.number,
          product_id: row.product_id,
          variant_id: row.variant_id,
          title: row.title,
          colour: row.colour,
          size: row.size,
          photo: row.photo,
          price: euros(row.price_cents),
          source: row.source,
          acquired: row.acquired_cents === null ? null : euros(row.acquired_cents),
          status: row.status,
          created_at: iso(row.created_at)!,
        })),
      };
    },

    orders: () => orders(),

    /**
     * The hub sends a brand package to its buyer: a tracking number of the hub's (test carrier), the
     * order shipped when every package is; the test carrier reports it delivered its business days later.
     */
    async markSent(by: StaffActor, packageId: number): Promise<BrandOrders> {
      await db.transaction(async (tx) => {
        const brandId = await brandAccountId(tx);
        const { rows } = await tx.query<{ order_id: number; number: string; shipped_at: Date | string | null; cancelled: boolean }>(
          `SELECT k.order_id, o.number, k.shipped_at, k.cancelled_at IS NOT NULL OR o.cancelled_at IS NOT NULL AS cancelled
             FROM order_packages k JOIN orders o ON o.id = k.order_id WHERE k.id = $1 AND k.seller_id = $2 FOR UPDATE OF k`,
          [packageId, brandId],
        );
        const pkg = rows[0];
        if (!pkg || pkg.cancelled) throw notFound('Order');
        if (pkg.shipped_at !== null) throw apiError(409, 'brand_package_sent_already');
        const now = clock.now();
        const number = tracking('PLB');
        await tx.query('UPDATE order_packages SET shipped_at = $2, tracking_number = $3 WHERE id = $1', [packageId, now, number]);
        if (config.CARRIER_MODE === 'test') {
          await tx.query('UPDATE order_packages SET carrier_delivered_at = $2 WHERE id = $1', [packageId, testDeliveryAt(now, config.CARRIER_TEST_DELIVERY_BUSINESS_DAYS)]);
        }
        await tx.query(
          `UPDATE orders SET status = 'shipped' WHERE id = $1 AND status = 'paid'
             AND NOT EXISTS (SELECT 1 FROM order_packages WHERE order_id = $1 AND shipped_at IS NULL AND cancelled_at IS NULL)`,
          [pkg.order_id],
        );
        await recordAudit(tx, { staffId: by.staff_id, action: 'brand_stock.send', targetType: 'order', targetId: pkg.number, before: { package: packageId, shipped_at: null }, after: { tracking_number: number } });
      });
      return orders();
    },

    /**
     * The hub has the returned piece (a member of staff scanned it): the buyer is refunded the piece
     * by the line-refund rule (its price and fee shares; its package's shipping with the package's last
     * piece and the order's delivery with the order's last, as a whole withdrawal must), once, and mailed;
     * the piece goes back on sale as a new listing when `relist`.
     */
    async receiveReturn(by: StaffActor, returnId: number, relist: boolean): Promise<BrandOrders> {
      const mails = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ order_id: number; line_id: number; listing_id: number; received_at: Date | string | null }>(
          'SELECT order_id, line_id, (SELECT listing_id FROM order_lines WHERE id = line_id) AS listing_id, received_at FROM brand_returns WHERE id = $1',
          [returnId],
        );
        const found = rows[0];
        if (!found) throw apiError(404, 'brand_return_not_found');
        // The order's row first, as a cancellation and every refund take it; then the return's.
        const order = (await tx.query<{ number: string; payment_reference: string; language: string; time_zone: string; email: string }>('SELECT number, payment_reference, language, time_zone, email FROM orders WHERE id = $1 FOR UPDATE', [found.order_id])).rows[0]!;
        const locked = (await tx.query<{ received_at: Date | string | null }>('SELECT received_at FROM brand_returns WHERE id = $1 FOR UPDATE', [returnId])).rows[0]!;
        if (locked.received_at !== null) throw apiError(409, 'brand_return_received_already');
        const now = clock.now();
        const refund = await piecesRefund(tx, found.order_id, [found.listing_id]);
        let refunded = 0;
        if (typeof refund !== 'string') {
          await givePiecesBack(app, tx, found.order_id, order.payment_reference, refund.pieces, now);
          refunded = refund.buyerCents;
        } else if (refund !== 'dispute_piece_refunded') throw new Error(`brand return ${returnId}: ${refund}`);
        let relisted: number | null = null;
        if (relist) {
          const piece = (
            await tx.query<{ child_id: number; condition_id: number; photos: string[]; price_cents: number; comment: string; source: BrandStockSource; acquired_cents: number | null; trade_in_id: number | null }>(
              'SELECT l.child_id, l.condition_id, l.photos, l.price_cents, l.comment, s.source, s.acquired_cents, s.trade_in_id FROM listings l JOIN brand_stock s ON s.listing_id = l.id WHERE l.id = $1',
              [found.listing_id],
            )
          ).rows[0];
          if (piece) {
            relisted = (
              await addBrandStock(
                tx,
                { childId: piece.child_id, conditionId: piece.condition_id, photos: piece.photos, priceCents: piece.price_cents, comment: piece.comment, source: piece.source, acquiredCents: piece.acquired_cents, tradeInId: piece.trade_in_id },
                { staffId: by.staff_id, returnedFrom: found.listing_id },
              )
            ).listingId;
          }
        }
        // Refunded already some other way (a staff refund): the return is closed at nothing more.
        await tx.query('UPDATE brand_returns SET received_at = $2, received_by = $3, refunded_cents = $4, relisted_as = $5 WHERE id = $1', [
          returnId,
          now,
          by.staff_id,
          typeof refund === 'string' ? (await tx.query<{ amount_cents: number }>('SELECT amount_cents FROM payment_refunds WHERE line_id = $1', [found.line_id])).rows[0]?.amount_cents ?? 0 : refunded,
          relisted,
        ]);
        await recordAudit(tx, {
          staffId: by.staff_id,
          action: 'brand_stock.return_received',
          targetType: 'order',
          targetId: order.number,
          before: { return: returnId, received_at: null },
          after: { refunded_cents: refunded, relisted_as: relisted },
        });
        if (typeof refund === 'string') return [];
        const title = (await tx.query<{ title: string }>('SELECT title FROM order_lines WHERE id = $1', [found.line_id])).rows[0]!.title;
        const text = mailText(readerOf(order), brandMailTexts);
        return [
          await app.mailOutbox.addMail(
            {
              mail: {
                to: order.email,
                subject: text.t('brandReturn.receivedSubject', { number: order.number }),
                text: [
                  text.t('brandReturn.received', { title, number: order.number, amount: text.money(refunded) }),
                  '',
                  text.t('brandReturn.order', { link: text.page(publicUrl, `/user/orders/${found.order_id}`) }),
                  '',
                  text.t('common.signature'),
                ].join('\n'),
              },
            },
            tx,
          ),
        ];
      });
      app.mailOutbox.sendSoon(mails);
      app.catalogueCache.clear();
      return orders();
    },

    /** The margin scheme's figures of the brand's sales in a range of Lisbon days, for the accountant. */
    async sales(from: string, to: string): Promise<BrandSales> {
      const rows = await salesRows(from, to);
      const kept = rows.filter((row) => row.refunded_cents === null);
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      const margin = kept.filter((row) => row.scheme === 'margin');
      const standard = kept.filter((row) => row.scheme === 'standard');
      return {
        sales: rows.map((row) => ({
          sold_at: iso(row.sold_at)!,
          order_number: row.order_number,
          listing_number: row.listing_number,
          title: row.title,
          source: row.source,
          scheme: row.scheme,
          sale: euros(row.sale_cents),
          purchase: row.purchase_cents === null ? null : euros(row.purchase_cents),
          margin: row.margin_cents === null ? null : euros(row.margin_cents),
          vat_rate: Number(row.vat_rate),
          vat: euros(row.vat_cents),
          returned_at: row.refunded_cents === null ? null : iso(row.returned_at),
          refunded: row.refunded_cents === null ? null : euros(row.refunded_cents),
        })),
        totals: {
          sales: euros(sum(kept.map((row) => row.sale_cents))),
          margin_sales: euros(sum(margin.map((row) => row.sale_cents))),
          purchases: euros(sum(margin.map((row) => row.purchase_cents!))),
          margin: euros(sum(margin.map((row) => row.margin_cents!))),
          margin_vat: euros(sum(margin.map((row) => row.vat_cents))),
          standard_sales: euros(sum(standard.map((row) => row.sale_cents))),
          standard_vat: euros(sum(standard.map((row) => row.vat_cents))),
        },
      };
    },

    /** The same rows as CSV (RFC 4180, CRLF), money in euros with a dot, for a spreadsheet or the accountant's software. */
    async salesCsv(from: string, to: string): Promise<string> {
      const { sales } = await service.sales(from, to);
      const header = ['sold_at', 'order', 'listing', 'title', 'source', 'scheme', 'sale_eur', 'purchase_eur', 'margin_eur', 'vat_rate', 'vat_eur', 'returned_at', 'refunded_eur'];
      const money = (value: number | null) => (value === null ? null : value.toFixed(2));
      const lines = sales.map((row) =>
        [row.sold_at, row.order_number, row.listing_number, row.title, row.source, row.scheme, money(row.sale), money(row.purchase), money(row.margin), row.vat_rate, money(row.vat), row.returned_at, money(row.refunded)].map(csvCell).join(','),
      );
      return [header.join(','), ...lines].join('\r\n') + '\r\n';
    },

    /** The buyer's brand pieces of an order, what may be returned until when, and the returns made. */
    async orderReturns(customerId: number, orderId: number): Promise<OrderReturns> {
      const found = await buyerOrder(customerId, orderId, db);
      if (!found) throw notFound('Order');
      return returnsOf(orderId, found.lines);
    },

    /**
     * The buyer withdraws from a brand piece (no reason needed): within 14 days of its delivery, once.
     * A prepaid label to the hub is theirs to print; the buyer is mailed. Refused with a code otherwise.
     */
    async requestReturn(customerId: number, orderId: number, listingId: number): Promise<OrderReturns> {
      const mails = await db.transaction(async (tx) => {
        const found = await buyerOrder(customerId, orderId, tx, true);
        if (!found) throw notFound('Order');
        const isLine = (await tx.query('SELECT 1 FROM order_lines WHERE order_id = $1 AND listing_id = $2', [orderId, listingId])).rows.length > 0;
        if (!isLine) throw notFound('Listing');
        const line = found.lines.find((candidate) => candidate.listing_id === listingId);
        if (!line) throw apiError(422, 'brand_return_not_brand');
        if (line.return_id !== null) throw apiError(409, 'brand_return_requested');
        if (line.refunded) throw apiError(409, 'brand_return_refunded');
        const delivered = deliveredAt(line);
        const now = clock.now();
        if (!delivered || delivered.getTime() > now.getTime()) throw apiError(409, 'brand_return_not_delivered');
        if (now.getTime() >= returnDeadline(delivered).getTime()) throw apiError(409, 'brand_return_window_closed');
        const number = tracking('PLR');
        await tx.query('INSERT INTO brand_returns (line_id, order_id, tracking_number, requested_at) VALUES ($1, $2, $3, $4)', [line.line_id, orderId, number, now]);
        const text = mailText(readerOf(found.order), brandMailTexts);
        // The buyer has 14 days from telling us to send the piece back (Consumer Rights Directive Art. 14(1)).
        const by = new Date(`${lisbonDate(now)}T00:00:00Z`);
        by.setUTCDate(by.getUTCDate() + BRAND_RETURN_DAYS);
        const refund = await piecesRefund(tx, orderId, [listingId]);
        const amount = typeof refund === 'string' ? line.price_cents : refund.buyerCents;
        return [
          await app.mailOutbox.addMail(
            {
              mail: {
                to: found.order.email,
                subject: text.t('brandReturn.requestedSubject', { number: found.order.number, title: line.title }),
                text: [
                  text.t('brandReturn.requested', { title: line.title, number: found.order.number, date: text.date(by.toISOString().slice(0, 10)), amount: text.money(amount) }),
                  '',
                  text.t('brandReturn.order', { link: text.page(publicUrl, `/user/orders/${orderId}`) }),
                  '',
                  text.t('common.signature'),
                ].join('\n'),
              },
            },
            tx,
          ),
        ];
      });
      app.mailOutbox.sendSoon(mails);
      return service.orderReturns(customerId, orderId);
    },

    /** The prepaid return label (A6 PDF) of one of the buyer's returns, in the order's language. */
    async returnLabel(customerId: number, orderId: number, returnId: number): Promise<{ pdf: Uint8Array; name: string }> {
      const found = await buyerOrder(customerId, orderId, db);
      const line = found?.lines.find((candidate) => candidate.return_id === returnId);
      if (!found || !line) throw apiError(404, 'brand_return_not_found');
      const sendBy = new Date(`${lisbonDate(new Date(line.requested_at!))}T00:00:00Z`);
      sendBy.setUTCDate(sendBy.getUTCDate() + BRAND_RETURN_DAYS);
      const address = found.order.delivery_address;
      const pdf = await returnLabel({
        orderNumber: found.order.number,
        returnId,
        sendBy: sendBy.toISOString().slice(0, 10),
        buyerName: `${address.first_name} ${address.last_name}`.trim(),
        to: hubAsAddress(hub),
        pieces: [`${line.title} (${line.size}) · ${line.tracking_number}`],
        text: mailText(readerOf(found.order), brandMailTexts),
      });
      return { pdf, name: `return-${found.order.number}-${returnId}.pdf` };
    },

    /** The brand's invoice of its pieces in the buyer's order (A4 PDF), in the order's language. */
    async invoice(customerId: number, orderId: number): Promise<{ pdf: Uint8Array; name: string }> {
      const found = await buyerOrder(customerId, orderId, db);
      if (!found || found.lines.length === 0) throw notFound('Order');
      const text = mailText(readerOf(found.order), brandMailTexts);
      const number = `BD-${found.order.number}`;
      const pdf = await brandInvoice({
        number,
        orderNumber: found.order.number,
        date: text.day(found.order.created_at),
        seller: await trader(),
        buyer: found.order.delivery_address,
        pieces: found.lines.map((line) => ({ title: line.title, size: line.size, saleCents: line.price_cents, scheme: line.scheme, vatCents: line.vat_cents, vatRate: Number(line.vat_rate) })),
        text,
      });
      return { pdf, name: `invoice-${number}.pdf` };
    },
  };
  return service;
}

export default fp(
  async function brandDirectPlugin(app: FastifyInstance) {
    app.decorate('brandDirect', brandDirect(app));
    // The brand account's trader details follow the API's settings (the DAC7 operator, the hub, the support address).
    await syncBrandTrader(app.db, brandTraderOf(app.config));
  },
  { name: 'brand-direct', dependencies: ['config', 'clock', 'db', 'carriers', 'mail-outbox', 'payments', 'wallet', 'photo-uploads', 'traders-repository', 'catalogue-cache'] },
);
