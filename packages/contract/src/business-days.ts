// Business days in Portugal: weekends and the national public holidays are not counted (spec §9:
// the seller ships within 5 business days). Dates are calendar dates ('YYYY-MM-DD') in Lisbon time.
// The one Lisbon business calendar: the API's ship-by, delivery, release and payout dates, and any
// page that works one out. No zod here (the browser's first load).
import { dateTimeFormat } from './intl';

const DAY = 24 * 60 * 60 * 1000;

/** Easter Sunday of a year (the anonymous Gregorian algorithm), as a UTC date. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The national public holidays of Portugal in a year: the fixed ones and those that move with Easter
 * (Good Friday, Easter Sunday, Corpus Christi). Carnival and municipal holidays are optional for
 * employers, so they are business days here.
 */
export function portugueseHolidays(year: number): Set<string> {
  const fixed = ['01-01', '04-25', '05-01', '06-10', '08-15', '10-05', '11-01', '12-01', '12-08', '12-25'].map((day) => `${year}-${day}`);
  const easter = easterSunday(year).getTime();
  const moving = [-2, 0, 60].map((offset) => iso(new Date(easter + offset * DAY)));
  return new Set([...fixed, ...moving]);
}

const holidayCache = new Map<number, Set<string>>();
export function isBusinessDay(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = day.getUTCFullYear();
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = portugueseHolidays(year);
    holidayCache.set(year, holidays);
  }
  return !holidays.has(date);
}

/** The date `count` business days after `date` (the day itself does not count). */
export function addBusinessDays(date: string, count: number): string {
  let day = new Date(`${date}T00:00:00Z`);
  let left = count;
  while (left > 0) {
    day = new Date(day.getTime() + DAY);
    if (isBusinessDay(iso(day))) left -= 1;
  }
  return iso(day);
}

/** The calendar date of an instant in Lisbon, where the sellers ship from. */
export function lisbonDate(instant: Date): string {
  return dateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}
