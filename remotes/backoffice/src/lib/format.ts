import { dateTimeFormat, formatMoney, localeOf, numberFormat } from '@preloved/contract';

// How the console writes money, moments and shares, in the member's language. Moments are Lisbon
// time, as the store's mails and the figures' periods are.

export { formatMoney };

/** A moment as a day and time in Lisbon ('28 Nov 2026, 10:23'). */
export function formatMoment(value: string, language: string): string {
  return dateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Lisbon' }).format(new Date(value));
}

/** A calendar date ('2026-11-30') or a moment, as a day. */
export function formatDay(value: string, language: string): string {
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: bare ? 'UTC' : 'Europe/Lisbon' }).format(new Date(bare ? `${value}T00:00:00Z` : value));
}

/** A share (0.125) as a percentage ('12.5 %'). */
export function formatShare(value: number, language: string): string {
  return numberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/**
 * How long until `deadline` (or how long past it), in hours under two days and in days after, as the
 * member reads it ('in 5 hours', '3 hours ago'): the SLA of a claim at a glance.
 */
export function formatFromNow(deadline: string, language: string, now = Date.now()): string {
  const hours = (Date.parse(deadline) - now) / 3_600_000;
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'always' });
  return Math.abs(hours) < 48 ? format.format(Math.round(hours), 'hour') : format.format(Math.round(hours / 24), 'day');
}
