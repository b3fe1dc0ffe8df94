import { addBusinessDays, easterSunday, isBusinessDay, lisbonDate, portugueseHolidays } from './business-days';

describe('Portuguese business days', () => {
  it('finds Easter Sunday for known years', () => {
    expect(easterSunday(2024).toISOString().slice(0, 10)).toBe('2024-03-31');
    expect(easterSunday(2025).toISOString().slice(0, 10)).toBe('2025-04-20');
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(easterSunday(2027).toISOString().slice(0, 10)).toBe('2027-03-28');
  });

  it('lists the fixed holidays and the Easter-based ones (Good Friday, Corpus Christi)', () => {
    const holidays = portugueseHolidays(2026);
    expect(holidays.has('2026-04-03')).toBe(true); // Good Friday
    expect(holidays.has('2026-06-04')).toBe(true); // Corpus Christi
    for (const day of ['01-01', '04-25', '05-01', '06-10', '08-15', '10-05', '11-01', '12-01', '12-08', '12-25']) {
      expect(holidays.has(`2026-${day}`)).toBe(true);
    }
    expect(holidays.has('2026-02-17')).toBe(false); // Carnival is optional
    expect(holidays.size).toBe(13);
  });

  it('skips weekends', () => {
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-22')).toBe(false); // Sunday
    // Monday 23 November 2026 + 5 business days = Monday 30 November.
    expect(addBusinessDays('2026-11-23', 5)).toBe('2026-11-30');
    // An order on a Saturday: counting starts on Monday.
    expect(addBusinessDays('2026-11-21', 5)).toBe('2026-11-27');
  });

  it('skips public holidays, fixed and moving', () => {
    // Thu 26 Nov 2026 → Fri 27, Mon 30, (Tue 1 Dec holiday), Wed 2, Thu 3, Fri 4.
    expect(addBusinessDays('2026-11-26', 5)).toBe('2026-12-04');
    // Wed 1 Apr 2026 → Thu 2, (Fri 3 Good Friday), Mon 6, Tue 7, Wed 8, Thu 9.
    expect(addBusinessDays('2026-04-01', 5)).toBe('2026-04-09');
    // Tue 2 Jun 2026 → Wed 3, (Thu 4 Corpus Christi), Fri 5, Mon 8, Tue 9, (Wed 10 June holiday), Thu 11.
    expect(addBusinessDays('2026-06-02', 5)).toBe('2026-06-11');
    // Across the year: Wed 23 Dec 2026 → Thu 24, (25), Mon 28, Tue 29, Wed 30, Thu 31.
    expect(addBusinessDays('2026-12-23', 5)).toBe('2026-12-31');
    expect(addBusinessDays('2026-12-28', 5)).toBe('2027-01-05');
  });

  it('takes the calendar date in Lisbon, not UTC', () => {
    // 23:30 UTC on 31 July is already 1 August in Lisbon (summer time, UTC+1).
    expect(lisbonDate(new Date('2026-07-31T23:30:00Z'))).toBe('2026-08-01');
    expect(lisbonDate(new Date('2026-01-31T23:30:00Z'))).toBe('2026-01-31');
  });
});
