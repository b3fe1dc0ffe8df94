import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lisbonDate } from '@preloved/contract';
import type { Queryable } from '../../db/db';
import type { Mail } from '../../core/mail/mailer';
import { mailText, readerOf, type MailText } from '../../core/mail/mail-texts';
import { orderMailTexts } from './mail-texts';
import { carrierName } from '@preloved/contract';
import { trackingPage, type OrderRecord } from './orders-repository';
import { packageLabel } from '../shipping/shipping-label';
import type { HubAddress } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    orderMails: OrderMails;
  }
}

const piece = (text: MailText, line: { title: string; colour: string; size: string; price_cents: number }) =>
  `- ${line.title} (${text.colour(line.colour)}, ${text.size(line.size)}): ${text.money(line.price_cents)}`;

/**
 * The buyer's confirmation (spec: the order number, what happens next), in the language and time
 * zone the order was placed in (a guest's are kept on the order, an account's read from it).
 */
export function confirmationMail(record: OrderRecord, publicUrl: string, claimToken: string | null): Mail {
  const { order, lines, packages, pickupPoint } = record;
  const text = mailText(readerOf(order), orderMailTexts);
  const { t, money } = text;
  const to = order.delivery_address;
  const shipBy = packages.map((pkg) => pkg.ship_by).sort().at(-1) ?? '';
  const shipByText = shipBy ? text.date(shipBy) : '';
  return {
    to: order.email,
    subject: t('order.subject', { number: order.number }),
    text: [
      t('common.hello', { name: to.first_name }),
      '',
      t('order.thanks', { number: order.number, date: text.day(order.created_at) }),
      '',
      ...lines.map((line) => piece(text, line)),
      '',
      t('order.subtotal', { amount: money(order.subtotal_cents) }),
      t('order.processing', { amount: money(order.processing_cents) }),
      // No verification line for an order placed while the store checked nothing (VERIFICATION_MODE=none).
      ...(order.verification_cents ? [t('order.verification', { amount: money(order.verification_cents) })] : []),
      t('order.shipping', { amount: money(order.shipping_cents) }),
      t('order.delivery', { amount: money(order.delivery_cents) }),
      ...(order.discount_cents ? [t('order.discount', { amount: money(order.discount_cents) })] : []),
      t('order.total', { amount: money(order.total_cents) }),
      '',
      pickupPoint
        ? t('order.toPickupPoint', { name: pickupPoint.name, address: `${pickupPoint.address}, ${pickupPoint.zip_code} ${pickupPoint.city}` })
        : t('order.toAddress', {
            name: `${to.first_name} ${to.last_name}`,
            address: `${to.address}${to.address2 ? `, ${to.address2}` : ''}, ${to.zip_code} ${to.city}, ${to.country}`,
          }),
      '',
      packages.length === 1 ? t('order.nextOne', { date: shipByText }) : t('order.nextMany', { count: packages.length, date: shipByText }),
      ...(claimToken
        ? ['', t('order.claim', { link: text.page(publicUrl, `/user/orders?claim=${claimToken}`) })]
        : [t('order.follow', { link: text.page(publicUrl, `/user/orders/${order.id}`) })]),
      '',
      t('common.signature'),
    ].join('\n'),
  };
}

/**
 * A seller's sale mail: what to send, where, by when, with the label as a PDF, in the seller's
 * language. A label that cannot be drawn leaves the mail without it (saying so) when
 * `onLabelFailure` is given: the sale must be told.
 */
export async function saleMail(record: OrderRecord, packageId: number, onLabelFailure?: (error: unknown) => void, hub: HubAddress | null = null): Promise<Mail> {
  const { order, lines, packages } = record;
  const pkg = packages.find((candidate) => candidate.id === packageId);
  if (!pkg) throw new Error(`package ${packageId} is not in order ${order.number}`);
  const text = mailText(readerOf({ language: pkg.seller_language, time_zone: pkg.seller_time_zone }), orderMailTexts);
  const { t } = text;
  const pieces = lines.filter((line) => line.package_id === pkg.id);
  const shipBy = text.date(pkg.ship_by);
  const subject = t('sale.subject', { what: pieces.length === 1 ? pieces[0]!.title : t('catalogue.pieces', { count: pieces.length }), date: shipBy });
  const sold = [t('common.hello', { name: pkg.seller_first_name }), '', t(pieces.length === 1 ? 'sale.soldOne' : 'sale.soldMany', { number: order.number }), '', ...pieces.map((line) => piece(text, line)), ''];
  if (pkg.via_hub && hub) sold.push(t('sale.viaHub', { hub: `${hub.name}, ${hub.address}, ${hub.zip_code} ${hub.city}` }), '');
  // A label the store buys from the carrier is downloaded from the sales page: none is drawn.
  if (pkg.label_status !== null) {
    return {
      to: pkg.seller_email,
      subject,
      text: [...sold, t('sale.shipWithCarrierLabel', { date: shipBy }), t('sale.carrierScans'), '', t('common.signature')].join('\n'),
      attachments: [],
    };
  }
  const drawing = packageLabel(record, pkg.id, hub);
  const label = onLabelFailure
    ? await drawing.catch((error: unknown) => {
        onLabelFailure(error);
        return null;
      })
    : await drawing;
  return {
    to: pkg.seller_email,
    subject,
    text: [
      ...sold,
      t(label ? 'sale.shipWithLabel' : 'sale.shipWithoutLabel', { date: shipBy }),
      t('sale.markShipped'),
      '',
      t('common.signature'),
    ].join('\n'),
    attachments: label ? [{ filename: `label-${order.number}-${pkg.id}.pdf`, content: Buffer.from(label), contentType: 'application/pdf' }] : [],
  };
}

/** The day before a package's ship-by date, to its seller, in the seller's language. */
export function shipReminderMail(record: OrderRecord, packageId: number, publicUrl: string): Mail {
  const pkg = record.packages.find((candidate) => candidate.id === packageId);
  if (!pkg) throw new Error(`package ${packageId} is not in order ${record.order.number}`);
  const text = mailText(readerOf({ language: pkg.seller_language, time_zone: pkg.seller_time_zone }), orderMailTexts);
  const { t } = text;
  const date = text.date(pkg.ship_by);
  const number = record.order.number;
  return {
    to: pkg.seller_email,
    subject: t('shipReminder.subject', { number, date }),
    text: [
      t('common.hello', { name: pkg.seller_first_name }),
      '',
      t('shipReminder.notShipped', { number, date }),
      t('shipReminder.deadline'),
      '',
      ...record.lines.filter((line) => line.package_id === pkg.id).map((line) => piece(text, line)),
      '',
      t('shipReminder.sales', { link: text.page(publicUrl, '/user/sales') }),
      '',
      t('common.signature'),
    ].join('\n'),
  };
}

/**
 * A package on its way (the thank-you page, the confirmation and the seller's toast promised a
 * tracking mail that never came): to the buyer, in the order's language, one per package, naming the
 * pieces in it, with the carrier, the tracking number and the carrier's page. Null when the package is
 * not shipped (a correction of the number is not news: the mail is queued once, at the first shipping).
 */
export function shippedMail(record: OrderRecord, packageId: number, publicUrl: string): Mail | null {
  const { order, lines, packages } = record;
  const pkg = packages.find((candidate) => candidate.id === packageId);
  if (!pkg?.shipped_at) return null;
  const text = mailText(readerOf(order), orderMailTexts);
  const { t } = text;
  const whole = packages.length === 1;
  const values = { number: order.number, seller: pkg.seller_first_name };
  const link = trackingPage(pkg);
  return {
    to: order.email,
    subject: t(whole ? 'shipped.subject' : 'shipped.subjectPackage', values),
    text: [
      t('common.hello', { name: order.delivery_address.first_name }),
      '',
      t(whole ? 'shipped.whole' : 'shipped.package', values),
      ...lines.filter((line) => line.package_id === packageId && line.refunded_at === null).map((line) => piece(text, line)),
      '',
      ...(pkg.tracking_number && pkg.carrier ? [t('shipped.tracking', { carrier: carrierName(pkg.carrier), tracking: pkg.tracking_number })] : []),
      ...(link ? [t('shipped.follow', { link })] : []),
      ...(whole ? [] : ['', t('shipped.others')]),
      '',
      t('shipped.order', { link: text.page(publicUrl, `/user/orders/${order.id}`) }),
      '',
      t('common.signature'),
    ].join('\n'),
  };
}

/**
 * Order mails, each a row of the mail outbox. Those of a placed order are queued in its transaction
 * (a rolled-back order tells nobody anything, a committed one loses no mail) and sent after it
 * commits; the label resend is sent at once and awaited (the seller hears whether it went); the
 * ship-by reminders are queued by the job.
 */
export function orderMails(app: FastifyInstance) {
  return {
    /**
     * The buyer's confirmation and every seller's sale mail with its label, queued in the order's
     * transaction (the mail outbox): they are sent after it commits (`app.mailOutbox.sendSoon` with
     * the ids answered), and by the outbox's job if the process stops first. Each mail is a row of its
     * own: one that fails (a label, the mail server) never keeps the next from leaving.
     */
    async queueOrderPlaced(orderId: number, claimToken: string | null, tx: Queryable): Promise<number[]> {
      const ids = [await app.mailOutbox.add('order-confirmation', { orderId, ...(claimToken ? { claimToken } : {}) }, tx)];
      for (const pkg of await app.ordersRepository.packageIds(orderId, tx)) ids.push(await app.mailOutbox.add('order-sale', { orderId, packageId: pkg }, tx));
      return ids;
    },
    /** The buyer's mail of a package shipped, queued in the shipping's transaction (sent after it commits). */
    queueShipped(orderId: number, packageId: number, tx: Queryable): Promise<number> {
      return app.mailOutbox.add('order-shipped', { orderId, packageId }, tx);
    },
    /**
     * The sellers whose ship-by date is tomorrow (Lisbon) or today and who have not shipped get one
     * reminder each: claimed and queued in one transaction (the mail outbox), so a crash after the
     * claim neither loses nor doubles it. Answers how many were queued.
     */
    async remindShipBy(): Promise<number> {
      const now = app.clock.now();
      const today = lisbonDate(now);
      const ids = await app.db.transaction(async (tx) => {
        const taken = await app.ordersRepository.takeShipByReminders(today, lisbonDate(new Date(now.getTime() + 24 * 60 * 60 * 1000)), now, tx);
        const queued: number[] = [];
        for (const { package_id: packageId, order_id: orderId } of taken) queued.push(await app.mailOutbox.add('ship-by-reminder', { orderId, packageId }, tx));
        return queued;
      });
      app.mailOutbox.sendSoon(ids);
      return ids.length;
    },
    /** The seller's label e-mail again (spec §6); awaited, so the seller hears whether it went. */
    async resendLabel(orderId: number, packageId: number): Promise<void> {
      await app.mailOutbox.sendNow('label-resend', { orderId, packageId });
    },
  };
}
export type OrderMails = ReturnType<typeof orderMails>;

export default fp(
  async function orderMailsPlugin(app: FastifyInstance) {
    const mails = orderMails(app);
    app.decorate('orderMails', mails);
    const publicUrl = app.config.PUBLIC_URL.replace(/\/$/, '');
    // Each reader gets the pieces' titles in their language (an order line keeps the English one).
    const recordFor = async (orderId: number, language: (record: OrderRecord) => string | undefined) => {
      const record = await app.ordersRepository.record(orderId);
      return record && language(record) === 'pt' ? ((await app.ordersRepository.record(orderId, undefined, 'pt')) ?? record) : record;
    };
    app.mailOutbox.writer('order-confirmation', async (data) => {
      const record = await recordFor(Number(data.orderId), (found) => found.order.language);
      return record ? confirmationMail(record, publicUrl, typeof data.claimToken === 'string' ? data.claimToken : null) : null;
    });
    app.mailOutbox.writer('order-sale', async (data) => {
      const packageId = Number(data.packageId);
      const record = await recordFor(Number(data.orderId), (found) => found.packages.find((pkg) => pkg.id === packageId)?.seller_language);
      return record ? saleMail(record, packageId, (error) => app.log.error({ err: error, orderId: data.orderId, packageId }, 'shipping label not drawn'), app.config.HUB) : null;
    });
    // The label again, asked for on the sales page: a label that cannot be drawn fails it (the seller asked for the label).
    app.mailOutbox.writer('label-resend', async (data) => {
      const packageId = Number(data.packageId);
      const record = await recordFor(Number(data.orderId), (found) => found.packages.find((pkg) => pkg.id === packageId)?.seller_language);
      if (!record) throw new Error(`order ${String(data.orderId)} not found`);
      return saleMail(record, packageId, undefined, app.config.HUB);
    });
    app.mailOutbox.writer('order-shipped', async (data) => {
      const record = await recordFor(Number(data.orderId), (found) => found.order.language);
      return record ? shippedMail(record, Number(data.packageId), publicUrl) : null;
    });
    app.mailOutbox.writer('ship-by-reminder', async (data) => {
      const packageId = Number(data.packageId);
      const record = await recordFor(Number(data.orderId), (found) => found.packages.find((pkg) => pkg.id === packageId)?.seller_language);
      return record ? shipReminderMail(record, packageId, publicUrl) : null;
    });
    // Ship-by reminders: looked for every hour, once across instances (the claim decides).
    app.jobs.define('orders-ship-by-reminders', async () => {
      const reminded = await mails.remindShipBy();
      if (reminded) app.log.info({ reminded }, 'ship-by reminders sent');
    });
    app.jobs.every('orders-ship-by-reminders', '20 * * * *');
  },
  { name: 'order-mails', dependencies: ['config', 'clock', 'db', 'jobs', 'mail-outbox', 'orders-repository'] },
);
