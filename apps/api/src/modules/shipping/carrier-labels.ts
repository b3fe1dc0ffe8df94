import { createHash } from 'node:crypto';
import type { OrderAddress } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { hubAsAddress } from './shipping-label';
import { DELIVERED_STATUSES, IN_TRANSIT_STATUSES, parseShippingMethods, SendcloudError, sendcloudClient, type SendcloudClient, type SendcloudParcel } from './sendcloud';

// Real labels and tracking, CARRIER_MODE=sendcloud. At the sale the order's transaction
// marks each package's label 'pending' (`queue`); after the commit the store buys it from Sendcloud
// (`buySoon`), and the `carrier-labels` job buys what is left every minute: a sale never waits for,
// nor is lost with, Sendcloud. A label is bought once per package: the package's claim keeps two
// instances apart, and the parcel carries `external_reference = preloved-package-<id>`, which a retry
// looks up before creating another (a try that died after Sendcloud answered finds its parcel).
// The carrier's reports come by Sendcloud's signed webhook (`report`), and the `carrier-tracking` job
// asks about parcels with no delivery after CARRIER_POLL_AFTER_HOURS (a lost webhook). A report of a
// status in which the carrier has the parcel sets shipped_at (the sale counts as shipped at the first
// scan); a delivered one sets carrier_delivered_at once, the first delivery winning, which releases the
// seller's credit through the wallet's `releaseOf` after the protection window.

declare module 'fastify' {
  interface FastifyInstance {
    carrierLabels: CarrierLabels;
  }
}

/** A piece's weight by what it is (products.kind), grams; the box and paper add PACKAGING_GRAMS. */
const KIND_GRAMS: Record<string, number> = {
  coat: 1400, jacket: 1100, blazer: 900, knit: 700, jeans: 700, trousers: 600, dress: 500, skirt: 400,
  shirt: 300, blouse: 300, tshirt: 250, bag: 900, backpack: 900, tote: 600, scarf: 250, belt: 300,
  hat: 250, cap: 200, sunglasses: 200,
};
export const DEFAULT_PIECE_GRAMS = 600;
export const PACKAGING_GRAMS = 200;
/** The weight a package's label is bought for: its pieces' weights by kind, plus the packaging. */
export const parcelWeightGrams = (kinds: string[]) => kinds.reduce((sum, kind) => sum + (KIND_GRAMS[kind] ?? DEFAULT_PIECE_GRAMS), PACKAGING_GRAMS);

export const externalReference = (packageId: number) => `preloved-package-${packageId}`;

/** A carrier's report of a parcel, from the webhook or the polling fallback. */
export interface ParcelReport {
  parcel: Pick<SendcloudParcel, 'id' | 'status'> & Partial<Pick<SendcloudParcel, 'tracking_number' | 'tracking_url' | 'carrier'>>;
  /** When the carrier set this status (the webhook's timestamp), never later than now. */
  at: Date;
}

export interface CarrierLabels {
  readonly enabled: boolean;
  /** In the order's transaction: each package's label is to be bought. Answers the package ids. */
  queue(orderId: number, tx: Queryable): Promise<number[]>;
  /** Buys those labels in the background after the answer (closing the app waits for them). */
  buySoon(packageIds: number[]): void;
  /** Buys the pending labels that are due (these ids, or all); answers how many were bought. */
  buyDue(packageIds?: number[]): Promise<number>;
  /** Applies a carrier's report; false when no package of this store has the parcel. */
  report(report: ParcelReport, tx?: Queryable): Promise<boolean>;
  /** A webhook's report, once by its body's digest: a replay is `duplicate` and changes nothing. One transaction. */
  record(digest: string, report: ParcelReport): Promise<{ duplicate: boolean; handled: boolean }>;
  /**
   * Cancels at Sendcloud the labels of sales cancelled before the carrier had the parcel (the order, or
   * every piece of the package): an unused label is credited. Once each; answers how many were cancelled.
   */
  cancelUnused(): Promise<number>;
  /** The polling fallback: asks Sendcloud about parcels with no delivery after a while; answers how many were asked. */
  poll(): Promise<number>;
  /** The label's PDF for the seller of the package; null when it is not theirs (or not bought: `pending`). */
  labelPdf(sellerId: number, packageId: number): Promise<{ pdf: Buffer; orderNumber: string } | 'pending' | null>;
  /** The client (the webhook route verifies with the config's secret). */
  readonly client: SendcloudClient | null;
}

interface LabelFacts {
  id: number;
  order_number: string;
  delivery_option: 'home' | 'pickup';
  delivery_address: OrderAddress;
  email: string;
  point_name: string | null;
  point_address: string | null;
  point_zip: string | null;
  point_city: string | null;
  point_country: string | null;
  point_carrier_id: string | null;
  seller_first_name: string;
  seller_last_name: string;
  seller_email: string;
  kinds: string[];
  via_hub: boolean;
  from_address: { first_name: string; last_name: string; phone: string; address: string; address2: string; zip_code: string; city: string; country: string } | null;
}

function carrierLabels(app: FastifyInstance): CarrierLabels {
  const { config, db } = app;
  const enabled = config.CARRIER_MODE === 'sendcloud';
  const client =
    enabled && config.SENDCLOUD_PUBLIC_KEY && config.SENDCLOUD_SECRET_KEY
      ? sendcloudClient({ url: config.SENDCLOUD_API_URL, publicKey: config.SENDCLOUD_PUBLIC_KEY, secretKey: config.SENDCLOUD_SECRET_KEY })
      : null;
  const methods = parseShippingMethods(config.SENDCLOUD_SHIPPING_METHODS);
  const buying = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...buying]);
  });

  /** Claims pending labels (these ids, or every due one) for five minutes; a claim counts a try. */
  async function claim(ids: number[] | null): Promise<number[]> {
    const now = app.clock.now();
    const { rows } = await db.query<{ id: number }>(
      `UPDATE order_packages SET label_claimed_until = $2::timestamptz + interval '5 minutes', label_tries = label_tries + 1
        WHERE id IN (SELECT k.id FROM order_packages k JOIN orders o ON o.id = k.order_id
                      WHERE k.label_status = 'pending' AND (k.label_claimed_until IS NULL OR k.label_claimed_until < $2)
                        AND ($1::int[] IS NULL OR k.id = ANY($1::int[]))
                      ORDER BY k.id LIMIT 50 FOR UPDATE OF k SKIP LOCKED)
        RETURNING id`,
      [ids, now],
    );
    return rows.map((row) => row.id);
  }

  async function facts(packageId: number): Promise<LabelFacts | null> {
    const { rows } = await db.query<LabelFacts>(
      `SELECT k.id, k.via_hub, o.number AS order_number, o.delivery_option, o.delivery_address, o.email,
              p.name AS point_name, p.address AS point_address, p.zip_code AS point_zip, p.city AS point_city, p.country AS point_country,
              p.carrier_point_id::text AS point_carrier_id,
              s.first_name AS seller_first_name, s.last_name AS seller_last_name, s.email AS seller_email,
              ARRAY(SELECT pr.kind FROM order_lines ol JOIN listings l ON l.id = ol.listing_id JOIN products pr ON pr.id = l.product_id
                     WHERE ol.package_id = k.id ORDER BY ol.id) AS kinds,
              (SELECT to_jsonb(a) FROM (SELECT first_name, last_name, phone, address, address2, zip_code, city, country FROM addresses
                 WHERE customer_id = k.seller_id ORDER BY is_default DESC, id LIMIT 1) a) AS from_address
         FROM order_packages k JOIN orders o ON o.id = k.order_id JOIN customers s ON s.id = k.seller_id
         LEFT JOIN pickup_points p ON p.id = o.pickup_point_id
        WHERE k.id = $1 AND k.cancelled_at IS NULL AND o.cancelled_at IS NULL`,
      [packageId],
    );
    return rows[0] ?? null;
  }

  /** Buys one claimed package's label (or finds the one a try before bought) and records it. */
  async function buy(packageId: number): Promise<boolean> {
    if (!client) throw new Error('Sendcloud is not configured');
    const found = await facts(packageId);
    if (!found) {
      // Cancelled before its label was bought: nothing to ship.
      await db.query("UPDATE order_packages SET label_status = NULL, label_claimed_until = NULL WHERE id = $1 AND label_status = 'pending'", [packageId]);
      return false;
    }
    // Sold while the store checks pieces at its hub (issue 48): the seller's parcel goes to the hub, at its address.
    const hub = found.via_hub ? config.HUB : null;
    const to = hub ? hubAsAddress(hub) : found.delivery_address;
    const pickup = !hub && found.delivery_option === 'pickup' && found.point_address !== null;
    const fromCountry = (found.from_address?.country ?? 'PT').toUpperCase();
    const toCountry = ((pickup ? found.point_country : to.country) ?? 'PT').toUpperCase();
    const route = `${fromCountry}-${toCountry}-${pickup ? 'pickup' : 'home'}`;
    const method = methods.get(route);
    if (method === undefined) throw new SendcloudError(`no shipping method for ${route} in SENDCLOUD_SHIPPING_METHODS`, null, false);
    const reference = externalReference(packageId);
    const parcel =
      (await client.findParcel(reference)) ??
      (await client.createParcel({
        externalReference: reference,
        orderNumber: found.order_number,
        weightGrams: parcelWeightGrams(found.kinds),
        shippingMethodId: method,
        to: {
          name: `${to.first_name} ${to.last_name}`.trim(),
          ...(pickup && found.point_name ? { companyName: found.point_name } : {}),
          address: pickup ? found.point_address! : to.address,
          address2: pickup ? '' : (to.address2 ?? ''),
          city: pickup ? found.point_city! : to.city,
          postalCode: pickup ? found.point_zip! : to.zip_code,
          country: toCountry,
          telephone: to.phone,
          email: hub ? config.SUPPORT_EMAIL : found.email,
        },
        from: found.from_address
          ? {
              name: `${found.from_address.first_name} ${found.from_address.last_name}`.trim(),
              address: found.from_address.address,
              address2: found.from_address.address2,
              city: found.from_address.city,
              postalCode: found.from_address.zip_code,
              country: fromCountry,
              telephone: found.from_address.phone,
              email: found.seller_email,
            }
          : null,
        servicePointId: pickup && found.point_carrier_id ? Number(found.point_carrier_id) : null,
        senderAddressId: config.SENDCLOUD_SENDER_ADDRESS_ID ?? null,
      }));
    if (!parcel.tracking_number || !parcel.label) throw new SendcloudError(`parcel ${parcel.id} has no label yet (${parcel.status?.message ?? 'no status'})`, null, true);
    const { rows } = await db.query(
      `UPDATE order_packages SET label_status = 'bought', parcel_id = $2, carrier = $3, tracking_number = $4, tracking_url = $5,
              parcel_status_id = $6, label_claimed_until = NULL, label_error = NULL
        WHERE id = $1 AND label_status = 'pending' RETURNING id`,
      [packageId, parcel.id, carrierCode(parcel.carrier?.code), parcel.tracking_number, parcel.tracking_url ?? null, parcel.status?.id ?? null],
    );
    return rows.length > 0;
  }

  async function failed(packageId: number, error: unknown) {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    const retry = !(error instanceof SendcloudError) || error.retry;
    app.log.warn({ err: error, packageId }, retry ? 'label not bought: tried again later' : 'label refused by Sendcloud');
    // A refusal (a 4xx, no method for the route) will not change by itself: it fails at once for an operator.
    await db
      .query(
        `UPDATE order_packages SET label_error = $2,
                label_status = CASE WHEN $3 AND label_tries < $4 THEN 'pending' ELSE 'failed' END,
                label_claimed_until = $5::timestamptz + interval '1 minute' * power(2, least(label_tries, 10) - 1)
          WHERE id = $1 AND label_status = 'pending'`,
        [packageId, message, retry, config.CARRIER_LABEL_MAX_TRIES, app.clock.now()],
      )
      .catch(() => undefined);
  }

  async function buyDue(ids?: number[]): Promise<number> {
    if (!enabled) return 0;
    let bought = 0;
    for (const id of await claim(ids ?? null)) {
      try {
        if (await buy(id)) bought++;
      } catch (error) {
        await failed(id, error);
      }
    }
    return bought;
  }

  /** The carrier code as the database keeps it (lower-case, [a-z0-9_]). */
  function carrierCode(code: string | undefined): string {
    const cleaned = (code ?? '').toLowerCase().replace(/[^a-z0-9_]+/g, '_').slice(0, 40);
    return cleaned || 'sendcloud';
  }

  async function report({ parcel, at }: ParcelReport, tx: Queryable = db): Promise<boolean> {
    const status = parcel.status.id;
    const delivered = DELIVERED_STATUSES.has(status);
    const moving = delivered || IN_TRANSIT_STATUSES.has(status);
    // The order's row first, as a cancellation and the seller's shipping take it.
    const { rows: found } = await tx.query<{ id: number; seller_id: number; order_id: number; shipped: boolean; via_hub: boolean }>(
      `SELECT k.id, k.seller_id, k.order_id, k.shipped_at IS NOT NULL AS shipped, k.via_hub FROM order_packages k WHERE k.parcel_id = $1`,
      [parcel.id],
    );
    const pkg = found[0];
    if (!pkg) return false;
    // A parcel to the hub delivered is at the hub, being checked: not the buyer's delivery (that is the hub's parcel).
    const atHub = delivered && pkg.via_hub;
    await tx.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [pkg.order_id]);
    const facts = moving && !pkg.shipped ? await app.ordersRepository.shippingFacts(pkg.seller_id, pkg.id, tx) : null;
    // The latest status by the carrier's time (a late report of an older status does not overwrite);
    // shipped_at at the first scan and carrier_delivered_at at the first delivery, each once.
    const { rows } = await tx.query<{ shipped_now: boolean }>(
      `UPDATE order_packages k SET
              parcel_status_id = CASE WHEN k.parcel_status_at IS NULL OR k.parcel_status_at <= $3 THEN $2 ELSE k.parcel_status_id END,
              parcel_status_at = greatest(k.parcel_status_at, $3),
              shipped_at = CASE WHEN $4 AND o.cancelled_at IS NULL AND k.cancelled_at IS NULL THEN coalesce(k.shipped_at, greatest($3::timestamptz, o.created_at)) ELSE k.shipped_at END,
              carrier_delivered_at = CASE WHEN $5 AND o.cancelled_at IS NULL AND k.cancelled_at IS NULL THEN coalesce(k.carrier_delivered_at, greatest($3::timestamptz, o.created_at)) ELSE k.carrier_delivered_at END
         FROM orders o
        WHERE k.id = $1 AND o.id = k.order_id
        RETURNING k.shipped_at IS NOT NULL AND $6::boolean AS shipped_now`,
      [pkg.id, status, at, moving, delivered && !atHub, !pkg.shipped],
    );
    if (atHub) await app.hubVerification.receive(null, pkg.id, undefined, tx);
    if (rows[0]?.shipped_now) {
      await tx.query(
        `UPDATE orders SET status = 'shipped' WHERE id = $1 AND status = 'paid' AND cancelled_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM order_packages WHERE order_id = $1 AND shipped_at IS NULL AND cancelled_at IS NULL)`,
        [pkg.order_id],
      );
      // The buyer hears of it once, in the feed and by mail, as when a seller types the number;
      // the outbox's job sends the mail within the minute.
      if (facts) {
        if (facts.buyer_id !== null) {
          await app.notificationFeed.add(facts.buyer_id, 'shipped', { reference: facts.number, title: facts.title, title_pt: facts.title_pt, title_es: facts.title_es, link: `/user/orders/${facts.order_id}` }, tx);
        }
        await app.orderMails.queueShipped(facts.order_id, pkg.id, tx);
      }
    }
    return true;
  }

  return {
    enabled,
    client,
    async queue(orderId, tx) {
      if (!enabled) return [];
      const { rows } = await tx.query<{ id: number }>("UPDATE order_packages SET label_status = 'pending' WHERE order_id = $1 AND label_status IS NULL RETURNING id", [orderId]);
      return rows.map((row) => row.id);
    },
    buySoon(ids) {
      if (!enabled || ids.length === 0) return;
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => buyDue(ids))
        .catch((error: unknown) => app.log.error({ err: error }, 'labels not bought: the job buys them'))
        .finally(() => buying.delete(work));
      buying.add(work);
    },
    buyDue,
    report: (event, tx) => (tx ? report(event, tx) : db.transaction((inner) => report(event, inner))),
    record: (digest, event) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query(
          'INSERT INTO carrier_webhook_events (digest, parcel_id, status_id) VALUES ($1, $2, $3) ON CONFLICT (digest) DO NOTHING RETURNING digest',
          [digest, event.parcel.id, event.parcel.status.id],
        );
        if (rows.length === 0) return { duplicate: true, handled: false };
        return { duplicate: false, handled: await report(event, tx) };
      }),
    async cancelUnused() {
      if (!enabled || !client) return 0;
      // Claimed by marking the cancellation requested (Sendcloud's status 1999): asked once, across instances.
      const { rows } = await db.query<{ id: number; parcel_id: string; was: number | null }>(
        `WITH due AS (
           SELECT k.id, k.parcel_status_id AS was FROM order_packages k JOIN orders o ON o.id = k.order_id
            WHERE k.parcel_id IS NOT NULL AND k.shipped_at IS NULL AND (o.cancelled_at IS NOT NULL OR k.cancelled_at IS NOT NULL)
              AND k.parcel_status_id IS DISTINCT FROM 1999 AND k.parcel_status_id IS DISTINCT FROM 2000
            ORDER BY k.id LIMIT 50 FOR UPDATE OF k SKIP LOCKED)
         UPDATE order_packages k SET parcel_status_id = 1999, parcel_status_at = $1 FROM due WHERE k.id = due.id
         RETURNING k.id, k.parcel_id, due.was`,
        [app.clock.now()],
      );
      let cancelled = 0;
      for (const row of rows) {
        try {
          const answer = await client.cancelParcel(Number(row.parcel_id));
          if (answer.outcome === 'cancelled') cancelled++;
          else await db.query('UPDATE order_packages SET label_error = $2 WHERE id = $1', [row.id, `cancellation refused: ${answer.message}`.slice(0, 500)]);
        } catch (error) {
          // Not now (Sendcloud unreachable): asked again by the next run.
          app.log.warn({ err: error, packageId: row.id }, 'label not cancelled: asked again later');
          await db.query('UPDATE order_packages SET parcel_status_id = $2 WHERE id = $1 AND parcel_status_id = 1999', [row.id, row.was]).catch(() => undefined);
        }
      }
      return cancelled;
    },
    async poll() {
      if (!enabled || !client) return 0;
      const now = app.clock.now();
      // Claimed by the time asked, so instances running the job at once ask about different parcels.
      const { rows } = await db.query<{ id: number; parcel_id: string }>(
        `UPDATE order_packages SET carrier_checked_at = $1
          WHERE id IN (SELECT k.id FROM order_packages k JOIN orders o ON o.id = k.order_id
                        WHERE k.parcel_id IS NOT NULL AND k.carrier_delivered_at IS NULL AND k.cancelled_at IS NULL AND o.cancelled_at IS NULL
                          AND o.created_at < $1::timestamptz - make_interval(hours => $2)
                          AND (k.carrier_checked_at IS NULL OR k.carrier_checked_at < $1::timestamptz - make_interval(hours => $3))
                        ORDER BY k.carrier_checked_at NULLS FIRST, k.id LIMIT 100 FOR UPDATE OF k SKIP LOCKED)
          RETURNING id, parcel_id`,
        [now, config.CARRIER_POLL_AFTER_HOURS, config.CARRIER_POLL_EVERY_HOURS],
      );
      for (const row of rows) {
        try {
          // Sendcloud's parcel says its status, not when the carrier set it: a delivery found here dates from now.
          const parcel = await client.parcel(Number(row.parcel_id));
          await db.transaction((tx) => report({ parcel, at: now }, tx));
        } catch (error) {
          app.log.warn({ err: error, packageId: row.id }, 'parcel not tracked: asked again later');
        }
      }
      return rows.length;
    },
    async labelPdf(sellerId, packageId) {
      const { rows } = await db.query<{ parcel_id: string | null; label_status: string | null; number: string }>(
        'SELECT k.parcel_id, k.label_status, o.number FROM order_packages k JOIN orders o ON o.id = k.order_id WHERE k.id = $1 AND k.seller_id = $2',
        [packageId, sellerId],
      );
      const row = rows[0];
      if (!row) return null;
      if (!client || row.parcel_id === null) return 'pending';
      return { pdf: await client.labelPdf(Number(row.parcel_id)), orderNumber: row.number };
    },
  };
}

/** A digest naming a webhook body: the same signed report sent twice is one. */
export const reportDigest = (body: Buffer) => createHash('sha256').update(body).digest('hex');

export default fp(
  async function carrierLabelsPlugin(app: FastifyInstance) {
    const labels = carrierLabels(app);
    app.decorate('carrierLabels', labels);
    if (!labels.enabled) return;
    // Labels still to buy (Sendcloud was down at the sale, the process stopped): every minute.
    // And the labels of sales cancelled before they shipped are cancelled at Sendcloud (it credits them).
    app.jobs.define('carrier-labels', async () => {
      const bought = await labels.buyDue();
      if (bought) app.log.info({ bought }, 'shipping labels bought');
      const cancelled = await labels.cancelUnused();
      if (cancelled) app.log.info({ cancelled }, 'unused shipping labels cancelled');
    });
    app.jobs.every('carrier-labels', '* * * * *');
    // The polling fallback for a lost webhook: every 30 minutes, once across instances.
    app.jobs.define('carrier-tracking', async () => {
      const asked = await labels.poll();
      if (asked) app.log.info({ asked }, 'parcels tracked by polling');
    });
    app.jobs.every('carrier-tracking', '*/30 * * * *');
  },
  { name: 'carrier-labels', dependencies: ['config', 'clock', 'db', 'jobs', 'orders-repository', 'notification-feed', 'order-mails', 'hub-verification'] },
);
