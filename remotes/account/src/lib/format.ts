import { dateTimeFormat, localeOf } from '@preloved/contract';

/**
 * A calendar date ('2026-11-30') or a moment ('2026-11-23T10:00:00Z') as the user reads it. A bare
 * date is a day in Lisbon, not midnight UTC, so it is formatted in UTC to stay the same day everywhere.
 */
export function formatDate(value: string, language: string): string {
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(bare ? { timeZone: 'UTC' } : { timeZone: 'Europe/Lisbon' }),
  }).format(new Date(bare ? `${value}T00:00:00Z` : value));
}

/** An ISO country code ('PT') by its name in the user's language ('Portugal'); the code if unknown. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([localeOf(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A moment as a day and time in Lisbon ('30 November 2026 at 10:23'), as the API's mails write it. */
export function formatDateTime(value: string, language: string): string {
  return dateTimeFormat(localeOf(language), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Lisbon' }).format(new Date(value));
}
