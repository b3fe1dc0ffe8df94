// Money rules both the API and the storefront apply (no zod here, so the browser bundle stays small).
import { localeOf, numberFormat } from './intl';

/** The part of a bag line that decides what it costs. */
export interface PricedLine {
  price: number;
  valid_listing: boolean;
  valid_offer: boolean;
}

/** A line that can still be bought: its listing is for sale and its offer, if any, still holds. */
export function isBuyableLine(line: Pick<PricedLine, 'valid_listing' | 'valid_offer'>): boolean {
  return line.valid_listing && line.valid_offer;
}

/**
 * The bag total and checkout subtotal: the lines that can be bought (an unavailable listing or offer
 * is not charged), summed in cents so 0.10 + 0.20 is 0.30, in euros with 2 decimals.
 */
export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.filter(isBuyableLine).reduce((cents, line) => cents + Math.round(line.price * 100), 0) / 100;
}

export interface MoneyFormat {
  /** The wire's `currency_symb_code`; the store sells in euros. */
  currency?: string;
  /**
   * An amount taken off ("−€10.00"): a true minus sign held to the amount by a word joiner, since on
   * a phone a plain sign wrapped alone to the end of a line.
   */
  minus?: boolean;
}

/**
 * The one way the store writes an amount of money (euros with 2 decimals on the wire, DESIGN §5) for a
 * reader: "€12.30" in English, "12,30 €" in Portuguese; the pages, the mails and the refusals' params.
 */
export function formatMoney(amount: number, language: string, { currency = 'EUR', minus = false }: MoneyFormat = {}): string {
  const text = numberFormat(localeOf(language), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    minus ? Math.abs(amount) : amount,
  );
  return minus ? `\u2212\u2060${text}` : text;
}

/** One amount when the cheapest and dearest agree (to the cent), otherwise "min – max". */
export function formatMoneyRange(min: number, max: number, language: string, format?: MoneyFormat): string {
  if (Math.abs(max - min) < 0.005) return formatMoney(min, language, format);
  return `${formatMoney(min, language, format)} – ${formatMoney(max, language, format)}`;
}
