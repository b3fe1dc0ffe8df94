import { randomInt } from 'node:crypto';
import {
  checklistOf,
  type PackageVerification,
  type VerificationDecision,
  type VerificationDetail,
  type VerificationQueueEntry,
} from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { apiError, fieldError, notFound } from '../../core/errors';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import type { Mail } from '../../core/mail/mailer';
import { euros } from '../../core/money';
import { testDeliveryAt } from '../wallet/ledger';
import { givePiecesBack, piecesRefund } from './claim-refunds';
import { hubMailTexts } from './mail-texts';
import { orderReaders, type Reader } from './order-cancellation';

// Verification that happens (issue 48, VERIFICATION_MODE=hub). A package sold in hub mode is sent by
// its seller to the brand's hub (the label says so: shipping/shipping-label.ts, carrier-labels.ts);
// staff mark it received (or the carrier reports it delivered there), check each piece against its
// listing with its category's checklist, and decide every piece at once:
// - passed pieces leave the hub for the buyer on the hub's label; the buyer's delivery of that parcel is
//   order_packages.carrier_delivered_at, which releases the seller's credit after the protection window
//   as for any sale (the test carrier reports it CARRIER_TEST_DELIVERY_BUSINESS_DAYS after it left);
// - failed pieces are refunded to the buyer in full (the piece and its share of every fee, by the
//   line-refund rule: orders/line-refunds.ts, through givePiecesBack, the same path as a staff partial
//   refund), their credit taken back from the seller, and go back to the seller on a return label.
// A package not received VERIFICATION_LOST_AFTER_DAYS after it was sent is lost (the `hub-lost` job):
// every piece not refunded yet is refunded the same way and the seller's credit taken back; the brand
// claims the parcel from the carrier (the seller is told how to help). Every staff decision is in the
// audit log, written in the decision's transaction.

declare module 'fastify' {
  interface FastifyInstance {
    hubVerification: HubVerification;
  }
}

/** Who decided, as the back office's session says. */
export interface Decider {
  staff_id: number;
}
/** Writes a staff decision's audit entry in its transaction (the back office's recordAudit). */
export type AuditWriter = (tx: Queryable, entry: { staffId: number; action: 'verification.receive' | 'verification.pass' | 'verification.fail'; targetId: string; before: unknown; after: unknown; reason?: string }) => Promise<unknown>;
/**
 * Approves, in the decision's transaction, what its failed pieces refund to the buyer (cents): the back
 * office's step-up asks for the member's code above its threshold. True when a code was spent; a
 * refusal throws (and the transaction, the code's use with it, is rolled back).
 */
export type RefundApproval = (tx: Queryable, refundCents: number) => Promise<boolean>;

type Status = 'to_hub' | 'at_hub' | 'checked' | 'lost';
/** A package at the hub as this module knows it; the back office adds its step-up threshold. */
export type HubDetail = Omit<VerificationDetail, 'refund_needs_code' | 'step_up_above'>;

/** Why a parcel in `status` cannot be received (`to_hub` only) or decided (`at_hub` only). */
const notNow = (status: Status) =>
  apiError(409, status === 'lost' ? 'parcel_lost' : status === 'checked' ? 'parcel_decided_already' : status === 'at_hub' ? 'parcel_received_already' : 'parcel_not_at_hub');
interface VerificationRow {
  package_id: number;
  status: Status;
  received_at: Date | string | null;
  decided_at: Date | string | null;
  lost_at: Date | string | null;
  outbound_tracking: string | null;
  return_tracking: string | null;
}
interface LineVerdictRow {
  package_id: number;
  listing_id: number;
  verdict: 'pass' | 'fail';
  report: string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The state the parties see: the hub's status, and once checked whether anything passed. */
export function verificationOf(row: VerificationRow, lines: { listing_id: number }[], verdicts: LineVerdictRow[]): PackageVerification {
  const byListing = new Map(verdicts.map((verdict) => [verdict.listing_id, verdict]));
  const state =
    row.status === 'checked' ? (verdicts.some((verdict) => verdict.verdict === 'pass') ? 'passed' : 'failed') : row.status;
  return {
    state,
    received_at: iso(row.received_at),
    decided_at: iso(row.decided_at),
    lost_at: iso(row.lost_at),
    outbound_tracking: row.outbound_tracking,
    return_tracking: row.return_tracking,
    pieces: lines.map((line) => {
      const verdict = byListing.get(line.listing_id);
      return { listing_id: line.listing_id, verdict: verdict?.verdict ?? null, report: verdict && verdict.verdict === 'fail' ? verdict.report : null };
    }),
  };
}

/** Where each of these packages is, for the parties' pages (absent: sent straight to the buyer). */
export async function verificationStates(packageIds: number[], tx: Queryable): Promise<Map<number, PackageVerification>> {
  if (packageIds.length === 0) return new Map();
  const rows = (
    await tx.query<VerificationRow>(
      'SELECT package_id, status, received_at, decided_at, lost_at, outbound_tracking, return_tracking FROM package_verifications WHERE package_id = ANY($1::int[])',
      [packageIds],
    )
  ).rows;
  if (rows.length === 0) return new Map();
  const lines = (await tx.query<{ package_id: number; listing_id: number }>('SELECT package_id, listing_id FROM order_lines WHERE package_id = ANY($1::int[]) ORDER BY id', [packageIds])).rows;
  const verdicts = (
    await tx.query<LineVerdictRow>(
      'SELECT v.package_id, l.listing_id, v.verdict, v.report FROM line_verifications v JOIN order_lines l ON l.id = v.line_id WHERE v.package_id = ANY($1::int[])',
      [packageIds],
    )
  ).rows;
  return new Map(
    rows.map((row) => [
      row.package_id,
      verificationOf(
        row,
        lines.filter((line) => line.package_id === row.package_id),
        verdicts.filter((verdict) => verdict.package_id === row.package_id),
      ),
    ]),
  );
}

/** A tracking number for a label the hub prints with the test carrier: `PLH` and 9 digits. */
const hubTracking = () => `PLH${String(randomInt(1_000_000_000)).padStart(9, '0')}`;

interface PackageFacts {
  package_id: number;
  order_id: number;
  number: string;
  status: Status;
  seller_id: number;
  seller_first_name: string;
  shipped_at: Date | string | null;
  tracking_number: string | null;
  payment_reference: string;
  pieces: number;
  received_at: Date | string | null;
}

const FACTS = `SELECT v.package_id, k.order_id, o.number, v.status, k.seller_id, s.first_name AS seller_first_name, k.shipped_at, k.tracking_number,
         o.payment_reference, (SELECT count(*)::int FROM order_lines l WHERE l.package_id = k.id) AS pieces, v.received_at
    FROM package_verifications v JOIN order_packages k ON k.id = v.package_id JOIN orders o ON o.id = k.order_id JOIN customers s ON s.id = k.seller_id`;

export function hubVerification(app: FastifyInstance) {
  const { db, clock, config } = app;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  const enabled = config.VERIFICATION_MODE === 'hub';

  /** The mails of a state change, to the buyer and the package's seller, each in their language. */
  async function tell(orderId: number, sellerId: number, write: (reader: Reader, buyer: boolean) => Mail, tx: Queryable): Promise<number[]> {
    const readers = await orderReaders(orderId, tx, { sellerId });
    const buyerEmail = (await tx.query<{ email: string }>('SELECT email FROM orders WHERE id = $1', [orderId])).rows[0]?.email;
    const mails: number[] = [];
    for (const reader of readers) mails.push(await app.mailOutbox.addMail({ mail: write(reader, reader.email === buyerEmail) }, tx));
    return mails;
  }

  /** A state's mail: the buyer's or the seller's sentence, the report when there is one, and the link to their page. */
  function stateMail(reader: Reader, buyer: boolean, facts: { number: string; order_id: number }, state: 'received' | 'passed' | 'failed' | 'lost', values: Record<string, string | number>, report?: string): Mail {
    const text = mailText(readerOf(reader), hubMailTexts);
    const { t } = text;
    const all = { number: facts.number, ...values };
    return {
      to: reader.email,
      subject: t(`hub.${state}Subject`, all),
      text: [
        t(`hub.${state}${buyer ? 'Buyer' : 'Seller'}`, all),
        ...(report ? ['', t('hub.report'), report] : []),
        '',
        buyer ? t('hub.order', { link: text.page(publicUrl, `/user/orders/${facts.order_id}`) }) : t('hub.sales', { link: text.page(publicUrl, '/user/sales') }),
        '',
        t('common.signature'),
      ].join('\n'),
    };
  }

  async function facts(packageId: number, tx: Queryable, lock = false): Promise<PackageFacts | null> {
    const { rows } = await tx.query<PackageFacts>(`${FACTS} WHERE v.package_id = $1${lock ? ' FOR UPDATE OF v' : ''}`, [packageId]);
    return rows[0] ?? null;
  }

  const service = {
    enabled,

    /** In the order's transaction: in hub mode, each package goes through the hub. */
    async start(orderId: number, tx: Queryable): Promise<void> {
      if (!enabled) return;
      // The brand's own pieces (Brand Direct) leave from its hub, checked when they were listed: not sent there again.
      const sellers = `SELECT k.id FROM order_packages k JOIN customers c ON c.id = k.seller_id WHERE k.order_id = $1 AND NOT c.brand_account`;
      await tx.query(`UPDATE order_packages SET via_hub = true WHERE id IN (${sellers})`, [orderId]);
      await tx.query(`INSERT INTO package_verifications (package_id) ${sellers} ON CONFLICT DO NOTHING`, [orderId]);
    },

    states: (packageIds: number[], tx: Queryable = db) => verificationStates(packageIds, tx),

    /** The back office's queue: packages in one status, the longest waiting first. */
    async queue(status: Status): Promise<VerificationQueueEntry[]> {
      const { rows } = await db.query<PackageFacts>(`${FACTS} WHERE v.status = $1 ORDER BY coalesce(v.received_at, k.shipped_at, o.created_at), v.package_id LIMIT 200`, [status]);
      return rows.map(entry);
    },

    /** One package with each piece as listed, its category's checklist and its verdict. */
    async detail(packageId: number): Promise<HubDetail> {
      const found = await facts(packageId, db);
      if (!found) throw notFound('Order');
      const pieces = await db.query<{
        listing_id: number;
        listing_number: string;
        title: string;
        photos: string[];
        product_id: number;
        child_id: number;
        colour: string;
        size: string;
        condition: string;
        comment: string;
        category_id: number;
        price_cents: number;
        verdict: 'pass' | 'fail' | null;
        report: string | null;
        refunded_cents: number | null;
      }>(
        `SELECT l.listing_id, li.number AS listing_number, l.title, li.photos, li.product_id, li.child_id, l.colour, l.size, c.option AS condition, li.comment,
                li.category_id, l.price_cents, v.verdict, v.report, r.amount_cents AS refunded_cents
           FROM order_lines l JOIN listings li ON li.id = l.listing_id JOIN conditions c ON c.id = li.condition_id
           LEFT JOIN line_verifications v ON v.line_id = l.id LEFT JOIN payment_refunds r ON r.line_id = l.id
          WHERE l.package_id = $1 ORDER BY l.id`,
        [packageId],
      );
      const tracking = (await db.query<{ outbound_tracking: string | null; return_tracking: string | null }>('SELECT outbound_tracking, return_tracking FROM package_verifications WHERE package_id = $1', [packageId])).rows[0]!;
      return {
        ...entry(found),
        ...tracking,
        pieces_detail: pieces.rows.map((piece) => ({
          listing_id: piece.listing_id,
          listing_number: piece.listing_number,
          title: piece.title,
          photos: piece.photos,
          product_code: `${piece.product_id}-${piece.child_id}`,
          colour: piece.colour,
          size: piece.size,
          condition: piece.condition,
          comment: piece.comment,
          category_id: piece.category_id,
          checklist: [...checklistOf(piece.category_id)],
          price: euros(piece.price_cents),
          verdict: piece.verdict,
          report: piece.report,
          refunded: piece.refunded_cents === null ? null : euros(piece.refunded_cents),
        })),
      };
    },

    /**
     * The hub has the parcel: a member of staff scanned it (`by`), or the carrier reported it
     * delivered there (`by` null). Once: a package not on its way to the hub is 409 `conflict`.
     */
    async receive(by: Decider | null, packageId: number, audit?: AuditWriter, tx?: Queryable): Promise<void> {
      const run = async (inner: Queryable) => {
        const found = await facts(packageId, inner, true);
        if (!found) throw notFound('Order');
        if (found.status !== 'to_hub') {
          if (by === null) return [];
          throw notNow(found.status);
        }
        const now = clock.now();
        await inner.query("UPDATE package_verifications SET status = 'at_hub', received_at = $2, received_by = $3 WHERE package_id = $1", [packageId, now, by?.staff_id ?? null]);
        // Received before the seller (or the carrier) said it left: it did leave.
        await inner.query('UPDATE order_packages SET shipped_at = coalesce(shipped_at, $2) WHERE id = $1', [packageId, now]);
        await inner.query(
          `UPDATE orders SET status = 'shipped' WHERE id = $1 AND status = 'paid'
             AND NOT EXISTS (SELECT 1 FROM order_packages WHERE order_id = $1 AND shipped_at IS NULL AND cancelled_at IS NULL)`,
          [found.order_id],
        );
        if (by && audit) await audit(inner, { staffId: by.staff_id, action: 'verification.receive', targetId: found.number, before: { package: packageId, status: 'to_hub' }, after: { status: 'at_hub' } });
        return tell(found.order_id, found.seller_id, (reader, buyer) => stateMail(reader, buyer, found, 'received', { seller: found.seller_first_name }), inner);
      };
      const mails = tx ? await run(tx) : await db.transaction(run);
      app.mailOutbox.sendSoon(mails);
    },

    /**
     * Every piece's verdict at once (the parcel is checked whole). A pass needs every check of its
     * category ticked; a failure a written report. Failed pieces are refunded to the buyer and their
     * credit taken back from the seller; the passed ones leave on the hub's label to the buyer. What the
     * failures refund is given to `approve` (the back office's step-up) before anything is written.
     */
    async decide(by: Decider, packageId: number, input: VerificationDecision, audit: AuditWriter, approve?: RefundApproval): Promise<HubDetail> {
      const decision = input as Required<VerificationDecision>;
      const mails = await db.transaction(async (tx) => {
        const found = await facts(packageId, tx, true);
        if (!found) throw notFound('Order');
        // The order's row, as a cancellation and a refund take it.
        await tx.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [found.order_id]);
        if (found.status !== 'at_hub') throw notNow(found.status);
        const lines = (
          await tx.query<{ id: number; listing_id: number; title: string; category_id: number; refunded: boolean }>(
            `SELECT l.id, l.listing_id, l.title, li.category_id, EXISTS (SELECT 1 FROM payment_refunds r WHERE r.line_id = l.id) AS refunded
               FROM order_lines l JOIN listings li ON li.id = l.listing_id WHERE l.package_id = $1 ORDER BY l.id`,
            [packageId],
          )
        ).rows.filter((line) => !line.refunded);
        const chosen = new Map(decision.pieces.map((piece) => [piece.listing_id, piece]));
        if (decision.pieces.some((piece) => !lines.some((line) => line.listing_id === piece.listing_id))) throw fieldError('pieces', 'hub_piece_unknown');
        if (lines.some((line) => !chosen.has(line.listing_id)) || chosen.size !== decision.pieces.length) throw fieldError('pieces', 'hub_pieces_needed');
        decision.pieces.forEach((piece, index) => {
          const report = (piece.report ?? '').trim();
          if (piece.verdict === 'fail' && report.length === 0) throw fieldError(`pieces.${index}.report`, 'hub_report_needed');
          const category = lines.find((line) => line.listing_id === piece.listing_id)!.category_id;
          // A pass is a check made: every item of the category's checklist ticked.
          if (piece.verdict === 'pass' && checklistOf(category).some((item) => piece.checklist[item] !== true)) throw fieldError(`pieces.${index}.checklist`, 'hub_checklist_incomplete');
        });
        const now = clock.now();
        const passed = lines.filter((line) => chosen.get(line.listing_id)!.verdict === 'pass');
        const failed = lines.filter((line) => chosen.get(line.listing_id)!.verdict === 'fail');
        // What the failures give back, approved (a step-up above the threshold) before anything is written.
        const refund = failed.length ? await piecesRefund(tx, found.order_id, failed.map((line) => line.listing_id)) : null;
        if (typeof refund === 'string') throw fieldError('pieces', 'hub_piece_unknown');
        const steppedUp = refund && approve ? await approve(tx, refund.buyerCents) : false;
        const outbound = passed.length ? hubTracking() : null;
        const back = failed.length ? hubTracking() : null;
        await tx.query(
          `UPDATE package_verifications SET status = 'checked', decided_at = $2, decided_by = $3, outbound_tracking = $4, outbound_shipped_at = CASE WHEN $4::text IS NULL THEN NULL ELSE $2::timestamptz END,
                  return_tracking = $5, return_shipped_at = CASE WHEN $5::text IS NULL THEN NULL ELSE $2::timestamptz END
            WHERE package_id = $1`,
          [packageId, now, by.staff_id, outbound, back],
        );
        for (const line of lines) {
          const piece = chosen.get(line.listing_id)!;
          const checklist = Object.fromEntries(checklistOf(line.category_id).map((item) => [item, piece.checklist[item] === true]));
          await tx.query('INSERT INTO line_verifications (line_id, package_id, verdict, checklist, report, decided_at, decided_by) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
            line.id,
            packageId,
            piece.verdict,
            JSON.stringify(checklist),
            (piece.report ?? '').trim(),
            now,
            by.staff_id,
          ]);
        }
        let refundedCents = 0;
        if (refund) {
          await givePiecesBack(app, tx, found.order_id, found.payment_reference, refund.pieces, now);
          refundedCents = refund.buyerCents;
        }
        // The test carrier reports the hub's parcel delivered as it does a seller's: business days after it left.
        if (outbound && config.CARRIER_MODE === 'test') {
          await tx.query('UPDATE order_packages SET carrier_delivered_at = $2 WHERE id = $1', [packageId, testDeliveryAt(now, config.CARRIER_TEST_DELIVERY_BUSINESS_DAYS)]);
        }
        const reports = failed.map((line) => `${line.title}: ${(chosen.get(line.listing_id)!.report ?? '').trim()}`).join('\n');
        await audit(tx, {
          staffId: by.staff_id,
          action: failed.length ? 'verification.fail' : 'verification.pass',
          targetId: found.number,
          before: { package: packageId, status: 'at_hub' },
          after: {
            pieces: lines.map((line) => ({ listing_id: line.listing_id, verdict: chosen.get(line.listing_id)!.verdict })),
            refunded_cents: refundedCents,
            outbound_tracking: outbound,
            return_tracking: back,
            ...(steppedUp ? { stepped_up: true } : {}),
          },
          reason: reports || undefined,
        });
        const mails: number[] = [];
        const list = (reader: Reader, pieces: typeof lines) => new Intl.ListFormat(readerOf(reader).language, { type: 'conjunction' }).format(pieces.map((line) => `“${line.title}”`));
        if (passed.length) mails.push(...(await tell(found.order_id, found.seller_id, (reader, buyer) => stateMail(reader, buyer, found, 'passed', { pieces: list(reader, passed), tracking: outbound! }), tx)));
        if (failed.length) {
          mails.push(
            ...(await tell(
              found.order_id,
              found.seller_id,
              (reader, buyer) => stateMail(reader, buyer, found, 'failed', { pieces: list(reader, failed), amount: mailText(readerOf(reader)).money(refundedCents), tracking: back! }, reports),
              tx,
            )),
          );
        }
        return mails;
      });
      app.mailOutbox.sendSoon(mails);
      return service.detail(packageId);
    },

    /**
     * Packages sent to the hub and not received VERIFICATION_LOST_AFTER_DAYS later are lost: each
     * piece not refunded yet is refunded to the buyer and taken back from the seller, both told.
     * Claimed one package at a time under its row lock, so two instances never refund one twice.
     */
    async markLost(): Promise<string[]> {
      if (!enabled) return [];
      const now = clock.now();
      const { rows } = await db.query<{ package_id: number }>(
        `SELECT v.package_id FROM package_verifications v JOIN order_packages k ON k.id = v.package_id JOIN orders o ON o.id = k.order_id
          WHERE v.status = 'to_hub' AND k.shipped_at IS NOT NULL AND k.shipped_at < $1::timestamptz - make_interval(days => $2) AND k.cancelled_at IS NULL AND o.cancelled_at IS NULL
          ORDER BY v.package_id LIMIT 100`,
        [now, config.VERIFICATION_LOST_AFTER_DAYS],
      );
      const lost: string[] = [];
      for (const row of rows) {
        const mails = await db.transaction(async (tx) => {
          const found = await facts(row.package_id, tx, true);
          if (!found || found.status !== 'to_hub') return [];
          await tx.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [found.order_id]);
          await tx.query("UPDATE package_verifications SET status = 'lost', lost_at = $2 WHERE package_id = $1", [row.package_id, now]);
          const open = (
            await tx.query<{ listing_id: number }>(
              'SELECT l.listing_id FROM order_lines l WHERE l.package_id = $1 AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.line_id = l.id) ORDER BY l.id',
              [row.package_id],
            )
          ).rows;
          let refundedCents = 0;
          if (open.length) {
            const refund = await piecesRefund(tx, found.order_id, open.map((line) => line.listing_id));
            if (typeof refund === 'string') throw new Error(`package ${row.package_id}: ${refund}`);
            await givePiecesBack(app, tx, found.order_id, found.payment_reference, refund.pieces, now);
            refundedCents = refund.buyerCents;
          }
          lost.push(found.number);
          const days = config.VERIFICATION_LOST_AFTER_DAYS;
          return tell(
            found.order_id,
            found.seller_id,
            (reader, buyer) => stateMail(reader, buyer, found, 'lost', { seller: found.seller_first_name, days, amount: mailText(readerOf(reader)).money(refundedCents) }),
            tx,
          );
        });
        app.mailOutbox.sendSoon(mails);
      }
      return lost;
    },

    /**
     * In hub mode the test carrier reports deliveries by writing them (carriers.ts reads only what was
     * written, so a parcel on its way to the hub never counts as the buyer's): a package sent straight to
     * the buyer (sold before the store chose the hub) is delivered its business days after it left.
     */
    async testCarrierDeliveries(): Promise<number> {
      if (!enabled || config.CARRIER_MODE !== 'test') return 0;
      const { rows } = await db.query<{ id: number; shipped_at: Date | string }>(
        'SELECT id, shipped_at FROM order_packages WHERE NOT via_hub AND shipped_at IS NOT NULL AND carrier_delivered_at IS NULL AND cancelled_at IS NULL LIMIT 500',
      );
      for (const row of rows) {
        await db.query('UPDATE order_packages SET carrier_delivered_at = $2 WHERE id = $1 AND carrier_delivered_at IS NULL', [
          row.id,
          testDeliveryAt(new Date(row.shipped_at), config.CARRIER_TEST_DELIVERY_BUSINESS_DAYS),
        ]);
      }
      return rows.length;
    },
  };
  return service;
}

function entry(row: PackageFacts): VerificationQueueEntry {
  return {
    package_id: row.package_id,
    order_number: row.number,
    seller: row.seller_first_name,
    status: row.status,
    pieces: row.pieces,
    shipped_at: iso(row.shipped_at),
    tracking_number: row.tracking_number,
    received_at: iso(row.received_at),
  };
}

export type HubVerification = ReturnType<typeof hubVerification>;

export default fp(
  async function hubVerificationPlugin(app: FastifyInstance) {
    const service = hubVerification(app);
    app.decorate('hubVerification', service);
    if (!service.enabled) return;
    // A package that never reached the hub: looked for every hour, once across instances.
    app.jobs.define('hub-lost', async () => {
      const lost = await service.markLost();
      if (lost.length) app.log.warn({ orders: lost }, 'packages lost on their way to the hub: buyers refunded');
    });
    app.jobs.every('hub-lost', '20 * * * *');
    app.jobs.define('hub-test-deliveries', async () => {
      await service.testCarrierDeliveries();
    });
    app.jobs.every('hub-test-deliveries', '*/5 * * * *');
  },
  { name: 'hub-verification', dependencies: ['config', 'clock', 'db', 'jobs', 'mail-outbox', 'payments', 'wallet'] },
);
