import type { OfferRow } from '../../modules/offers/offers-repository';
import { offerMail } from '../../modules/offers/offers-service';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import en, { type MailTextTree } from './mail-texts.en';
import { MAIL_TEXTS, mailText, pageLink, readerOf, type ModuleMailTexts } from './mail-texts';

// No mail leaves in English to a Portuguese reader. A key added to the English
// catalogue without its Portuguese fails here, and so does a sentence that drops a placeholder.

const leaves = (tree: MailTextTree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('mail texts', () => {
  // The words every mail shares, and each module's own (modules/<name>/mail-texts.ts, found by folder).
  const modules = path.join(__dirname, '../../modules');
  const own = readdirSync(modules)
    .filter((name) => existsSync(path.join(modules, name, 'mail-texts.ts')))
    .flatMap((name) => Object.values(jest.requireActual<Record<string, ModuleMailTexts>>(path.join(modules, name, 'mail-texts'))));
  const english = [en as MailTextTree, ...own.map((texts) => texts.en)].flatMap((tree) => leaves(tree));
  const portuguese = new Map([MAIL_TEXTS.pt as MailTextTree, ...own.map((texts) => texts.pt)].flatMap((tree) => leaves(tree)));

  it("finds every module's mail words, and no key in two places", () => {
    expect(own.length).toBeGreaterThanOrEqual(8);
    expect(new Set(english.map(([key]) => key)).size).toBe(english.length);
  });

  it.each(english)('%s has a Portuguese sentence with the same placeholders', (key, text) => {
    const translated = portuguese.get(key);
    expect(translated?.trim()).toBeTruthy();
    expect(placeholders(translated!)).toEqual(placeholders(text));
  });

  it('has no Portuguese sentence the English catalogue lacks (a renamed key is renamed in both)', () => {
    const keys = new Set(english.map(([key]) => key));
    expect([...portuguese.keys()].filter((key) => !keys.has(key))).toEqual([]);
  });

  // Spanish (issue 48): every module's mails, in the same keys and placeholders as the English.
  const ownOf = (name: string) => Object.values(jest.requireActual<Record<string, ModuleMailTexts>>(path.join(modules, name, 'mail-texts')));
  const folders = readdirSync(modules).filter((name) => existsSync(path.join(modules, name, 'mail-texts.ts')));
  const spanish = new Map([MAIL_TEXTS.es as MailTextTree, ...own.map((texts) => texts.es)].flatMap((tree) => leaves(tree)));

  it('has Spanish for every module (a catalogue read as plain data, past the typecheck, would lack it)', () => {
    expect(folders.filter((name) => ownOf(name).some((texts) => !texts.es))).toEqual([]);
  });

  it.each(english)('%s has a Spanish sentence with the same placeholders', (key, text) => {
    const translated = spanish.get(key);
    expect(translated?.trim()).toBeTruthy();
    expect(placeholders(translated!)).toEqual(placeholders(text));
  });

  it('has no Spanish sentence the English catalogue lacks', () => {
    const keys = new Set(english.map(([key]) => key));
    expect([...spanish.keys()].filter((key) => !keys.has(key))).toEqual([]);
  });

  it('links a Portuguese reader to the store’s pages in Portuguese (lang=pt before any #), an English one as they are', () => {
    expect(pageLink('http://shop.test/', '/user/offers', 'pt')).toBe('http://shop.test/user/offers?lang=pt');
    expect(pageLink('http://shop.test', '/user/orders?claim=abc', 'pt')).toBe('http://shop.test/user/orders?claim=abc&lang=pt');
    expect(pageLink('http://shop.test', '/faqs#sizes', 'pt')).toBe('http://shop.test/faqs?lang=pt#sizes');
    expect(pageLink('http://shop.test', '/search?q=dress&lang=pt', 'pt')).toBe('http://shop.test/search?q=dress&lang=pt');
    expect(pageLink('http://shop.test/', '/user/offers', 'en')).toBe('http://shop.test/user/offers');
  });

  it('formats money and dates in the reader’s language and time zone', () => {
    const moment = new Date('2026-11-27T01:30:00Z');
    const lisbon = mailText({ language: 'pt', timeZone: 'Europe/Lisbon' });
    const saoPaulo = mailText({ language: 'pt', timeZone: 'America/Sao_Paulo' });
    expect(lisbon.money(1230).replace(/\s/g, ' ')).toBe('12,30 €');
    expect(mailText({ language: 'en', timeZone: 'Europe/Lisbon' }).money(1230)).toBe('€12.30');
    expect(lisbon.when(moment)).toBe('27 de novembro de 2026 às 01:30');
    // 01:30 in Lisbon is the evening before in São Paulo.
    expect(saoPaulo.when(moment)).toBe('26 de novembro de 2026 às 22:30');
    expect(mailText({ language: 'en', timeZone: 'Europe/Lisbon' }).date('2026-12-02')).toMatch(/^Wednesday,? 2 December 2026$/);
    expect(lisbon.date('2026-12-02')).toBe('quarta-feira, 2 de dezembro de 2026');
    expect(lisbon.colour('Navy')).toBe('Azul-marinho');
    expect(lisbon.size('One size')).toBe('Tamanho único');
  });

  it('reads a stored reader, falling back to English and Lisbon for what it does not know', () => {
    expect(readerOf({ language: 'pt', time_zone: 'Europe/Madrid' })).toEqual({ language: 'pt', timeZone: 'Europe/Madrid' });
    expect(readerOf({ language: 'fr', time_zone: 'Mars/Olympus' })).toEqual({ language: 'en', timeZone: 'Europe/Lisbon' });
  });
});

describe('offer mails', () => {
  const row = {
    id: 7,
    title: 'Linen blazer',
    colour: 'Navy',
    size: 'M',
    price_cents: 4200,
    listing_price_cents: 5000,
    seller_name: 'Sofia',
    seller_email: 'sofia@example.com',
    seller_language: 'pt',
    seller_time_zone: 'Europe/Lisbon',
    buyer_name: 'Anna',
    buyer_email: 'anna@example.com',
    buyer_language: 'en',
    buyer_time_zone: 'Europe/Berlin',
    answer_by: '2026-11-28T13:05:00.000Z',
    accepted_at: '2026-11-27T09:00:00.000Z',
    buy_by: '2026-11-29T09:00:00.000Z',
  } as unknown as OfferRow;

  it('tells a Portuguese seller of a new offer in Portuguese, with the deadline in Lisbon time', () => {
    const mail = offerMail('new', row, 'http://shop.test', 24);
    expect(mail.to).toBe('sofia@example.com');
    expect(mail.subject.replace(/\s/g, ' ')).toBe('Nova oferta de 42,00 € por Linen blazer');
    expect(mail.text).toContain('Olá Sofia,');
    expect(mail.text).toContain('(Azul-marinho, M)');
    expect(mail.text).toContain('Aceite-a ou recuse-a até 28 de novembro de 2026 às 13:05');
    expect(mail.text).not.toMatch(/GMT|UTC/);
  });

  it('tells an English buyer in English, with the buy-by time in their own time zone (Berlin)', () => {
    const mail = offerMail('accepted', row, 'http://shop.test', 48);
    expect(mail.to).toBe('anna@example.com');
    expect(mail.subject).toBe('Your offer for Linen blazer was accepted');
    expect(mail.text).toContain('Buy it at this price within 48 hours, by 29 November 2026 at 10:00');
    expect(mail.text).not.toMatch(/GMT|UTC/);
  });

  it('an offer accepted above the piece’s new price (smart pricing’s cut) names the lower price the buyer pays', () => {
    const mail = offerMail('accepted', { ...row, price_cents: 9500, listing_price_cents: 9000 }, 'http://shop.test', 48);
    expect(mail.text).toContain('accepted your offer of €95.00');
    expect(mail.text).toContain('The piece’s price is now €90.00, below your offer: you pay €90.00.');
    expect(mail.text).toContain('Buy it at €90.00 within 48 hours');
    expect(mail.text).not.toContain('at this price');
  });

  it('explains an expiry in the reader’s language', () => {
    expect(offerMail('expired-seller', row, 'http://shop.test', 24).text).toContain('O comprador não comprou a tempo.');
    expect(offerMail('expired-buyer', row, 'http://shop.test', 24).text).toContain('The buyer did not purchase in time.');
  });
});
