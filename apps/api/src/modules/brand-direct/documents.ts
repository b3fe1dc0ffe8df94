import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { BRAND_GUARANTEE_YEARS, type OrderAddress, type TraderDetails } from '@preloved/contract';
import type { MailText } from '../../core/mail/mail-texts';
import { shippingLabel } from '../shipping/shipping-label';

// The papers of a Brand Direct sale (issue 48): the buyer's prepaid return label (the seller label's
// drawing, with the return's words) and the brand's invoice of its pieces, in the buyer's language.

/** The prepaid return label, A6: from the buyer to the brand's hub, to be sent by `sendBy`. */
export function returnLabel(input: { orderNumber: string; returnId: number; sendBy: string; buyerName: string; to: OrderAddress; pieces: string[]; text: MailText }): Promise<Uint8Array> {
  const t = (key: string, values?: Record<string, string | number>) => input.text.t(key.replace(/^label\./, 'returnLabel.'), values);
  return shippingLabel({
    orderNumber: input.orderNumber,
    packageId: input.returnId,
    shipBy: input.text.date(input.sendBy),
    sellerFirstName: input.buyerName,
    to: input.to,
    pickupPoint: null,
    pieces: input.pieces,
    text: { t },
  });
}

/** One piece on the brand's invoice: its price and, sold under the margin scheme, no VAT shown. */
export interface InvoicePiece {
  title: string;
  size: string;
  saleCents: number;
  scheme: 'margin' | 'standard';
  vatCents: number;
  vatRate: number;
}

const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontFiles = () => (fonts ??= { regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')) });
const printable = (text: string) => text.replace(/\p{Cc}/gu, ' ');

/**
 * The brand's invoice of its pieces in an order, A4. A piece the brand bought from a consumer is sold
 * under the margin scheme (VAT Directive Art. 313, 325): the invoice carries the scheme's mention and no
 * VAT line (the VAT in the margin is the brand's to declare, never shown to the buyer). Any other
 * piece shows the VAT its price includes.
 */
export async function brandInvoice(input: {
  number: string;
  orderNumber: string;
  date: string;
  seller: TraderDetails;
  buyer: OrderAddress;
  pieces: InvoicePiece[];
  text: MailText;
}): Promise<Uint8Array> {
  const { t, money } = input.text;
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('invoice.title', { number: input.number }));
  pdf.setProducer('Preloved');
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(fontFiles().regular, { subset: true });
  const bold = await pdf.embedFont(fontFiles().bold, { subset: true });
  const page = pdf.addPage([595, 842]);
  let y = 800;
  const line = (text: string, size = 10, font = regular, x = 40) => {
    page.drawText(printable(text), { x, y, size, font, color: rgb(0, 0, 0), maxWidth: 515 });
    y -= size + 7;
  };
  line(t('invoice.heading'), 18, bold);
  line(t('invoice.number', { number: input.number, order: input.orderNumber, date: input.date }), 10);
  y -= 10;
  const seller = input.seller;
  line(t('invoice.seller'), 9, bold);
  line(seller.name, 11, bold);
  line([seller.address, seller.address2, `${seller.zip_code} ${seller.city}`, seller.country].filter(Boolean).join(', '));
  line(t('invoice.registration', { registration: seller.registration_number, vat: seller.vat_number }));
  y -= 8;
  const buyer = input.buyer;
  line(t('invoice.buyer'), 9, bold);
  line(`${buyer.first_name} ${buyer.last_name}`.trim(), 11, bold);
  line([buyer.address, buyer.address2, `${buyer.zip_code} ${buyer.city}`, buyer.country].filter(Boolean).join(', '));
  y -= 12;
  let total = 0;
  for (const piece of input.pieces) {
    total += piece.saleCents;
    line(`${t('invoice.piece', { title: piece.title, size: piece.size })}   ${money(piece.saleCents)}`, 11);
    line(piece.scheme === 'margin' ? t('invoice.marginScheme') : t('invoice.vatIncluded', { rate: piece.vatRate, amount: money(piece.vatCents) }), 9, piece.scheme === 'margin' ? bold : regular, 56);
  }
  y -= 6;
  line(t('invoice.total', { amount: money(total) }), 12, bold);
  y -= 10;
  line(t('invoice.fees'), 9);
  line(t('invoice.rights', { years: BRAND_GUARANTEE_YEARS }), 9);
  return pdf.save();
}
