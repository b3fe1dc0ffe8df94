import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { carrierName, type OrderAddress, type PickupPoint } from '@preloved/contract';
import { DEFAULT_READER, mailText, readerOf } from '../../core/mail/mail-texts';
import { labelMailTexts } from './mail-texts';
import type { OrderRecord } from '../orders/orders-repository';
import type { HubAddress } from '../../config';

/** The hub as a label's recipient. */
export const hubAsAddress = (hub: HubAddress): OrderAddress => ({
  name: hub.name,
  first_name: hub.name,
  last_name: '',
  phone: hub.phone,
  address: hub.address,
  address2: '',
  zip_code: hub.zip_code,
  city: hub.city,
  country: hub.country,
});

/**
 * The labels the hub prints (test carrier): the pieces that passed to the buyer, or those that failed back
 * to their seller, from the hub; the same drawing as a seller's label, in the reader's language.
 */
export function hubLabel(input: { orderNumber: string; packageId: number; shipBy: string; hub: HubAddress; to: OrderAddress; pickupPoint: LabelInput['pickupPoint']; pieces: string[]; language: string }): Promise<Uint8Array> {
  return shippingLabel({
    orderNumber: input.orderNumber,
    packageId: input.packageId,
    shipBy: input.shipBy,
    sellerFirstName: input.hub.name,
    to: input.to,
    pickupPoint: input.pickupPoint,
    pieces: input.pieces,
    text: mailText(readerOf({ language: input.language }), labelMailTexts),
  });
}

export interface LabelInput {
  orderNumber: string;
  packageId: number;
  shipBy: string;
  sellerFirstName: string;
  to: OrderAddress;
  pickupPoint: Omit<PickupPoint, 'distance_km'> | null;
  pieces: string[];
  /** The seller's words (mailText(reader)): the label is in the seller's language, English by default. */
  text?: Pick<ReturnType<typeof mailText>, 't'>;
}

// The standard PDF fonts are WinAnsi only: a character outside it (U+0080–U+009F, Greek, Cyrillic,
// Polish ...) made pdf-lib throw, and the sale mail never left. DejaVu Sans (the dejavu-fonts-ttf
// package, read once from node_modules, nothing downloaded) is embedded as a subset instead: it draws
// Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic; a character it lacks is its empty box.
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontFiles = () => (fonts ??= { regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')) });

/** Control characters (refused at the API, but older orders may hold them) become spaces. */
const printable = (text: string) => text.replace(/\p{Cc}/gu, ' ');

/** An A6 shipping label: recipient (or pickup point), order and package numbers, ship-by date. */
export async function shippingLabel(input: LabelInput): Promise<Uint8Array> {
  const { t } = input.text ?? mailText(DEFAULT_READER, labelMailTexts);
  const numbers = { number: input.orderNumber, package: input.packageId };
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('label.title', numbers));
  pdf.setProducer('Preloved');
  const page = pdf.addPage([298, 420]); // A6 in points
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(fontFiles().regular, { subset: true });
  const bold = await pdf.embedFont(fontFiles().bold, { subset: true });
  let y = 390;
  const line = (text: string, size = 10, font = regular) => {
    page.drawText(printable(text), { x: 20, y, size, font, color: rgb(0, 0, 0), maxWidth: 258 });
    y -= size + 6;
  };
  line('PRELOVED', 16, bold);
  line(t('label.order', numbers), 10);
  line(t('label.shipBy', { date: input.shipBy }), 12, bold);
  // A pickup point is in one carrier's network (a Spanish point in Correos'): the parcel goes with that carrier.
  const carrier = input.pickupPoint?.carrier;
  if (carrier) {
    const shipWith = t('label.carrier', { carrier: carrierName(carrier) });
    pdf.setSubject(shipWith);
    line(shipWith, 11, bold);
  }
  y -= 8;
  page.drawRectangle({ x: 14, y: y - 130, width: 270, height: 146, borderColor: rgb(0, 0, 0), borderWidth: 1.5 });
  line(t('label.deliverTo'), 9, bold);
  const to = input.to;
  line(`${to.first_name} ${to.last_name}`, 13, bold);
  if (input.pickupPoint) {
    line(t('label.pickupPoint', { name: input.pickupPoint.name }), 11);
    line(input.pickupPoint.address, 11);
    line(`${input.pickupPoint.zip_code} ${input.pickupPoint.city}`, 11);
    line(input.pickupPoint.country, 11);
  } else {
    line(to.address, 11);
    if (to.address2) line(to.address2, 11);
    line(`${to.zip_code} ${to.city}`, 11);
    line(to.country, 11);
  }
  line(t('label.phone', { phone: to.phone }), 10);
  y -= 24;
  line(t('label.from', { name: input.sellerFirstName }), 10);
  line(t('label.contents'), 9, bold);
  for (const piece of input.pieces.slice(0, 6)) line(`- ${piece}`, 9);
  if (input.pieces.length > 6) line(t('label.more', { count: input.pieces.length - 6 }), 9);
  return pdf.save();
}

/**
 * The label the store draws for one package of an order (the test carrier's: the seller prints it),
 * in the seller's language: the sale mail attaches it and the sales page downloads it.
 */
export function packageLabel(record: OrderRecord, packageId: number, hub: HubAddress | null = null): Promise<Uint8Array> {
  const { order, lines, packages, pickupPoint } = record;
  const pkg = packages.find((candidate) => candidate.id === packageId);
  if (!pkg) throw new Error(`package ${packageId} is not in order ${order.number}`);
  const text = mailText(readerOf({ language: pkg.seller_language, time_zone: pkg.seller_time_zone }), labelMailTexts);
  // Sold while the store checks pieces at its hub: the parcel goes there first (issue 48), not to the buyer.
  const toHub = pkg.via_hub && hub !== null;
  return shippingLabel({
    orderNumber: order.number,
    packageId: pkg.id,
    shipBy: pkg.ship_by,
    sellerFirstName: pkg.seller_first_name,
    to: toHub ? hubAsAddress(hub) : order.delivery_address,
    pickupPoint: toHub ? null : pickupPoint,
    pieces: lines.filter((line) => line.package_id === pkg.id).map((line) => `${line.title} (${line.colour}, ${line.size})`),
    text,
  });
}
