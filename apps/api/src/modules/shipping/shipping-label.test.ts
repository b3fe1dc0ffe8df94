import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { mailText } from '../../core/mail/mail-texts';
import { labelMailTexts } from './mail-texts';
import { shippingLabel } from './shipping-label';

const to = { name: '', first_name: 'Inês', last_name: 'Conceição', phone: '+351 912 345 678', address: 'Rua Augusta 10', address2: '2º esq.', zip_code: '1100-053', city: 'Lisboa', country: 'PT' };

describe('shipping label', () => {
  it('is a one-page A6 PDF naming the order, even with characters the standard fonts lack', async () => {
    const bytes = await shippingLabel({ orderNumber: 'PO-0000001', packageId: 7, shipBy: '2026-11-30', sellerFirstName: 'Ana', to: { ...to, last_name: 'Łukasz 東京' }, pickupPoint: null, pieces: ['Wool coat'] });
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Shipping label PO-0000001-7');
    const [page] = pdf.getPages();
    expect(Math.round(page!.getWidth())).toBe(298);
  });

  it('is written in the seller\'s language: a Portuguese seller\'s label says "Etiqueta de envio"', async () => {
    const text = mailText({ language: 'pt', timeZone: 'Europe/Lisbon' }, labelMailTexts);
    const bytes = await shippingLabel({ orderNumber: 'PO-0000003', packageId: 9, shipBy: '2026-11-30', sellerFirstName: 'Ana', to, pickupPoint: null, pieces: ['Casaco de lã'], text });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Etiqueta de envio PO-0000003-9');
  });

  it('draws every script an address may hold with an embedded Unicode font (U+0080–U+009F broke the WinAnsi font)', async () => {
    const names = ['Zoë \u0085Ørsted', 'Ελένη Παπαδοπούλου', 'Анна Иванова', 'Łódź ul. Piotrkowska 1', 'Tbilisi ქართული', 'שלום', 'Emoji 👜 and 東京'];
    for (const name of names) {
      const bytes = await shippingLabel({ orderNumber: 'PO-0000002', packageId: 8, shipBy: '2026-11-30', sellerFirstName: name, to: { ...to, first_name: name, address: name, city: name }, pickupPoint: null, pieces: [name] });
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBe(1);
      // The font is DejaVu Sans, embedded (a subset), not a standard font.
      const baseFonts = pdf.context
        .enumerateIndirectObjects()
        .map(([, object]) => (object instanceof PDFDict ? object.get(PDFName.of('BaseFont'))?.toString() : undefined))
        .filter(Boolean);
      expect(baseFonts).toContainEqual(expect.stringMatching(/^\/DejaVuSans-\d+$/));
      expect(baseFonts).not.toContainEqual(expect.stringMatching(/Helvetica/));
    }
  });
});
