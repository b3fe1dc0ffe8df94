// The store's dates and numbers in the reader's language, on its pages and in its mails. A formatter is made once per locale and
// options and kept: making one costs tens of microseconds, and a server-rendered product page made
// several per render (its seller's rating, its price-cut date).

const LOCALES: Record<string, string> = { pt: 'pt-PT', es: 'es-ES' };

/** The locale a page formats dates and numbers in, from the user's language: Portugal's, Spain's, else British English. */
export const localeOf = (language: string): string => LOCALES[language] ?? 'en-GB';

function kept<F, O>(make: (locale: string, options: O) => F) {
  const made = new Map<string, F>();
  return (locale: string, options: O): F => {
    const key = `${locale}\0${JSON.stringify(options)}`;
    let found = made.get(key);
    if (!found) {
      found = make(locale, options);
      made.set(key, found);
    }
    return found;
  };
}

/** `new Intl.NumberFormat(locale, options)`, made once for each locale and options. */
export const numberFormat = kept((locale: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));

/** `new Intl.DateTimeFormat(locale, options)`, made once for each locale and options. */
export const dateTimeFormat = kept((locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));

// The store's own moments are read in Lisbon, as its mails and figures are.
const LISBON = 'Europe/Lisbon';
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date ('2026-11-30') or a moment ('2026-11-23T10:00:00Z') as a day in the reader's
 * language: long '30 November 2026', medium '30 Nov 2026'. A bare date is a day in Lisbon, not
 * midnight UTC, so it is formatted in UTC to stay the same day everywhere.
 */
export function formatDay(value: string, language: string, style: 'long' | 'medium' = 'long'): string {
  const bare = BARE_DATE.test(value);
  return dateTimeFormat(localeOf(language), { dateStyle: style, timeZone: bare ? 'UTC' : LISBON }).format(new Date(bare ? `${value}T00:00:00Z` : value));
}

/** A moment as a day and time in Lisbon: long '30 November 2026 at 10:23', medium '30 Nov 2026, 10:23'. */
export function formatMoment(value: string, language: string, style: 'long' | 'medium' = 'long'): string {
  return dateTimeFormat(localeOf(language), { dateStyle: style, timeStyle: 'short', timeZone: LISBON }).format(new Date(value));
}
