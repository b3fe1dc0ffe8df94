import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Mail } from '../mailer/mailer';
import { euros } from '../../../lib/money';
import type { OrderRecord } from './orders-repository';
import { shippingLabel } from './shipping-label';

declare module 'fastify' {
  interface FastifyInstance {
    orderMails: OrderMails;
  }
}

const money = (cents: number) => `€${euros(cents).toFixed(2)}`;

/** The buyer's confirmation (spec: the order number, what happens next). */
export function confirmationMail(record: OrderRecord, publicUrl: string, claimToken: string | null): Mail {
  const { order, lines, packages, pickupPoint } = record;
  const to = order.delivery_address;
  const shipBy = packages.map((pkg) => pkg.ship_by).sort().at(-1);
  return {
    to: order.email,
    subject: `Your Preloved order ${order.number}`,
    text: [
      `Hello ${to.first_name},`,
      '',
      `Thank you for your order ${order.number}.`,
      '',
      ...lines.map((line) => `- ${line.title} (${line.colour}, ${line.size}): ${money(line.price_cents)}`),
      '',
      `Subtotal: ${money(order.subtotal_cents)}`,
      `Processing: ${money(order.processing_cents)}`,
      `Verification: ${money(order.verification_cents)}`,
      `Shipping: ${money(order.shipping_cents)}`,
      `Delivery: ${money(order.delivery_cents)}`,
      ...(order.discount_cents ? [`Discount: -${money(order.discount_cents)}`] : []),
      `Total: ${money(order.total_cents)}`,
      '',
      pickupPoint
        ? `Delivery to the pickup point ${pickupPoint.name}, ${pickupPoint.address}, ${pickupPoint.zip_code} ${pickupPoint.city}.`
        : `Delivery to ${to.first_name} ${to.last_name}, ${to.address}${to.address2 ? `, ${to.address2}` : ''}, ${to.zip_code} ${to.city}, ${to.country}.`,
      '',
      `What happens next: ${packages.length === 1 ? 'the seller ships' : `each of the ${packages.length} sellers ships their package`} within 5 business days, by ${shipBy}. We send you the tracking number as soon as it is shipped.`,
      ...(claimToken
        ? ['', `To follow this order in an account, create one with this e-mail address and open: ${publicUrl}/user/orders?claim=${claimToken}`]
        : [`You can follow it at ${publicUrl}/user/orders/${order.id}`]),
      '',
      'Preloved',
    ].join('\n'),
  };
}

/**
 * A seller's sale mail: what to send, where, by when, with the label as a PDF. A label that cannot be
 * drawn leaves the mail without it (saying so) when `onLabelFailure` is given: the sale must be told.
 */
export async function saleMail(record: OrderRecord, packageId: number, onLabelFailure?: (error: unknown) => void): Promise<Mail> {
  const { order, lines, packages, pickupPoint } = record;
  const pkg = packages.find((candidate) => candidate.id === packageId);
  if (!pkg) throw new Error(`package ${packageId} is not in order ${order.number}`);
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
  return {
    to: pkg.seller_email,
    subject: `You sold ${pieces.length === 1 ? pieces[0]!.title : `${pieces.length} pieces`} — ship by ${pkg.ship_by}`,
    text: [
      `Hello ${pkg.seller_first_name},`,
      '',
      `Good news: ${pieces.length === 1 ? 'a piece of yours has' : 'pieces of yours have'} sold in order ${order.number}.`,
      '',
      ...pieces.map((line) => `- ${line.title} (${line.colour}, ${line.size}): ${money(line.price_cents)}`),
      '',
      label
        ? `Please ship the package by ${pkg.ship_by} (5 business days). The shipping label is attached: print it and stick it on the package.`
        : `Please ship the package by ${pkg.ship_by} (5 business days). The shipping label could not be attached: ask for it again from your sales in your account.`,
      'When it is on its way, mark the sale shipped with its tracking number in your account.',
      '',
      'Preloved',
    ].join('\n'),
    attachments: label ? [{ filename: `label-${order.number}-${pkg.id}.pdf`, content: Buffer.from(label), contentType: 'application/pdf' }] : [],
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
          // Each mail on its own: one that fails (a label, the mail server) never keeps the next from leaving.
          const sendOne = async (what: string, mail: () => Promise<Mail>) => {
            try {
              await mailer.send(await mail());
            } catch (error) {
              app.log.error({ err: error, orderId, what }, 'order mail not sent');
            }
          };
          await sendOne('confirmation', async () => confirmationMail(record, publicUrl, claimToken));
          for (const pkg of record.packages) {
            await sendOne(`sale ${pkg.id}`, () => saleMail(record, pkg.id, (error) => app.log.error({ err: error, orderId, packageId: pkg.id }, 'shipping label not drawn')));
          }
        })(),
      );
    },
    /** The seller's label e-mail again (spec §6); awaited, so the seller hears whether it went. */
    async resendLabel(orderId: number, packageId: number): Promise<void> {
      const record = await app.ordersRepository.record(orderId);
      if (!record) throw new Error(`order ${orderId} not found`);
      await mailer.send(await saleMail(record, packageId));
    },
  };
}
export type OrderMails = ReturnType<typeof orderMails>;

export default fp(
  async function orderMailsPlugin(app: FastifyInstance) {
    app.decorate('orderMails', orderMails(app));
  },
  { name: 'order-mails', dependencies: ['config', 'mailer', 'orders-repository'] },
);
