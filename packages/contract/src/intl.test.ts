import { dateTimeFormat, formatDay, formatMoment, localeOf, numberFormat } from './intl';

describe('the store’s formatters', () => {
  it('are made once for each locale and options, and again for other ones', () => {
    const rating = numberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    expect(numberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe(rating);
    expect(numberFormat('pt-PT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })).not.toBe(rating);
    expect(numberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).not.toBe(rating);
    const day = dateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'Europe/Lisbon' });
    expect(dateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'Europe/Lisbon' })).toBe(day);
    expect(dateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' })).not.toBe(day);
  });

  it('format in the reader’s language: a comma for Portuguese decimals, the day in Lisbon', () => {
    expect(numberFormat(localeOf('en'), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4.66)).toBe('4.7');
    expect(numberFormat(localeOf('pt'), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4.66)).toBe('4,7');
    // 23:30 UTC on 30 June is 00:30 on 1 July in Lisbon (summer time).
    expect(dateTimeFormat(localeOf('en'), { day: 'numeric', month: 'long', timeZone: 'Europe/Lisbon' }).format(new Date('2026-06-30T23:30:00Z'))).toBe('1 July');
    expect(dateTimeFormat(localeOf('pt'), { day: 'numeric', month: 'long', timeZone: 'Europe/Lisbon' }).format(new Date('2026-06-30T23:30:00Z'))).toBe('1 de julho');
  });

  it('write a calendar date as that day everywhere and a moment as Lisbon reads it, long or medium', () => {
    // A ship-by date is a day: never the day before, whatever the machine's time zone.
    expect(formatDay('2026-11-30', 'en')).toBe('30 November 2026');
    expect(formatDay('2026-11-30', 'pt')).toBe('30 de novembro de 2026');
    expect(formatDay('2026-06-30T23:30:00Z', 'en', 'medium')).toBe('1 Jul 2026');
    expect(formatMoment('2026-06-30T23:30:00Z', 'en')).toBe('1 July 2026 at 00:30');
    expect(formatMoment('2026-11-28T10:23:00Z', 'pt', 'medium')).toBe('28/11/2026, 10:23');
  });
});
