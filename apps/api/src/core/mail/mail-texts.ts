import { dateTimeFormat, formatMoney, isTimeZone, localeOf } from '@preloved/contract';
import { isContentLanguage, type ContentLanguage } from '../language';
import en, { type MailTexts, type MailTextTree, type Shape } from './mail-texts.en';
import es from './mail-texts.es';
import pt from './mail-texts.pt';

// Every mail is written in its reader's language: the account's, or a guest
// order's, stored with its time zone (migration 027). Dates are formatted with Intl in that language
// and time zone, never as a raw UTC string.

export const MAIL_TEXTS: Record<ContentLanguage, MailTexts> = { en, pt, es };

/** A module's own mail words, in the store's three languages (modules/<name>/mail-texts.ts). */
export interface ModuleMailTexts {
  en: MailTextTree;
  pt: MailTextTree;
  es: MailTextTree;
}

/**
 * A module's mail words: the Portuguese and the Spanish must have exactly the English keys (the
 * typecheck says which is missing).
 */
export const mailTexts = <T extends MailTextTree>(texts: { en: T; pt: Shape<T>; es: Shape<T> }): ModuleMailTexts => texts as ModuleMailTexts;

/** The store's home: the time zone of a reader who never told us theirs. */
export const DEFAULT_TIME_ZONE = 'Europe/Lisbon';

/** Who reads a mail: the language it is written in and the time zone its dates are shown in. */
export interface MailReader {
  language: ContentLanguage;
  timeZone: string;
}

export const DEFAULT_READER: MailReader = { language: 'en', timeZone: DEFAULT_TIME_ZONE };

/** A stored language as one we write mails in ('en' for anything else). */
export const mailLanguage = (value: string | null | undefined): ContentLanguage => (isContentLanguage(value) ? value : 'en');

/** A reader from stored columns; an unknown zone (a runtime without it) falls back to Lisbon. */
export const readerOf = (row: { language?: string | null; time_zone?: string | null }): MailReader => ({
  language: mailLanguage(row.language),
  timeZone: row.time_zone && isTimeZone(row.time_zone) ? row.time_zone : DEFAULT_TIME_ZONE,
});


function lookup(tree: MailTextTree, key: string): string | undefined {
  let node: string | MailTextTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A page of the store for a reader: a Portuguese or Spanish reader's link carries `lang=pt` or
 * `lang=es` (before any `#`), so the page opens in that language on any device, as the server and the
 * browser read the address.
 */
export function pageLink(base: string, path: string, language: ContentLanguage): string {
  const link = `${base.replace(/\/$/, '')}${path}`;
  const hashAt = link.indexOf('#');
  const [head, hash] = hashAt === -1 ? [link, ''] : [link.slice(0, hashAt), link.slice(hashAt)];
  if (language === 'en' || /[?&]lang=/.test(head)) return link;
  return `${head}${head.includes('?') ? '&' : '?'}lang=${language}${hash}`;
}

/**
 * The words and formats of one reader's mails: the module's own words (`own`) and those every mail
 * shares, in the reader's language, English where a word is missing.
 */
export function mailText(reader: MailReader, own?: ModuleMailTexts) {
  const texts = MAIL_TEXTS[reader.language] as MailTextTree;
  const trees = [own?.[reader.language], texts, own?.en, en as MailTextTree].filter((tree): tree is MailTextTree => tree !== undefined);
  const t = (key: string, values: Record<string, string | number> = {}): string => {
    let template: string | undefined;
    for (const tree of trees) template ??= lookup(tree, key);
    if (template === undefined) throw new Error(`no mail text ${key}`);
    return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
  return {
    t,
    language: reader.language,
    /** A page of the store (`/user/orders/5`) as a link in the reader's language. */
    page: (base: string, path: string) => pageLink(base, path, reader.language),
    /** Euros from cents: €12.30 in English, 12,30 € in Portuguese. */
    money: (cents: number) => formatMoney(cents / 100, reader.language),
    /** A moment, in the reader’s time zone: "27 November 2026 at 14:05" / "27 de novembro de 2026 às 14:05". */
    when: (moment: Date | string) =>
      dateTimeFormat(localeOf(reader.language), { dateStyle: 'long', timeStyle: 'short', timeZone: reader.timeZone }).format(new Date(moment)),
    /** The day of a moment in the reader's time zone: "27 November 2026". */
    day: (moment: Date | string) => dateTimeFormat(localeOf(reader.language), { dateStyle: 'long', timeZone: reader.timeZone }).format(new Date(moment)),
    /** A calendar date ('YYYY-MM-DD', the store's ship-by dates): "Wednesday, 2 December 2026". */
    date: (isoDate: string) => dateTimeFormat(localeOf(reader.language), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`)),
    /** A colour by its catalogue name ('Navy'); a name the catalogue lacks stays as it is. */
    colour: (name: string) => lookup(texts, `catalogue.colours.${name.toLowerCase()}`) ?? name,
    size: (size: string) => (size === 'One size' ? t('catalogue.oneSize') : size),
  };
}
export type MailText = ReturnType<typeof mailText>;
