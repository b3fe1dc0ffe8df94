import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lisbonDate } from '../../../lib/business-days';
import type { Mail } from '../mailer/mailer';
import { mailText, readerOf, type MailText } from '../mailer/mail-texts';
import type { OrderRecord } from './orders-repository';
import { shippingLabel } from './shipping-label';

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
  const text = mailText(readerOf(order));
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
      t('order.verification', { amount: money(order.verification_cents) }),
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
        ? ['', t('order.claim', { link: `${publicUrl}/user/orders?claim=${claimToken}` })]
        : [t('order.follow', { link: `${publicUrl}/user/orders/${order.id}` })]),
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
export async function saleMail(record: OrderRecord, packageId: number, onLabelFailure?: (error: unknown) => void): Promise<Mail> {
  const { order, lines, packages, pickupPoint } = record;
  const pkg = packages.find((candidate) => candidate.id === packageId);
  if (!pkg) throw new Error(`package ${packageId} is not in order ${order.number}`);
  const text = mailText(readerOf({ language: pkg.seller_language, time_zone: pkg.seller_time_zone }));
  const { t } = text;
  const pieces = lines.filter((line) => line.package_id === pkg.id);
  const drawing = shippingLabel({
    orderNumber: order.number,
    packageId: pkg.id,
    shipBy: pkg.ship_by,
    sellerFirstName: pkg.seller_first_name,
    to: order.delivery_address,
    pickupPoint,
    pieces: pieces.map((line) => `${line.title} (${line.colour}, ${line.size})`),
  });
  const label = onLabelFailure
    ? await drawing.catch((error: unknown) => {
        onLabelFailure(error);
        return null;
      })
    : await drawing;
  const shipBy = text.date(pkg.ship_by);
  return {
    to: pkg.seller_email,
    subject: t('sale.subject', { what: pieces.length === 1 ? pieces[0]!.title : t('catalogue.pieces', { count: pieces.length }), date: shipBy }),
    text: [
      t('common.hello', { name: pkg.seller_first_name }),
      '',
      t(pieces.length === 1 ? 'sale.soldOne' : 'sale.soldMany', { number: order.number }),
      '',
      ...pieces.map((line) => piece(text, line)),
      '',
      t(label ? 'sale.shipWithLabel' : 'sale.shipWithoutLabel', { date: shipBy }),
      t('sale.markShipped'),
      '',
      t('common.signature'),
    ].join('\n'),
    attachments: label ? [{ filename: `label-${order.number}-${pkg.id}.pdf`, content: Buffer.from(label), contentType: 'application/pdf' }] : [],
  };
}

/** The day before a package's ship-by date, to its seller (issue 27), in the seller's language. */
export function shipReminderMail(record: OrderRecord, packageId: number, publicUrl: string): Mail {
  const pkg = record.packages.find((candidate) => candidate.id === packageId);
  if (!pkg) throw new Error(`package ${packageId} is not in order ${record.order.number}`);
  const text = mailText(readerOf({ language: pkg.seller_language, time_zone: pkg.seller_time_zone }));
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
      t('shipReminder.sales', { link: `${publicUrl}/user/sales` }),
      '',
      t('common.signature'),
    ].join('\n'),
  };
}

/**
 * Order mails, sent after the order's transaction commits (never from inside it: a rolled-back order
 * must not have told anybody anything). Sending happens in the background; a failure is logged and
 * the seller can ask for the label again. Closing the app waits for mails under way.
 */
export function orderMails(app: FastifyInstance) {
  const mailer = app.mailer;
  const publicUrl = app.config.PUBLIC_URL.replace(/\/$/, '');
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...sending]);
  });
  const track = (work: Promise<void>) => {
    const tracked = work
      .catch((error: unknown) => app.log.error({ err: error }, 'order mail not sent'))
      .finally(() => sending.delete(tracked));
    sending.add(tracked);
  };
  return {
    /** The buyer's confirmation and every seller's sale mail with its label. */
    orderPlaced(orderId: number, claimToken: string | null): void {
      track(
        (async () => {
          const record = await app.ordersRepository.record(orderId);
          if (!record) return;
          // Each reader gets the pieces' titles in their language (an order line keeps the English one).
          const inLanguage = async (language: string) => (language === 'pt' ? ((await app.ordersRepository.record(orderId, undefined, 'pt')) ?? record) : record);
          // Each mail on its own: one that fails (a label, the mail server) never keeps the next from leaving.
          const sendOne = async (what: string, mail: () => Promise<Mail>) => {
            try {
              await mailer.send(await mail());
            } catch (error) {
              app.log.error({ err: error, orderId, what }, 'order mail not sent');
            }
          };
          await sendOne('confirmation', async () => confirmationMail(await inLanguage(record.order.language), publicUrl, claimToken));
          for (const pkg of record.packages) {
            await sendOne(`sale ${pkg.id}`, async () => saleMail(await inLanguage(pkg.seller_language), pkg.id, (error) => app.log.error({ err: error, orderId, packageId: pkg.id }, 'shipping label not drawn')));
          }
        })(),
      );
    },
    /**
     * The sellers whose ship-by date is tomorrow (Lisbon) or today and who have not shipped get one
     * reminder each (claimed first: a crash before the mail loses that one reminder, never doubles it).
     */
    async remindShipBy(): Promise<number> {
      const now = app.clock.now();
      const today = lisbonDate(now);
      const taken = await app.ordersRepository.takeShipByReminders(today, lisbonDate(new Date(now.getTime() + 24 * 60 * 60 * 1000)), now);
      for (const { package_id: packageId, order_id: orderId } of taken) {
        const found = await app.ordersRepository.record(orderId);
        const language = found?.packages.find((pkg) => pkg.id === packageId)?.seller_language;
        const record = language === 'pt' ? await app.ordersRepository.record(orderId, undefined, 'pt') : found;
        if (!record) continue;
        try {
          await mailer.send(shipReminderMail(record, packageId, publicUrl));
        } catch (error) {
          app.log.error({ err: error, orderId, packageId }, 'ship-by reminder not sent');
        }
      }
      return taken.length;
    },
    /** The seller's label e-mail again (spec §6); awaited, so the seller hears whether it went. */
    async resendLabel(orderId: number, packageId: number): Promise<void> {
      const found = await app.ordersRepository.record(orderId);
      const language = found?.packages.find((pkg) => pkg.id === packageId)?.seller_language;
      const record = language === 'pt' ? await app.ordersRepository.record(orderId, undefined, 'pt') : found;
      if (!record) throw new Error(`order ${orderId} not found`);
      await mailer.send(await saleMail(record, packageId));
    },
  };
}
export type OrderMails = ReturnType<typeof orderMails>;

export default fp(
  async function orderMailsPlugin(app: FastifyInstance) {
    const mails = orderMails(app);
    app.decorate('orderMails', mails);
    // Ship-by reminders (issue 27): looked for every hour, once across instances (the claim decides).
    app.jobs.define('orders-ship-by-reminders', async () => {
      const reminded = await mails.remindShipBy();
      if (reminded) app.log.info({ reminded }, 'ship-by reminders sent');
    });
    app.jobs.every('orders-ship-by-reminders', '20 * * * *');
  },
  { name: 'order-mails', dependencies: ['config', 'clock', 'jobs', 'mailer', 'orders-repository'] },
);
