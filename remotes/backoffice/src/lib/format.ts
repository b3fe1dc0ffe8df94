import { formatDay as dayIn, formatMoment as momentIn, formatMoney, localeOf, numberFormat } from '@preloved/contract';

// How the console writes money, moments and shares, in the member's language. Moments are Lisbon
// time, as the store's mails and the figures' periods are.

export { formatMoney };

/** A moment as a day and time in Lisbon ('28 Nov 2026, 10:23'): the console's tables are dense. */
export const formatMoment = (value: string, language: string): string => momentIn(value, language, 'medium');

/** A calendar date ('2026-11-30') or a moment, as a day ('30 Nov 2026'). */
export const formatDay = (value: string, language: string): string => dayIn(value, language, 'medium');

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
