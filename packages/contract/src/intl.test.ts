import { dateTimeFormat, localeOf, numberFormat } from './intl';

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
});
