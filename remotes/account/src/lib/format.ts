import { formatDay, formatMoment, localeOf } from '@preloved/contract';

/** A calendar date ('2026-11-30') or a moment, as a day the user reads ('30 November 2026'). */
export const formatDate = (value: string, language: string): string => formatDay(value, language);

/** An ISO country code ('PT') by its name in the user's language ('Portugal'); the code if unknown. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([localeOf(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A moment as a day and time in Lisbon ('30 November 2026 at 10:23'), as the API's mails write it. */
export const formatDateTime = (value: string, language: string): string => formatMoment(value, language);
